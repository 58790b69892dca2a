import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { apiHref, isApiLink } from '../../../lib/api-links';
import { type NotificationEntry, type NotificationIcon, NOTIFICATION_TEXTS } from '../notifications-content';
import './notification-panel.css';

interface NotificationPanelProps {
  entries: readonly NotificationEntry[];
  /** The entry being dismissed, or 'all'; its buttons wait for the answer. */
  pending: string | null;
  onBack(): void;
  onDismiss(id: string): void;
  onDismissAll(): void;
}

const ICON_PATHS: Record<NotificationIcon, string> = {
  download: 'M12 3v12M7 10l5 5 5-5M5 21h14',
  lock: 'M6 11h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1zM8 11V7a4 4 0 0 1 8 0v4',
  mail: 'M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM3 7l9 6 9-6',
  bell: 'M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0',
};

const whenFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : whenFormat.format(date);
}

/** SPEC section 2's notification panel: entries, Dismiss and Dismiss all, and a back button that closes it. */
export function NotificationPanel({ entries, pending, onBack, onDismiss, onDismissAll }: NotificationPanelProps) {
  const backRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => backRef.current?.focus(), []);
  // Dismissing disables, then removes, the focused button: focus stays in the panel, on Back.
  useEffect(() => {
    if (!panelRef.current?.contains(document.activeElement)) backRef.current?.focus();
  }, [entries.length, pending]);

  return (
    <section ref={panelRef} className="notification-panel" aria-labelledby="notification-panel-title">
      <header className="notification-panel__head">
        <button ref={backRef} type="button" className="notification-panel__back" aria-label="Back" onClick={onBack}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M15 18l-6-6 6-6" />
          </svg>
        </button>
        <h2 id="notification-panel-title" className="notification-panel__title">
          Notifications
        </h2>
        {entries.length > 0 && (
          <button type="button" className="notification-panel__all" disabled={pending !== null} onClick={onDismissAll}>
            Dismiss all
          </button>
        )}
      </header>
      {entries.length === 0 ? (
        <p className="notification-panel__empty">{NOTIFICATION_TEXTS.empty}</p>
      ) : (
        <ul className="notification-panel__list">
          {entries.map((entry) => (
            <li key={entry.id} className={`notification${entry.read ? '' : ' notification--unread'}`}>
              <span className="notification__icon" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                  <path d={ICON_PATHS[entry.icon]} />
                </svg>
              </span>
              <div className="notification__content">
                <h3 className="notification__title">
                  {entry.title}
                  {!entry.read && <span className="visually-hidden"> (unread)</span>}
                </h3>
                <p className="notification__body">{entry.body}</p>
                <div className="notification__meta">
                  <time dateTime={entry.createdAt}>{formatWhen(entry.createdAt)}</time>
                  {entry.link && <EntryLink href={entry.link} label={entry.linkLabel} title={entry.title} />}
                </div>
              </div>
              <button
                type="button"
                className="notification__dismiss"
                disabled={pending !== null}
                aria-label={`Dismiss: ${entry.title}`}
                onClick={() => onDismiss(entry.id)}
              >
                Dismiss
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Pages of this app open in place; API downloads and other sites are ordinary links. */
function EntryLink({ href, label, title }: { href: string; label: string; title: string }) {
  const inApp = href.startsWith('/') && !href.startsWith('//') && !isApiLink(href);
  const name = `${label}: ${title}`;
  return inApp ? (
    <Link className="notification__link" to={href} aria-label={name}>
      {label}
    </Link>
  ) : (
    <a className="notification__link" href={apiHref(href)} aria-label={name} rel="noreferrer">
      {label}
    </a>
  );
}
