import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PROFILE_MESSAGES } from '@postlark/shared/profile';
import { ROUTES } from '@postlark/shared/routes';
import { fetchProfile, restoreSession } from '../../features/login/login-slice';
import { confirmEmailChange, type SaveFailure } from '../../features/profile/profile-thunks';
import type { PressOutcome } from '../../components/ui/press-to-act';
import { MailedLinkAction } from '../mailed-link-action';
import { useAppDispatch, useAppSelector } from '../store-hooks';
import { type TokenLink, useTokenLink } from '../use-token-link';

const INCOMPLETE_LINK = 'This page opens from the link in the email that confirms a new address. Ask for a new link from your profile.';
const CONFIRM_FAILED = 'Could not confirm your new email address. Please try again.';

/**
 * /confirm-email: opened from the mail sent to a new address. Confirms it with the link's token
 * (no session needed, so it sits outside the sign-in guard) when the person presses the button.
 */
export default function ConfirmEmailRoute() {
  const dispatch = useAppDispatch();
  const link = useTokenLink();
  const customerId = useAppSelector((state) => state.login.customerId);
  const [confirmed, setConfirmed] = useState(false);

  async function confirm({ email, token }: TokenLink): Promise<PressOutcome> {
    try {
      const message = await dispatch(confirmEmailChange({ customerId: '', body: { email, token } })).unwrap();
      setConfirmed(true);
      return { ok: true, message: message || PROFILE_MESSAGES.emailChanged };
    } catch (reason) {
      return { ok: false, message: (reason as SaveFailure | undefined)?.message ?? CONFIRM_FAILED };
    }
  }

  // Signed in: the profile shows the new address from now on, and the page links to it. A link
  // opened in a new tab has an empty store, so the session cookie is asked (silently) first.
  const restored = useRef(false);
  useEffect(() => {
    if (!confirmed) return;
    if (customerId) void dispatch(fetchProfile(customerId));
    else if (!restored.current) {
      restored.current = true;
      void dispatch(restoreSession());
    }
  }, [confirmed, customerId, dispatch]);

  return (
    <MailedLinkAction
      link={link}
      headline="One address, confirmed."
      pitch="Your newsletters, audiences and reports stay exactly where they were."
      title="Confirm your new email"
      addressLabel="New address"
      incomplete={INCOMPLETE_LINK}
      prompt="Press the button below to make this the address of your Postlark account."
      actionLabel="Confirm new email address"
      busyLabel="Confirming your new email address..."
      act={confirm}
      next={customerId ? <Link to={ROUTES.profile}>Go to your profile</Link> : <Link to={ROUTES.login}>Sign in</Link>}
    />
  );
}
