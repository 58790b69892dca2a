import type { EmailSendPage } from '@postlark/shared/account';
import type { ApiMessage } from '@postlark/shared/api-response';
import { ROUTES } from '@postlark/shared/routes';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

const PAGE_PATH: Record<EmailSendPage, string> = {
  'sign-up': ROUTES.signup,
  'forget-password': ROUTES.forgetPassword,
};

/** SPEC section 7: POST {base}authentication/v1/email-send/; the mailed link comes back to this site's page. */
export function postEmailSend(email: string, page: EmailSendPage) {
  return requestJson<ApiMessage>('POST', `${webEnv.apiBase}authentication/v1/email-send/`, {
    email_receiver: email,
    direct_url: `${window.location.origin}${PAGE_PATH[page]}`,
    page,
  });
}

/** SPEC section 7: POST {base}authentication/v1/email-verification/; password null verifies a sign-up, a password resets. */
export function postEmailVerification(email: string, token: string, password: string | null) {
  return requestJson<ApiMessage>('POST', `${webEnv.apiBase}authentication/v1/email-verification/`, {
    email_receiver: email,
    token,
    password,
  });
}
