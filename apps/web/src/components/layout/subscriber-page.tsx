import type { ReactNode } from 'react';
import { Logo } from '../ui/logo';
import '../ui/notice.css';
import './subscriber-page.css';

/**
 * The frame of the pages a customer's subscribers see (a sign-up form, a confirmation, the
 * preference centre): our mark above one card, nothing of the marketing site around it.
 */
export function SubscriberPage({ children, note, privateLink = false }: { children: ReactNode; note?: string; privateLink?: boolean }) {
  return (
    <main id="main" className="subscriber-page">
      {/* A token in this page's address must not travel on as a referrer. */}
      {privateLink && <meta name="referrer" content="no-referrer" />}
      <div className="subscriber-page__brand">
        <Logo />
      </div>
      {children}
      {note && <p className="subscriber-page__note">{note}</p>}
    </main>
  );
}
