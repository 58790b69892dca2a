import type { ApiKey } from '@postlark/shared/api-keys';
import { Button } from '../../../components/ui/button';
import { RetryNotice } from './retry-notice';
import { EmptyNote } from '../../../components/ui/page-state';

export type LoadedKeys = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; keys: ApiKey[] };

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function day(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dayFormat.format(date);
}

/** The customer's live keys: each by its name and first characters, since the key itself is never shown again. */
export function ApiKeyList({ loaded, onRetry, onRevoke }: { loaded: LoadedKeys; onRetry(): void; onRevoke(key: ApiKey): void }) {
  return (
    <div className="api-keys__list-wrap" aria-busy={loaded.state === 'loading'}>
      <h3 className="api-keys__list-title">Your keys</h3>
      {loaded.state === 'loading' && <EmptyNote>Loading your keys...</EmptyNote>}
      {loaded.state === 'failed' && <RetryNotice message={loaded.message} onRetry={onRetry} />}
      {loaded.state === 'ready' && loaded.keys.length === 0 && <EmptyNote>No keys yet. Create one for each app you connect.</EmptyNote>}
      {loaded.state === 'ready' && loaded.keys.length > 0 && (
        <ul className="api-keys__list" aria-label="API keys">
          {loaded.keys.map((key) => (
            <li key={key.id} className="api-keys__item" aria-label={key.name}>
              <span className="api-keys__icon" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                  <circle cx="8" cy="15" r="4" />
                  <path d="m10.8 12.2 8.7-8.7M17 6l2.5 2.5M14.5 8.5 16 10" />
                </svg>
              </span>
              <div className="api-keys__what">
                <p className="api-keys__name">{key.name}</p>
                <p className="api-keys__meta">
                  <code className="api-keys__prefix">{key.prefix}…</code>
                  <span>
                    Created <time dateTime={key.created_at}>{day(key.created_at)}</time>
                  </span>
                  <span>{key.last_used_at ? <>Last used <time dateTime={key.last_used_at}>{day(key.last_used_at)}</time></> : 'Never used'}</span>
                </p>
              </div>
              <Button variant="secondary" className="api-keys__revoke" aria-label={`Revoke ${key.name}`} onClick={() => onRevoke(key)}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
