import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import type { ChangePassword } from '@postlark/shared/profile';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { MailService } from '../../mail/mail-service';
import { notify } from '../notifications/notify';
import { findCustomerById, updatePassword } from './customers.repository';
import { checkCurrentPassword } from './current-password';
import { voidPendingEmailChanges } from './email-change.service';
import { hashPassword, isCommonPassword } from './passwords';
import { deleteOtherSessions } from './sessions.repository';

/**
 * Changes a signed-in customer's password. The current password is checked like a sign-in, with
 * the same waits after repeated failures; on success every other session ends, and the customer
 * gets a notification and an email.
 */
export async function changePassword(
  deps: { db: Db; mail: MailService; now: () => Date },
  session: { customerId: string; tokenHash: string },
  request: ChangePassword,
  client: { ipHash: string },
): Promise<void> {
  const customer = await findCustomerById(deps.db, session.customerId);
  if (!customer) throw new HttpError(401, AUTH_API_MESSAGES.notSignedIn);
  await checkCurrentPassword(deps, customer, request.current_password, client);
  if (isCommonPassword(request.new_password)) {
    throw new HttpError(400, AUTH_API_MESSAGES.commonPassword, { new_password: AUTH_API_MESSAGES.commonPassword });
  }
  const now = deps.now();
  await updatePassword(deps.db, customer.id, await hashPassword(request.new_password), now);
  await deleteOtherSessions(deps.db, customer.id, session.tokenHash);
  await voidPendingEmailChanges(deps.db, customer.id, now);
  await notify(deps.db, customer.id, 'password-changed', now);
  await deps.mail.enqueue({ template: 'password-changed', to: customer.email, firstName: customer.firstName });
}
