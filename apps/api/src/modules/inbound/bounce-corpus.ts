// The bounce corpus (datasets/bounces in the repository, README there) and its expectations turned
// into our outcomes, for the corpus test and `npm run bench -- bounces`. Not product code: the
// classifier never sees Sisimai's reason names; this is how the tests translate Sisimai's verdicts
// into ours to compare them.
import { readdirSync, readFileSync } from 'node:fs';
import type { ReportOutcome } from './report-outcome';

const CORPUS = new URL('../../../../../datasets/bounces/', import.meta.url);

export interface SisimaiExpectation {
  index: number;
  status: string;
  reply: string;
  reason: string;
  hard: boolean;
  /** Sisimai's feedback type for feedback reports (abuse, opt-out, auth-failure), else ''. */
  other: string;
}

/**
 * Sisimai's reasons (its documented meanings, e.g. metacpan.org/pod/Sisimai::Reason) to our
 * outcomes, for the entries whose `hard` is false (`hard: true` is always dead).
 */
export const SISIMAI_REASON_OUTCOME: Record<string, ReportOutcome> = {
  feedback: 'complaint',
  vacation: 'none',
  delivered: 'none',
  // Conditions of the mailbox or the way to it; they pass or repeat, and repetition is counted.
  mailboxfull: 'soft',
  expired: 'soft',
  suspend: 'soft',
  networkerror: 'soft',
  systemerror: 'soft',
  systemfull: 'soft',
  // exceedlimit and mesgtoobig: the message was larger than the recipient's limit; the next one may not be.
  exceedlimit: 'soft',
  mesgtoobig: 'soft',
  // onhold and undefined: Sisimai could not tell; counting is the safe side of suppressing.
  onhold: 'soft',
  undefined: 'soft',
  // mailererror: the receiving host's local delivery program failed (procmail, a pipe): theirs, passing.
  mailererror: 'soft',
  // hostunknown and notaccept without `hard`: the domain did not answer this time (no MX reached, a server "not accepting mail" under load or maintenance).
  hostunknown: 'soft',
  notaccept: 'soft',
  // filtered: refused after DATA by the recipient's own settings (typically Japanese carriers' per-mailbox
  // "refuse mail from this domain"), which the receiver answers as "550 Unknown user"; Sisimai documents it as
  // "almost the same as userunknown". For us the address cannot be reached by our domain until its owner
  // changes a setting we cannot ask them to change: dead, as the receiver's own words say.
  filtered: 'dead',
  // rejected: our envelope sender was refused (MAIL FROM); blocked: our IP or HELO was refused.
  rejected: 'sender',
  blocked: 'sender',
  authfailure: 'sender',
  policyviolation: 'sender',
  requireptr: 'sender',
  spamdetected: 'sender',
  // securityerror: SMTP AUTH or other security requirements of the receiver, a setting of our side.
  securityerror: 'sender',
  badreputation: 'sender',
  contenterror: 'sender',
  virusdetected: 'sender',
  norelaying: 'sender',
  toomanyconn: 'sender',
  speeding: 'sender',
  // notcompliantrfc: our message broke RFC 5322 (duplicate headers, bare LF): ours to fix.
  notcompliantrfc: 'sender',
  failedstarttls: 'sender',
  // syntaxerror: the receiver refused one of our SMTP commands (5.5.x, 50x): our MTA's doing.
  syntaxerror: 'sender',
};

/** What we expect of one of Sisimai's entries. An RFC 6591 auth-failure report is not a reader's complaint: it is about our authentication. */
export function expectedOutcome(entry: SisimaiExpectation): ReportOutcome {
  if (entry.hard) return 'dead';
  if (entry.reason === 'feedback' && entry.other === 'auth-failure') return 'sender';
  const outcome = SISIMAI_REASON_OUTCOME[entry.reason];
  if (!outcome) throw new Error(`no outcome for Sisimai reason ${entry.reason}`);
  return outcome;
}

export interface CorpusMessage {
  name: string;
  raw: Buffer;
  expected: SisimaiExpectation[];
}

/** Every message of datasets/bounces/eml that has an expectation (expected.json names four messages the corpus does not hold). */
export function corpusMessages(): CorpusMessage[] {
  const expected = JSON.parse(readFileSync(new URL('expected.json', CORPUS), 'utf8')) as Record<string, SisimaiExpectation[]>;
  const files = readdirSync(new URL('eml/', CORPUS))
    .filter((file) => file.endsWith('.eml'))
    .sort();
  return files
    .map((file) => ({ name: file.slice(0, -'.eml'.length), file }))
    .filter(({ name }) => expected[name] !== undefined)
    .map(({ name, file }) => ({ name, raw: readFileSync(new URL(`eml/${file}`, CORPUS)), expected: [...expected[name]!].sort((a, b) => a.index - b.index) }));
}

export const OUTCOMES: readonly ReportOutcome[] = ['dead', 'soft', 'sender', 'complaint', 'none'];
