// The machine-readable pieces of returned mail: the per-recipient fields of an RFC 3464 / RFC 6533
// delivery-status part, and the enhanced status codes (RFC 3463), SMTP reply codes and addresses
// found in free text. All scans are linear: indexOf, character loops, and patterns without nested
// or adjacent unbounded quantifiers.

export interface StatusFields {
  /** Final-Recipient (or Original-Recipient when it is all there is), the address only. */
  email: string;
  action: string;
  status: string | null;
  diagnostic: string;
  remoteMta: string;
}

const MAX_RECIPIENTS = 100;
const ADDRESS_CHARS = /[\w!#$%&'*+./=?^`{|}~\-\u0080-\uffff]/;

/** `rfc822; someone@example.org` → `someone@example.org` (angle brackets and the address type dropped). */
export function addressOf(value: string): string {
  const semicolon = value.indexOf(';');
  const bare = (semicolon >= 0 ? value.slice(semicolon + 1) : value).trim();
  const found = findAddresses(bare, 1)[0];
  return found ?? bare.replace(/[<>]/g, '').trim();
}

/** The first enhanced status code (class 2, 4 or 5; RFC 3463) in a text, e.g. `5.1.1`. */
export function findStatus(text: string): string | null {
  return preferFailure(text.matchAll(/(?<![\d.])[245]\.\d{1,3}\.\d{1,3}(?![\d.])/g));
}

/** The enhanced code the remote server put after its reply code (`550 5.7.1`, `550-'5.2.2`): its own, where a text quotes several. */
export function findRemoteStatus(text: string): string | null {
  const match = /(?<![\d.])[245]\d\d[\s"'-]{1,3}([245]\.\d{1,3}\.\d{1,3})(?![\d.])/.exec(text);
  return match ? match[1]! : null;
}

/** The first failure (4 or 5) among some matches, else the first success: a transcript's "250 2.1.5 Ok" before its "451 4.3.0" is not the answer. */
function preferFailure(matches: Iterable<RegExpMatchArray>): string | null {
  let first: string | null = null;
  let seen = 0;
  for (const match of matches) {
    if (!match[0].startsWith('2')) return match[0];
    first ??= match[0];
    if (++seen >= 50) break;
  }
  return first;
}

/** The first SMTP reply code (2xx, 4xx, 5xx) standing as a word of its own, e.g. `550` in `said: 550 5.1.1 …`. */
export function findReply(text: string): string | null {
  return preferFailure(text.matchAll(/(?<![\w.#/:-])[245]\d\d(?=[\s-]|$)(?!-\d)/g));
}

/** Addresses in a text, in order, each once (case-insensitively): found by expanding from each `@`, so linear in the text. */
export function findAddresses(text: string, limit = MAX_RECIPIENTS): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  let from = 0;
  let previousEnd = 0;
  while (found.length < limit) {
    const at = text.indexOf('@', from);
    if (at < 0) break;
    let start = at;
    while (start > previousEnd && ADDRESS_CHARS.test(text[start - 1]!)) start--;
    let end = at + 1;
    while (end < text.length && /[\w.\-\u0080-\uffff]/.test(text[end]!)) end++;
    from = end > at + 1 ? end : at + 1;
    previousEnd = from;
    const local = text.slice(start, at).replace(/^[.'`=]+/, '');
    let domainEnd = end;
    while (domainEnd > at + 1 && text[domainEnd - 1] === '.') domainEnd--;
    const domain = text.slice(at + 1, domainEnd);
    if (!local || !domain.includes('.') || domain.startsWith('.') || local.length > 64) continue;
    const address = `${local}@${domain}`;
    const key = address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(address);
  }
  return found;
}

/** Field lines of a delivery-status or feedback-report body, unfolded, with blank lines kept as group breaks (`null`). */
export function fieldLines(body: string): ({ name: string; value: string } | null)[] {
  const fields: ({ name: string; value: string } | null)[] = [];
  for (const line of body.split('\n')) {
    if (line.trim() === '') {
      fields.push(null);
      continue;
    }
    const last = fields.at(-1);
    if ((line.startsWith(' ') || line.startsWith('\t')) && last) {
      last.value += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    fields.push({ name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1).trim() });
  }
  return fields;
}

/** `smtp; 550 5.1.1 …` → `550 5.1.1 …`: the diagnostic type dropped. */
function diagnosticText(value: string): string {
  const semicolon = value.indexOf(';');
  return semicolon >= 0 && semicolon < 16 ? value.slice(semicolon + 1).trim() : value.trim();
}

/**
 * The per-recipient groups of a delivery-status body. A group starts at Final-Recipient (or at an
 * Original-Recipient before one) and ends at a blank line or at the next recipient's field, so
 * reports that forget the blank line between recipients are read too.
 */
export function readStatusFields(body: string): StatusFields[] {
  const recipients: StatusFields[] = [];
  let current: (StatusFields & { final: boolean; original: boolean }) | null = null;
  const start = () => {
    if (recipients.length >= MAX_RECIPIENTS) return null;
    const fresh = { email: '', action: '', status: null, diagnostic: '', remoteMta: '', final: false, original: false };
    recipients.push(fresh);
    return fresh;
  };
  for (const field of fieldLines(body)) {
    if (field === null) {
      current = null;
      continue;
    }
    const { name, value } = field;
    if (name === 'final-recipient' || name === 'original-recipient') {
      const final = name === 'final-recipient';
      if (!current || (final ? current.final : current.original)) current = start();
      if (!current) break;
      if (final) {
        current.final = true;
        current.email = addressOf(value);
      } else {
        current.original = true;
        if (!current.email) current.email = addressOf(value);
      }
      continue;
    }
    if (!current) continue;
    if (name === 'action') current.action = value.toLowerCase().split(/[\s(]/)[0] ?? '';
    else if (name === 'status') current.status = findStatus(value);
    else if (name === 'diagnostic-code') current.diagnostic = diagnosticText(value);
    else if (name === 'remote-mta') current.remoteMta = diagnosticText(value);
  }
  return recipients.filter((recipient) => recipient.email).map(({ email, action, status, diagnostic, remoteMta }) => ({ email, action, status, diagnostic, remoteMta }));
}
