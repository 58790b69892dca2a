// From what a report says about one recipient (enhanced status code, SMTP reply, diagnostic text,
// DSN action) to what the product does about it. Specific enhanced status codes first (RFC 3463
// and the IANA registry), because they are the receiver's own classification; then the words of
// the diagnostic, because many MTAs answer with a generic code (5.0.0, 5.5.0, 5.7.1) or none and
// only the text tells an unknown user from a blocklisted sender; then the class of the codes.
import { matchPhrases } from './diagnostic-phrases';
import type { ReportOutcome } from './report-outcome';

export interface Verdict {
  outcome: ReportOutcome;
  reason: string;
}

export interface Evidence {
  status: string | null;
  reply: string | null;
  diagnostic: string;
  /** The DSN's Action field, lower-cased (failed, delayed, delivered, relayed, expanded), or '' when there is none. */
  action: string;
}

/**
 * Codes whose meaning does not depend on the text. Subject.detail only: the class (4 or 5) is
 * applied after, since a 4.x.x of a dead-address code is a temporary condition.
 */
const SPECIFIC: Record<string, Verdict> = {
  // x.1.x addressing. 1.1 bad mailbox, 1.10 null MX (RFC 7505): the address cannot receive mail.
  '1.1': { outcome: 'dead', reason: 'unknown-user' },
  '1.10': { outcome: 'dead', reason: 'unknown-domain' },
  '1.2': { outcome: 'dead', reason: 'unknown-domain' },
  '1.3': { outcome: 'dead', reason: 'unknown-user' },
  '1.6': { outcome: 'dead', reason: 'moved' },
  // 1.7 and 1.8: our sender address's syntax or domain was refused.
  '1.7': { outcome: 'sender', reason: 'sender-address' },
  '1.8': { outcome: 'sender', reason: 'sender-address' },
  // x.2.x mailbox status.
  '2.2': { outcome: 'soft', reason: 'mailbox-full' },
  '2.3': { outcome: 'soft', reason: 'too-big' },
  '3.4': { outcome: 'soft', reason: 'too-big' },
  '3.1': { outcome: 'soft', reason: 'system' },
  // x.4.x network and routing: 4.7 is "delivery time expired".
  '4.7': { outcome: 'soft', reason: 'expired' },
  '4.1': { outcome: 'soft', reason: 'network' },
  '4.2': { outcome: 'soft', reason: 'network' },
  '4.6': { outcome: 'soft', reason: 'network' },
  // 4.4 "unable to route": no MX and no address for the domain (qmail, SES, Sun Messaging Server say so for a domain that is gone).
  '4.4': { outcome: 'dead', reason: 'unknown-domain' },
  // x.7.x security: RFC 7372 and RFC 8601 codes name the failing mechanism.
  '7.8': { outcome: 'sender', reason: 'authentication' },
  '7.9': { outcome: 'sender', reason: 'authentication' },
  '7.10': { outcome: 'sender', reason: 'tls' },
  '7.11': { outcome: 'sender', reason: 'tls' },
  '7.5': { outcome: 'sender', reason: 'tls' },
  '7.13': { outcome: 'soft', reason: 'suspended' },
  '7.20': { outcome: 'sender', reason: 'authentication' },
  '7.21': { outcome: 'sender', reason: 'authentication' },
  '7.22': { outcome: 'sender', reason: 'authentication' },
  '7.23': { outcome: 'sender', reason: 'authentication' },
  '7.24': { outcome: 'sender', reason: 'authentication' },
  '7.25': { outcome: 'sender', reason: 'ptr' },
  '7.26': { outcome: 'sender', reason: 'authentication' },
  '7.27': { outcome: 'sender', reason: 'authentication' },
  '7.28': { outcome: 'sender', reason: 'rate' },
};

/**
 * Whole codes whose use by a big receiver differs from RFC 3463's subject. Microsoft 365 answers
 * 550 5.4.1 "Recipient address rejected: Access denied" for a recipient its directory does not know
 * (directory-based edge blocking); as a 4.4.1 it is RFC 3463's "no answer from host".
 */
const WHOLE_CODES: Record<string, Verdict> = {
  '5.4.1': { outcome: 'dead', reason: 'unknown-user' },
};

/** Refusals named so clearly that a dead-address code next to them is not believed: a blocklist hit must never suppress a reader for good. */
const OVERRIDES_DEAD_CODE = new Set(['blocklist', 'rate', 'ptr', 'reputation', 'blocked', 'authentication', 'sender-address']);

/** Verdicts when neither a specific code nor a phrase decided, by the subject of the status code. */
function bySubject(klass: string, subject: string): Verdict {
  if (klass === '4') return { outcome: 'soft', reason: 'other' };
  // x.5.x protocol and x.6.x content: what we sent was refused, not the address.
  if (subject === '5') return { outcome: 'sender', reason: 'protocol' };
  if (subject === '6') return { outcome: 'sender', reason: 'content' };
  if (subject === '7') return { outcome: 'sender', reason: 'policy' };
  // x.1.x with no telling code (5.1.0, 5.1.4): an address problem; x.2.x (5.2.0, 5.2.1): a mailbox condition.
  if (subject === '1') return { outcome: 'dead', reason: 'unknown-user' };
  return { outcome: 'soft', reason: 'other' };
}

function temporary(verdict: Verdict): Verdict {
  // A temporary failure never kills an address: a 4.1.1 is a receiver that cannot check it right now.
  return verdict.outcome === 'dead' ? { outcome: 'soft', reason: verdict.reason } : verdict;
}

export function classifyRecipient(evidence: Evidence): Verdict {
  const { action, diagnostic } = evidence;
  if (action === 'delivered' || action === 'relayed' || action === 'expanded') return { outcome: 'none', reason: 'delivered' };
  const status = evidence.status ?? '';
  const [klass = '', subject = '', detail = ''] = status.split('.');
  const reply = evidence.reply ?? '';
  if (klass === '2' || (!klass && reply.startsWith('2') && !action)) return { outcome: 'none', reason: 'delivered' };
  const transient = klass === '4' || (!klass && reply.startsWith('4')) || action === 'delayed';
  const phrase = matchPhrases(diagnostic.toLowerCase());
  const specific = WHOLE_CODES[status] ?? SPECIFIC[`${subject}.${detail}`];
  if (specific) {
    const chosen = specific.outcome === 'dead' && phrase?.outcome === 'sender' && OVERRIDES_DEAD_CODE.has(phrase.reason) ? phrase : specific;
    return transient ? temporary(chosen) : chosen;
  }
  // Under 5.7.x (security and policy) the words may say which refusal, or that the user is unknown, but not that it would pass.
  if (phrase && klass === '5' && subject === '7' && phrase.outcome === 'soft' && phrase.reason !== 'suspended') return { outcome: 'sender', reason: 'policy' };
  if (phrase) return transient ? temporary(phrase) : phrase;
  if (klass === '4' || klass === '5') return bySubject(klass, subject);
  if (transient) return { outcome: 'soft', reason: action === 'delayed' ? 'delayed' : 'other' };
  // A failure with no code and no words we know: counted, never suppressed on so little.
  return { outcome: 'soft', reason: 'other' };
}
