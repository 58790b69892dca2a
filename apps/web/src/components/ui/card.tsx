import type { HTMLAttributes, ReactNode } from 'react';
import './card.css';

interface CardHeadProps {
  /** The card's heading (an h2 unless titleLevel says otherwise). */
  title?: ReactNode;
  /** The heading's id, to label the card with. */
  titleId?: string;
  titleLevel?: 2 | 3;
  /** A sentence under the title. */
  text?: ReactNode;
  /** Buttons or links at the right of the title (under it on a phone). */
  actions?: ReactNode;
}

interface CardProps extends CardHeadProps, Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The element: a section of a page by default, an article for one item of a list. */
  as?: 'section' | 'article' | 'div';
  /** No padding: a table or list inside runs to the card's edges. */
  flush?: boolean;
  /** Its parts in a column with even gaps (forms, lists of items). */
  stack?: boolean;
}

/** Class names of a card, for an element Card cannot be (a form). */
export function cardClass({ flush, stack }: { flush?: boolean; stack?: boolean }, className?: string): string {
  return ['dash-card', flush && 'dash-card--flush', stack && 'dash-card--stack', className].filter(Boolean).join(' ');
}

/** A white card on the dashboard's canvas, with an optional title, text and actions at its head. */
export function Card({ as: Element = 'section', title, titleId, titleLevel, text, actions, flush, stack, className, children, ...rest }: CardProps) {
  const labelled = titleId && !rest['aria-label'] && !rest['aria-labelledby'] ? { 'aria-labelledby': titleId } : {};
  return (
    <Element className={cardClass({ flush, stack }, className)} {...labelled} {...rest}>
      <CardHead title={title} titleId={titleId} titleLevel={titleLevel} text={text} actions={actions} />
      {children}
    </Element>
  );
}

/** A card's title and text, with its actions at the right; nothing when it has none of them. */
export function CardHead({ title, titleId, titleLevel = 2, text, actions }: CardHeadProps) {
  if (!title && !text && !actions) return null;
  const Heading = titleLevel === 3 ? 'h3' : 'h2';
  return (
    <div className="dash-card__head">
      <div className="dash-card__heading">
        {title && (
          <Heading id={titleId} className="dash-card__title">
            {title}
          </Heading>
        )}
        {text && <p className="dash-card__text">{text}</p>}
      </div>
      {actions && <div className="dash-card__actions">{actions}</div>}
    </div>
  );
}
