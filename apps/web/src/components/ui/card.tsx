import type { HTMLAttributes, ReactNode } from 'react';
import './card.css';

interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The element: a section of a page by default, an article for one item of a list. */
  as?: 'section' | 'article' | 'div';
  /** The card's heading (an h2 unless titleLevel says otherwise). */
  title?: ReactNode;
  /** The heading's id; the card is labelled by it. */
  titleId?: string;
  titleLevel?: 2 | 3;
  /** A sentence under the title. */
  text?: ReactNode;
  /** Buttons or links at the right of the title. */
  actions?: ReactNode;
  /** No padding: a table or list inside runs to the card's edges. */
  flush?: boolean;
}

/** A white card on the dashboard's canvas, with an optional title, text and actions at its head. */
export function Card({ as: Element = 'section', title, titleId, titleLevel = 2, text, actions, flush, className, children, ...rest }: CardProps) {
  const Heading = titleLevel === 3 ? 'h3' : 'h2';
  const labelled = titleId && !rest['aria-label'] && !rest['aria-labelledby'] ? { 'aria-labelledby': titleId } : {};
  return (
    <Element className={['dash-card', flush && 'dash-card--flush', className].filter(Boolean).join(' ')} {...labelled} {...rest}>
      {(title || actions) && (
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
      )}
      {children}
    </Element>
  );
}
