import type { ReactNode } from 'react';

/** One of the Senders page's cards: its title, what it is for, then its form and list. */
export function SenderCard({ id, title, text, children }: { id: string; title: string; text: string; children: ReactNode }) {
  return (
    <section className="dash-card sender-card" aria-labelledby={id}>
      <header className="sender-card__head">
        <h2 id={id} className="sender-card__title">
          {title}
        </h2>
        <p className="sender-card__text">{text}</p>
      </header>
      {children}
    </section>
  );
}
