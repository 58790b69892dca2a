import type { ReactNode } from 'react';

/** An A/B card's head: its title (named by `id`, which the card is labelled by), a line under it, and what sits at the right. */
export function AbPanelHead({ id, title, text, level = 2, children }: { id: string; title: string; text?: ReactNode; level?: 2 | 3; children?: ReactNode }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <header className="ab-panel__head">
      <div>
        <Heading id={id} className="ab-panel__title">
          {title}
        </Heading>
        {text && <p className="ab-panel__text">{text}</p>}
      </div>
      {children}
    </header>
  );
}
