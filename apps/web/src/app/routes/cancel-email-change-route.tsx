import { Link } from 'react-router';
import { PROFILE_MESSAGES } from '@postlark/shared/profile';
import { ROUTES } from '@postlark/shared/routes';
import { postEmailChangeCancel } from '../../features/profile/profile-api';
import { settle } from '../../lib/api-client';
import type { PressOutcome } from '../../components/ui/press-to-act';
import { MailedLinkAction } from '../mailed-link-action';
import { type TokenLink, useTokenLink } from '../use-token-link';

const INCOMPLETE_LINK = 'This page opens from the link in the email that tells you a new address was requested for your account.';
const CANCEL_FAILED = 'Could not cancel the change. Please try again.';

async function cancel({ email, token }: TokenLink): Promise<PressOutcome> {
  const result = await settle(() => postEmailChangeCancel({ email, token }), CANCEL_FAILED);
  return result.ok ? { ok: true, message: PROFILE_MESSAGES.emailChangeCancelled } : { ok: false, message: result.message };
}

/**
 * /cancel-email-change: the "this wasn't me" link in the notice to the old address. Cancels the
 * pending change when the person presses the button (every device is signed out), then tells
 * them to reset their password.
 */
export default function CancelEmailChangeRoute() {
  return (
    <MailedLinkAction
      link={useTokenLink()}
      headline="Your account stays yours."
      pitch="Cancel a change you did not ask for, then choose a new password."
      title="Cancel the email change"
      addressLabel="Account address"
      incomplete={INCOMPLETE_LINK}
      prompt="If you did not ask for a new email address, cancel the change: every device signed in to your account will be signed out."
      actionLabel="Cancel the change"
      busyLabel="Cancelling..."
      act={cancel}
      next={<Link to={ROUTES.login}>Sign in or reset your password</Link>}
    />
  );
}
