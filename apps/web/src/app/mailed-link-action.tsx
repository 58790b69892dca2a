import type { ReactNode } from 'react';
import { AuthShell } from '../components/layout/auth-shell';
import { type PressOutcome, PressToAct, usePressToAct } from '../components/ui/press-to-act';
import type { TokenLink } from './use-token-link';

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
  act(link: TokenLink): Promise<PressOutcome>;
  /** What leads on from the page once it has acted (or cannot). */
  next: ReactNode;
}

/**
 * A page opened from a link in an email that changes something (a new address, a cancelled
 * change): the account screens' frame around a press-to-act button.
 */
export function MailedLinkAction({ link, headline, pitch, title, addressLabel, incomplete, prompt, actionLabel, busyLabel, act, next }: MailedLinkActionProps) {
  const complete = link && link.token && link.email ? link : null;
  const { state, press } = usePressToAct(complete !== null, incomplete);

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
        <PressToAct state={state} prompt={prompt} actionLabel={actionLabel} busyLabel={busyLabel} onPress={() => complete && void press(() => act(complete))} />
      </div>
      {(state.kind === 'done' || state.kind === 'failed') && <p className="auth-switch">{next}</p>}
    </AuthShell>
  );
}
