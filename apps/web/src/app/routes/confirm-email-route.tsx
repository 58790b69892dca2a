import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PROFILE_MESSAGES } from '@postlark/shared/profile';
import { ROUTES } from '@postlark/shared/routes';
import { AuthShell } from '../../components/layout/auth-shell';
import { Button } from '../../components/ui/button';
import { fetchProfile, restoreSession } from '../../features/login/login-slice';
import { confirmEmailChange, type SaveFailure } from '../../features/profile/profile-thunks';
import { useAppDispatch, useAppSelector } from '../store-hooks';
import { useTokenLink } from '../use-token-link';

const INCOMPLETE_LINK = 'This page opens from the link in the email that confirms a new address. Ask for a new link from your profile.';
const CONFIRM_FAILED = 'Could not confirm your new email address. Please try again.';
const CONFIRM_PROMPT = 'Press the button below to make this the address of your Postlark account.';
const CONFIRM_BUTTON = 'Confirm new email address';

type Outcome = { state: 'ready' } | { state: 'confirming' } | { state: 'done'; message: string } | { state: 'failed'; message: string };

/**
 * /confirm-email: opened from the mail sent to a new address. Confirms it with the link's token
 * (no session needed, so it sits outside the sign-in guard) when the person presses the button,
 * never on load, so a mail scanner that opens the link and runs its scripts confirms nothing.
 */
export default function ConfirmEmailRoute() {
  const dispatch = useAppDispatch();
  const link = useTokenLink();
  const customerId = useAppSelector((state) => state.login.customerId);
  const hasLink = Boolean(link?.token && link.email);
  const [outcome, setOutcome] = useState<Outcome>(hasLink ? { state: 'ready' } : { state: 'failed', message: INCOMPLETE_LINK });

  function confirm() {
    if (!link || !hasLink) return;
    setOutcome({ state: 'confirming' });
    void dispatch(confirmEmailChange({ customerId: '', body: { email: link.email, token: link.token } }))
      .unwrap()
      .then(
        (message) => setOutcome({ state: 'done', message }),
        (reason: SaveFailure | undefined) => setOutcome({ state: 'failed', message: reason?.message ?? CONFIRM_FAILED }),
      );
  }

  // Signed in: the profile shows the new address from now on, and the page links to it. A link
  // opened in a new tab has an empty store, so the session cookie is asked (silently) first.
  const restored = useRef(false);
  useEffect(() => {
    if (outcome.state !== 'done') return;
    if (customerId) void dispatch(fetchProfile(customerId));
    else if (!restored.current) {
      restored.current = true;
      void dispatch(restoreSession());
    }
  }, [outcome.state, customerId, dispatch]);

  return (
    <AuthShell
      headline="One address, confirmed."
      pitch="Your newsletters, audiences and reports stay exactly where they were."
      title="Confirm your new email"
      intro={
        link?.email ? (
          <p>
            New address: <strong>{link.email}</strong>
          </p>
        ) : null
      }
    >
      {/* Keeps the token out of the Referer of anything this page loads or links to. */}
      {link && <meta name="referrer" content="no-referrer" />}
      <div className="auth-form">
        {(outcome.state === 'ready' || outcome.state === 'confirming') && (
          <>
            <p>{CONFIRM_PROMPT}</p>
            <Button block onClick={confirm} disabled={outcome.state === 'confirming'} aria-busy={outcome.state === 'confirming'}>
              {outcome.state === 'confirming' ? 'Confirming your new email address...' : CONFIRM_BUTTON}
            </Button>
          </>
        )}
        {outcome.state === 'done' && (
          <p className="notice notice--success" role="status">
            {outcome.message || PROFILE_MESSAGES.emailChanged}
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
          {customerId ? <Link to={ROUTES.profile}>Go to your profile</Link> : <Link to={ROUTES.login}>Sign in</Link>}
        </p>
      )}
    </AuthShell>
  );
}
