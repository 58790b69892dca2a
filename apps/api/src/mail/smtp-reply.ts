// What a relay's refusal is about, decided once for campaigns and automations alike. Only a
// refusal of the recipient's address is a bounce of that reader; a refusal of the sender (an
// unverified identity, authentication, policy, quota, the content) says nothing about the reader,
// and treating it as a bounce would suppress a whole audience at the first misconfigured relay.
// When in doubt a 5xx is the sender's: a wrong "sender" costs a retry, a wrong "recipient" costs a reader.

/**
 * `recipient`: that one address is refused for good (a hard bounce). `sender`: the send failed,
 * never the reader. `throttle`: the relay asks us to slow down. `temporary`: try again later.
 */
export type SmtpReplyKind = 'recipient' | 'sender' | 'throttle' | 'temporary';

export interface SmtpReply {
  /** The basic reply code (550), if the relay answered at all. */
  code?: number;
  /** The reply's text as received (code and enhanced code included or not). */
  text: string;
  /** The command the reply answered, as nodemailer names it ('RCPT TO', 'DATA', 'MAIL FROM', 'AUTH PLAIN', 'CONN' …). */
  command?: string;
}

export interface SmtpReplyVerdict {
  kind: SmtpReplyKind;
  code: number | null;
  /** The RFC 3463 enhanced status code (5.1.1), when the reply carries one. */
  enhanced: string | null;
  /** Which rule decided (for logs, tests and telling refusals apart). */
  rule: string;
  /**
   * For `sender`: whether the refusal is about the send as a whole (identity, authentication,
   * policy, quota), so that the same answer again and again means every message will meet it;
   * false for the condition of one reader's mailbox (full, disabled), which is not retried forever
   * nor a reason to stop a campaign.
   */
  sendWide: boolean;
}

/**
 * The rules, as data. Phrases are matched case-insensitively as plain substrings of the reply's
 * text, cut to `maxTextLength` first: linear in the text, no pattern that can backtrack.
 */
export const SMTP_REPLY_RULES = {
  maxTextLength: 1_000,
  /** A 5xx to these commands refuses the sending account (its address, its credentials, its connection), never a reader. */
  senderCommands: ['MAIL FROM', 'AUTH', 'EHLO', 'HELO', 'STARTTLS'],
  /** Basic codes that mean "slow down" whatever their text. */
  throttleCodes: [421, 454],
  /** The relay does not accept this sender at all: its identity, its account, its quota (whatever the code). */
  identityPhrases: [
    'not verified', // Amazon SES: "Email address is not verified" (also its sandbox's unverified recipients)
    'verified sender identity', // SendGrid
    'sendasdenied', // Microsoft 365: 5.2.252 SendAsDenied
    'not allowed to send as',
    'not authorized to send from',
    'sandbox',
    'account is paused', // Amazon SES
    'sending paused',
    'sending suspended',
    'account suspended',
    'account disabled',
    'daily message quota exceeded', // Amazon SES, 454
    'daily sending quota',
    'sending quota exceeded',
    'maximum credits exceeded', // SendGrid
    'unauthenticated senders not allowed', // SendGrid
  ],
  /** With a 4xx: the relay (or the receiver) asks us to slow down. */
  throttlePhrases: ['too many', 'rate limit', 'rate-limit', 'ratelimit', 'throttl', 'try again later', 'try later', 'unusual rate', 'maximum sending rate exceeded', 'temporarily deferred', 'slow down'],
  /** A refusal of the sending (reputation, policy, content, authentication), even without an enhanced code. */
  policyPhrases: [
    'spam',
    'policy',
    'blocked',
    'blacklist',
    'blocklist',
    'denylist',
    'reputation',
    'access denied',
    'relay access',
    'relaying denied',
    'not permitted',
    'authenticat',
    'dmarc',
    'spf',
    'dkim',
    'sender address',
    'sender domain',
    'sender rejected',
    'from address',
    'maximum sending rate exceeded',
  ],
  /** The usual texts of an address that does not exist, trusted only on these codes without an enhanced code. */
  recipientCodes: [550, 551, 553],
  recipientPhrases: [
    'user unknown',
    'unknown user',
    'no such user',
    'no such mailbox',
    'no mailbox here', // qmail
    'no such recipient',
    'mailbox unavailable',
    'mailbox not found',
    'does not exist',
    'recipient rejected',
    'recipient not found',
    'recipientnotfound',
    'unknown recipient',
    'invalid recipient',
    'address rejected',
    'unrouteable address',
  ],
  /**
   * By enhanced code (class.subject, or the whole code where one detail differs), first match wins.
   * X.1.7 and X.1.8 are the sender's own address (RFC 3463); the rest of X.1 is the recipient's.
   */
  enhancedCodes: [
    { prefix: '5.1.7', kind: 'sender', sendWide: true },
    { prefix: '5.1.8', kind: 'sender', sendWide: true },
    { prefix: '5.1.', kind: 'recipient', sendWide: false },
    { prefix: '5.2.1', kind: 'sender', sendWide: false },
    { prefix: '5.2.2', kind: 'sender', sendWide: false },
    { prefix: '5.2.', kind: 'sender', sendWide: true },
    { prefix: '5.3.', kind: 'sender', sendWide: true },
    { prefix: '5.4.', kind: 'sender', sendWide: true },
    { prefix: '5.5.', kind: 'sender', sendWide: true },
    { prefix: '5.6.', kind: 'sender', sendWide: true },
    { prefix: '5.7.', kind: 'sender', sendWide: true },
  ],
  /**
   * Outlook.com refuses an unknown address at RCPT TO with "550 5.5.0 Requested action not taken:
   * mailbox unavailable": a protocol code, but a recipient's text on the recipient's command.
   */
  recipientAtRcptDespite: ['5.5.0'],
} as const satisfies {
  enhancedCodes: readonly { prefix: string; kind: SmtpReplyKind; sendWide: boolean }[];
  [key: string]: unknown;
};

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

