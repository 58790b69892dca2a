import type { ReactNode } from 'react';

interface SenderRowProps {
  /** `li` for a row of its own in a list; `div` inside a list item that holds more (a domain's DNS record). */
  as: 'li' | 'div';
  name: string;
  meta?: ReactNode;
  badge: ReactNode;
  /** The row's buttons; none leaves the column empty so the rows stay aligned. */
  children?: ReactNode;
}

/** One address or domain: its name and what to know of it, its state, and what can be done. */
export function SenderRow({ as: Element, name, meta, badge, children }: SenderRowProps) {
  return (
    <Element className="sender-row">
      <div className="sender-row__main">
        <span className="sender-row__name">{name}</span>
        {meta && <span className="sender-row__meta">{meta}</span>}
      </div>
      <div className="sender-row__state">{badge}</div>
      <div className="sender-row__actions">{children}</div>
    </Element>
  );
}
