// Role addresses an import refuses (issue 32, point 6): mailboxes that belong to a function, a
// machine or a mail system rather than to a person who subscribed. Mailing them draws complaints and
// bounces, and several are where abuse desks and blocklists listen. The list follows the role
// addresses Mailchimp refuses on import (and SendGrid and Brevo flag), narrowed to the mailboxes no
// one reads as a subscriber:
//   - RFC 2142's network and service mailboxes: abuse, noc, security, postmaster, hostmaster,
//     usenet, news, webmaster, www, uucp, ftp;
//   - mail systems and programs: mailer-daemon, root, devnull, nobody, the no-reply family;
//   - list and complaint plumbing: list-request, unsubscribe, spam and phishing desks, feedback loops;
//   - addresses that fan out to a whole company: all, everyone, undisclosed-recipients.
// Left out on purpose: RFC 2142's business mailboxes (info, sales, marketing, support) and their
// kin (contact, hello, office, billing, jobs, team). On B2B lists these are often a real
// subscriber (a one-person business's only address); refusing them would drop people who asked.
const ROLE_LOCAL_PARTS: ReadonlySet<string> = new Set([
  'abuse',
  'noc',
  'security',
  'postmaster',
  'hostmaster',
  'usenet',
  'news',
  'webmaster',
  'www',
  'uucp',
  'ftp',
  'admin',
  'administrator',
  'sysadmin',
  'root',
  'registrar',
  'dns',
  'mailer-daemon',
  'maildaemon',
  'devnull',
  'null',
  'nobody',
  'noreply',
  'no-reply',
  'no_reply',
  'donotreply',
  'do-not-reply',
  'do_not_reply',
  'list-request',
  'unsubscribe',
  'spam',
  'spamtrap',
  'spam-trap',
  'phish',
  'phishing',
  'fbl',
  'ispfeedback',
  'ispsupport',
  'inoc',
  'all',
  'everyone',
  'undisclosed-recipients',
]);

// Longer local parts cannot be on the list; checked first so a long one costs nothing.
const LONGEST = Math.max(...[...ROLE_LOCAL_PARTS].map((part) => part.length));

/**
 * Whether an address (already lower-cased, with an @) is a role address. A tag after "+"
 * (noreply+billing@) is the same mailbox, so it is looked past.
 */
export function isRoleAddress(email: string): boolean {
  const at = email.lastIndexOf('@');
  if (at <= 0) return false;
  const plus = email.indexOf('+');
  const local = email.slice(0, plus > 0 && plus < at ? plus : at);
  return local.length <= LONGEST && ROLE_LOCAL_PARTS.has(local);
}
