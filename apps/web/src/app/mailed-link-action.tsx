import { type ReactNode, useState } from 'react';
import { AuthShell } from '../components/layout/auth-shell';
import { Button } from '../components/ui/button';
import type { TokenLink } from './use-token-link';

export type MailedLinkOutcome = { ok: boolean; message: string };

interface MailedLinkActionProps {
  /** The link's token and address (useTokenLink); null or incomplete shows `incomplete`. */
  link: TokenLink | null;
  headline: string;
  pitch: string;
  title: string;
  /** Names the address the link carries, as in "New address". */
  addressLabel: string;
  incomplete: string;
  prompt: string;
  actionLabel: string;
  busyLabel: string;
  /** Does what the link is for; resolves with the message to show. */
  act(link: TokenLink): Promise<MailedLinkOutcome>;
  /** What leads on from the page once it has acted (or cannot). */
  next: ReactNode;
}

type State = { kind: 'ready' } | { kind: 'busy' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/**
 * A page opened from a link in an email that changes something (a new address, a cancelled
 * change). It acts when the person presses its button, never on load: mail scanners open links,
 * some run their scripts, and neither may act for the person.
 */
export function MailedLinkAction({ link, headline, pitch, title, addressLabel, incomplete, prompt, actionLabel, busyLabel, act, next }: MailedLinkActionProps) {
  const complete = link && link.token && link.email ? link : null;
  const [state, setState] = useState<State>(complete ? { kind: 'ready' } : { kind: 'failed', message: incomplete });

  async function onPress() {
    if (!complete) return;
    setState({ kind: 'busy' });
    const outcome = await act(complete);
    setState({ kind: outcome.ok ? 'done' : 'failed', message: outcome.message });
  }

  return (
    <AuthShell
      headline={headline}
      pitch={pitch}
      title={title}
      intro={
        link?.email ? (
          <p>
            {addressLabel}: <strong>{link.email}</strong>
          </p>
        ) : null
      }
    >
      {/* Keeps the token out of the Referer of anything this page loads or links to. */}
      {link && <meta name="referrer" content="no-referrer" />}
      <div className="auth-form">
        {(state.kind === 'ready' || state.kind === 'busy') && (
          <>
            <p>{prompt}</p>
            <Button block onClick={() => void onPress()} disabled={state.kind === 'busy'} aria-busy={state.kind === 'busy'}>
              {state.kind === 'busy' ? busyLabel : actionLabel}
            </Button>
          </>
        )}
        {state.kind === 'done' && (
          <p className="notice notice--success" role="status">
            {state.message}
          </p>
        )}
        {state.kind === 'failed' && (
          <p className="notice notice--error" role="alert">
            {state.message}
          </p>
        )}
      </div>
      {(state.kind === 'done' || state.kind === 'failed') && <p className="auth-switch">{next}</p>}
    </AuthShell>
  );
}