/** Reads `count` digits at most from `at`; answers the end (at itself when none). */
function digitsEnd(text: string, at: number, max: number): number {
  let end = at;
  while (end < text.length && end - at < max && isDigit(text[end])) end += 1;
  return end;
}

/** The basic code and the enhanced code at the start of a reply ("550-5.1.1 …", "5.7.26 …", "554 Message …"). */
export function replyCodes(text: string): { code: number | null; enhanced: string | null } {
  let at = 0;
  while (at < text.length && (text[at] === ' ' || text[at] === '\t')) at += 1;
  let code: number | null = null;
  const codeEnd = digitsEnd(text, at, 3);
  if (codeEnd - at === 3 && !isDigit(text[codeEnd]) && text[codeEnd] !== '.') {
    code = Number(text.slice(at, codeEnd));
    at = codeEnd;
    if (text[at] === ' ' || text[at] === '-') at += 1;
  }
  // class "." subject (1-3 digits) "." detail (1-3 digits), RFC 3463.
  const klass = text[at];
  if ((klass === '2' || klass === '4' || klass === '5') && text[at + 1] === '.') {
    const subjectEnd = digitsEnd(text, at + 2, 3);
    if (subjectEnd > at + 2 && text[subjectEnd] === '.') {
      const detailEnd = digitsEnd(text, subjectEnd + 1, 3);
      if (detailEnd > subjectEnd + 1 && !isDigit(text[detailEnd])) return { code, enhanced: text.slice(at, detailEnd) };
    }
  }
  return { code, enhanced: null };
}

const firstPhrase = (text: string, phrases: readonly string[]) => phrases.find((phrase) => text.includes(phrase));

/** Classifies one SMTP reply (see SMTP_REPLY_RULES). A failure without any reply (a dropped connection) is temporary. */
export function classifySmtpReply(reply: SmtpReply): SmtpReplyVerdict {
  const raw = reply.text.slice(0, SMTP_REPLY_RULES.maxTextLength);
  const parsed = replyCodes(raw);
  const code = reply.code ?? parsed.code;
  const enhanced = parsed.enhanced;
  const text = raw.toLowerCase();
  const command = (reply.command ?? '').toUpperCase();
  const verdict = (kind: SmtpReplyKind, rule: string, sendWide = kind === 'sender'): SmtpReplyVerdict => ({ kind, code, enhanced, rule, sendWide });

  if (code === null || code < 400 || code >= 600) return verdict('temporary', 'no-reply');
  const permanent = code >= 500;
  if (permanent && SMTP_REPLY_RULES.senderCommands.some((each) => command.startsWith(each))) return verdict('sender', `command:${command}`);
  const identity = firstPhrase(text, SMTP_REPLY_RULES.identityPhrases);
  if (identity) return verdict('sender', `identity:${identity}`);
  if (!permanent) {
    if ((SMTP_REPLY_RULES.throttleCodes as readonly number[]).includes(code)) return verdict('throttle', `code:${code}`);
    const slowDown = firstPhrase(text, SMTP_REPLY_RULES.throttlePhrases);
    if (slowDown) return verdict('throttle', `throttle:${slowDown}`);
    return verdict('temporary', `code:${code}`);
  }
  if (enhanced) {
    if (command === 'RCPT TO' && (SMTP_REPLY_RULES.recipientAtRcptDespite as readonly string[]).includes(enhanced)) {
      const gone = firstPhrase(text, SMTP_REPLY_RULES.recipientPhrases);
      if (gone) return verdict('recipient', `recipient:${gone}`);
    }
    const byCode = SMTP_REPLY_RULES.enhancedCodes.find((rule) => enhanced.startsWith(rule.prefix));
    if (byCode) return verdict(byCode.kind, `enhanced:${byCode.prefix}`, byCode.sendWide);
  }
  const policy = firstPhrase(text, SMTP_REPLY_RULES.policyPhrases);
  if (policy) return verdict('sender', `policy:${policy}`);
  if ((SMTP_REPLY_RULES.recipientCodes as readonly number[]).includes(code)) {
    const gone = firstPhrase(text, SMTP_REPLY_RULES.recipientPhrases);
    if (gone) return verdict('recipient', `recipient:${gone}`);
  }
  return verdict('sender', `unclassified:${code}`);
}

/** Two refusals are "the same" when the same rule decided them on the same codes: per-message ids in the text do not count. */
export const refusalKey = (verdict: SmtpReplyVerdict) => `${verdict.code ?? ''} ${verdict.enhanced ?? ''} ${verdict.rule}`;
