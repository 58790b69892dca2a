import { useState } from 'react';
import { Link } from 'react-router';
import { PROFILE_MESSAGES } from '@postlark/shared/profile';
import { ROUTES } from '@postlark/shared/routes';
import { AuthShell } from '../../components/layout/auth-shell';
import { Button } from '../../components/ui/button';
import { postEmailChangeCancel } from '../../features/profile/profile-api';
import { settle } from '../../lib/api-client';
import { useTokenLink } from '../use-token-link';

const INCOMPLETE_LINK = 'This page opens from the link in the email that tells you a new address was requested for your account.';
const CANCEL_FAILED = 'Could not cancel the change. Please try again.';
const CANCEL_PROMPT = 'If you did not ask for a new email address, cancel the change: every device signed in to your account will be signed out.';
const CANCEL_BUTTON = 'Cancel the change';

type Outcome = { state: 'ready' } | { state: 'cancelling' } | { state: 'done'; message: string } | { state: 'failed'; message: string };

/**
 * /cancel-email-change: the "this wasn't me" link in the notice to the old address. Cancels the
 * pending change when the person presses the button (never on load, so a mail scanner that opens
 * the link cancels nothing), then tells them to reset their password.
 */
export default function CancelEmailChangeRoute() {
  const link = useTokenLink();
  const hasLink = Boolean(link?.token && link.email);
  const [outcome, setOutcome] = useState<Outcome>(hasLink ? { state: 'ready' } : { state: 'failed', message: INCOMPLETE_LINK });

  async function cancel() {
    if (!link || !hasLink) return;
    setOutcome({ state: 'cancelling' });
    const result = await settle(() => postEmailChangeCancel({ email: link.email, token: link.token }), CANCEL_FAILED);
    setOutcome(result.ok ? { state: 'done', message: PROFILE_MESSAGES.emailChangeCancelled } : { state: 'failed', message: result.message });
  }

  return (
    <AuthShell
      headline="Your account stays yours."
      pitch="Cancel a change you did not ask for, then choose a new password."
      title="Cancel the email change"
      intro={
        link?.email ? (
          <p>
            Account address: <strong>{link.email}</strong>
          </p>
        ) : null
      }
    >
      {/* Keeps the token out of the Referer of anything this page loads or links to. */}
      {link && <meta name="referrer" content="no-referrer" />}
      <div className="auth-form">
        {(outcome.state === 'ready' || outcome.state === 'cancelling') && (
          <>
            <p>{CANCEL_PROMPT}</p>
            <Button block onClick={() => void cancel()} disabled={outcome.state === 'cancelling'} aria-busy={outcome.state === 'cancelling'}>
              {outcome.state === 'cancelling' ? 'Cancelling...' : CANCEL_BUTTON}
            </Button>
          </>
        )}
        {outcome.state === 'done' && (
          <p className="notice notice--success" role="status">
            {outcome.message}
          </p>
        )}
        {outcome.state === 'failed' && (
          <p className="notice notice--error" role="alert">
            {outcome.message}
          </p>
        )}
      </div>
      {(outcome.state === 'done' || outcome.state === 'failed') && (
        <p className="auth-switch">
          <Link to={ROUTES.login}>Sign in or reset your password</Link>
        </p>
      )}
    </AuthShell>
  );
}
