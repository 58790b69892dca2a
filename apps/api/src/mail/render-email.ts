import { toPlainText } from '@react-email/render';
import { ROUTES } from '@postlark/shared/routes';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { EmailMessage } from './mail-service';
import { ApiKeyCreatedEmail, apiKeyCreatedSubject } from './templates/api-key-created';
import { DataExportReadyEmail, dataExportReadySubject } from './templates/data-export-ready';
import { EmailChangeConfirmEmail, emailChangeConfirmSubject } from './templates/email-change-confirm';
import { EmailChangeNoticeEmail, emailChangeNoticeSubject } from './templates/email-change-notice';
import { SubscriptionConfirmEmail, subscriptionConfirmSubject } from './templates/subscription-confirm';
import { SenderConfirmEmail, senderConfirmSubject } from './templates/sender-confirm';
import { SendingDomainLostEmail, sendingDomainLostSubject } from './templates/sending-domain-lost';
import { SendingPausedEmail, sendingPausedSubject } from './templates/sending-paused';
import { PasswordChangedEmail, passwordChangedSubject } from './templates/password-changed';
import { PasswordResetEmail, passwordResetSubject } from './templates/password-reset';
import { SignupAccountExistsEmail, signupAccountExistsSubject } from './templates/signup-account-exists';
import { SignupVerificationEmail, signupVerificationSubject } from './templates/signup-verification';

export interface RenderedEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The From's display name instead of MAIL_FROM's: a customer's, for mail their readers get. */
  fromName?: string;
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
          cancelLink: message.cancelLink,
        }),
      };
    case 'api-key-created':
      return {
        subject: apiKeyCreatedSubject,
        body: createElement(ApiKeyCreatedEmail, {
          firstName: message.firstName,
          keyName: message.keyName,
          prefix: message.prefix,
          profileUrl: `${appUrl}${ROUTES.profile}`,
          signInUrl: `${appUrl}${ROUTES.login}`,
        }),
      };
    case 'subscription-confirm':
      return {
        subject: subscriptionConfirmSubject(message.listName),
        body: createElement(SubscriptionConfirmEmail, { link: message.link, listName: message.listName, sender: message.sender }),
      };
    case 'sender-confirm':
      return { subject: senderConfirmSubject, body: createElement(SenderConfirmEmail, { link: message.link, account: message.account }) };
    case 'sending-domain-lost':
      return {
        subject: sendingDomainLostSubject(message.domain),
        body: createElement(SendingDomainLostEmail, { firstName: message.firstName, domain: message.domain, recordName: message.recordName, link: message.link }),
      };
    case 'sending-paused':
      return {
        subject: sendingPausedSubject,
        body: createElement(SendingPausedEmail, { firstName: message.firstName, reason: message.reason, nextSteps: message.nextSteps, link: message.link }),
      };
    case 'data-export-ready':
      return {
        subject: dataExportReadySubject,
        body: createElement(DataExportReadyEmail, { firstName: message.firstName, link: message.link, expiresAt: new Date(message.expiresAt) }),
      };
  }
}

// The doctype React Email's own render() puts first, which mail clients' HTML handling expects.
const XHTML_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The message as it is sent: HTML and a plain-text part made from the same template.
 *
 * Rendered with React's synchronous static renderer rather than React Email's render(): that one
 * streams, and React's streaming renderer on Node runs inside an AsyncLocalStorage. Once it has
 * run, Node 20 keeps its async hooks on for the life of the process, and every promise costs about
 * three times as much: the tracking pixel, the waitlist, every request. Our templates are
 * synchronous, so the mail is the same, less React's hydration comments.
 */
export async function renderEmail(message: EmailMessage, appUrl: string): Promise<RenderedEmail> {
  if (message.template === 'campaign-test') return { to: message.to, subject: message.subject, html: message.html, text: message.text };
  const { subject, body } = compose(message, appUrl);
  const markup = renderToStaticMarkup(body);
  const fromName = message.template === 'subscription-confirm' ? (message.from?.name ?? message.sender) : undefined;
  return { to: message.to, subject, html: `${XHTML_DOCTYPE}${markup.replace(/^<!DOCTYPE[^>]*>/, '')}`, text: toPlainText(markup), ...(fromName && { fromName }) };
}
