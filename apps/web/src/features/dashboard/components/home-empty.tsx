import type { ReactNode } from 'react';

/** An empty card's inside: what is missing, and the links that lead on. */
export function HomeEmpty({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="home-empty">
      <p className="home-empty__title">{title}</p>
      <p className="home-empty__text">{text}</p>
      <div className="home-empty__actions">{children}</div>
    </div>
  );
}
