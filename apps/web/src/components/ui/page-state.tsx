import type { ReactNode } from 'react';
import { Button } from './button';
import './page-state.css';

// The dashboard pages' empty, loading and failed states, one look everywhere (audience,
// campaigns, reports): an icon, what is going on, and what to do next.

type StateIcon = 'people' | 'search' | 'lists' | 'send' | 'warning';

const ICONS: Record<StateIcon, string> = {
  people: 'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
  search: 'M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.3-4.3',
  lists: 'M8 6h13M8 12h13M8 18h13M3.5 6h.01M3.5 12h.01M3.5 18h.01',
  send: 'M22 2 11 13M22 2l-7 20-4-9-9-4z',
  warning: 'M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z',
};

interface PageStateProps {
  icon: StateIcon;
  title: string;
  text: ReactNode;
  /** A button or link that leads on. */
  action?: ReactNode;
  /** 'alert' for a failure, so it is announced. */
  role?: 'alert' | 'status';
}

/** An empty or failed page or table. */
export function PageState({ icon, title, text, action, role }: PageStateProps) {
  return (
    <div className="page-state" role={role}>
      <span className="page-state__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d={ICONS[icon]} />
        </svg>
      </span>
      <h2 className="page-state__title">{title}</h2>
      <p className="page-state__text">{text}</p>
      {action}
    </div>
  );
}

/** A quiet line where a card's list would be: nothing yet, or still loading. Framed, it marks the empty place. */
export function EmptyNote({ children, framed }: { children: ReactNode; framed?: boolean }) {
  return <p className={`empty-note${framed ? ' empty-note--framed' : ''}`}>{children}</p>;
}

/** A wait with a spinner and its words for screen readers. */
export function PageLoading({ text }: { text: string }) {
  return (
    <p className="page-loading" role="status">
      {text}
    </p>
  );
}

/** A page's data could not be read: what failed, why, and a way to try again. */
export function PageLoadFailed({ title, message, onRetry }: { title: string; message: string; onRetry(): void }) {
  return (
    <PageState
      icon="warning"
      role="alert"
      title={title}
      text={message}
      action={
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

/** A list page's card while its data loads, or once loading failed (with a way to try again). */
export function CardLoadState({ error, failedTitle, loadingText, onRetry }: { error: string | null; failedTitle: string; loadingText: string; onRetry(): void }) {
  return <div className="dash-card">{error ? <PageLoadFailed title={failedTitle} message={error} onRetry={onRetry} /> : <PageLoading text={loadingText} />}</div>;
}
