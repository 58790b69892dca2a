import { render } from '@react-email/render';
import { ROUTES } from '@postlark/shared/routes';
import { createElement, type ReactElement } from 'react';
import type { EmailMessage } from './mail-service';
import { DataExportReadyEmail, dataExportReadySubject } from './templates/data-export-ready';
import { EmailChangeConfirmEmail, emailChangeConfirmSubject } from './templates/email-change-confirm';
import { EmailChangeNoticeEmail, emailChangeNoticeSubject } from './templates/email-change-notice';
import { SubscriptionConfirmEmail, subscriptionConfirmSubject } from './templates/subscription-confirm';
import { PasswordChangedEmail, passwordChangedSubject } from './templates/password-changed';
import { PasswordResetEmail, passwordResetSubject } from './templates/password-reset';
import { SignupAccountExistsEmail, signupAccountExistsSubject } from './templates/signup-account-exists';
import { SignupVerificationEmail, signupVerificationSubject } from './templates/signup-verification';

export interface RenderedEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

function compose(message: Exclude<EmailMessage, { template: 'campaign-test' }>, appUrl: string): { subject: string; body: ReactElement } {
  switch (message.template) {
    case 'signup-verification':
      return { subject: signupVerificationSubject, body: createElement(SignupVerificationEmail, { link: message.link }) };
    case 'signup-account-exists':
      return { subject: signupAccountExistsSubject, body: createElement(SignupAccountExistsEmail, { signInUrl: message.signInUrl }) };
    case 'password-reset':
      return { subject: passwordResetSubject, body: createElement(PasswordResetEmail, { link: message.link }) };
    case 'password-changed':
      return {
        subject: passwordChangedSubject,
        body: createElement(PasswordChangedEmail, { firstName: message.firstName, signInUrl: `${appUrl}${ROUTES.login}` }),
      };
    case 'email-change-confirm':
      return { subject: emailChangeConfirmSubject, body: createElement(EmailChangeConfirmEmail, { link: message.link }) };
    case 'email-change-notice':
      return {
        subject: emailChangeNoticeSubject,
        body: createElement(EmailChangeNoticeEmail, {
          firstName: message.firstName,
          newEmail: message.newEmail,
          signInUrl: `${appUrl}${ROUTES.login}`,
        }),
      };
    case 'subscription-confirm':
      return {
        subject: subscriptionConfirmSubject(message.listName),
        body: createElement(SubscriptionConfirmEmail, { link: message.link, listName: message.listName, sender: message.sender }),
      };
    case 'data-export-ready':
      return {
        subject: dataExportReadySubject,
        body: createElement(DataExportReadyEmail, { firstName: message.firstName, link: message.link, expiresAt: new Date(message.expiresAt) }),
      };
  }
}

/** The message as it is sent: HTML and a plain-text part made from the same template. */
export async function renderEmail(message: EmailMessage, appUrl: string): Promise<RenderedEmail> {
  if (message.template === 'campaign-test') return { to: message.to, subject: message.subject, html: message.html, text: message.text };
  const { subject, body } = compose(message, appUrl);
  const [html, text] = await Promise.all([render(body), render(body, { plainText: true })]);
  return { to: message.to, subject, html, text };
}
