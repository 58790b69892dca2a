import type { Variable } from 'liquidjs';
import {
  ALLOWED_FILTERS,
  ALLOWED_TAGS,
  ATTRIBUTE_NAME,
  ATTRIBUTES_FIELD,
  ENGAGEMENT_FIELD,
  ENGAGEMENT_MERGE_KEYS,
  EVENT_FIELD,
  MERGE_FIELDS,
  PURCHASE_MERGE_KEYS,
  PURCHASES_FIELD,
  SCALAR_FIELDS,
} from './merge-fields';

/** One thing wrong with a template, placed (1-based) where liquidjs could tell. */
export type MergeTagProblem = { message: string; line: number | null; column: number | null };

/** Longest template checked or compiled; far past what mail clients show (Gmail clips at 102 KB). */
export const MAX_TEMPLATE_LENGTH = 2_000_000;

/** Thrown by the date filter; described below like liquidjs's own errors. */
export const DATE_PADDING_TOO_WIDE = 'date padding too wide';

const FIELD_LIST = MERGE_FIELDS.join(', ');
// An event property a template may name (own keys only are ever read).
const EVENT_PROPERTY = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
const TAG_LIST = ALLOWED_TAGS.filter((tag) => tag !== '#').map((tag) => `{% ${tag} %}`).join(', ');
const EXAMPLE = '{{ first_name | default: "there" }}';

type LiquidErrorLike = { message: string; token?: { getPosition(): [number, number] }; errors?: unknown[] };

/** Turns what liquidjs threw while parsing or rendering into problems a sender can act on. */
export function problemsFromError(error: unknown): MergeTagProblem[] {
  const errors = (error as LiquidErrorLike | null)?.errors ?? [error];
  const problems: MergeTagProblem[] = [];
  for (const item of errors) {
    const raw = rawMessage(item);
    // One broken tag inside an {% if %} makes liquidjs lose track of the block, and it then also reports
    // the block's end tag as unknown; only the first, real cause helps the sender.
    if (problems.length > 0 && /^tag "end\w*" not found$/.test(raw)) continue;
    problems.push({ message: describe(raw), ...positionOf(item) });
  }
  return problems;
}

/** A problem when a template reads anything but a subscriber's own fields, else null. */
export function problemForVariable(variable: Variable): MergeTagProblem | null {
  const [root, ...path] = variable.segments;
  const name = variable.toString();
  const at = { line: variable.location.row, column: variable.location.col };
  if (typeof root === 'string' && SCALAR_FIELDS.has(root)) {
    return path.length === 0 ? null : { message: `Unknown merge tag "${name}". ${root} is plain text, so use {{ ${root} }} on its own.`, ...at };
  }
  if (root === ATTRIBUTES_FIELD) {
    if (path.length === 0) return { message: 'Name the custom attribute to use, like {{ attributes.plan }}.', ...at };
    const [key] = path;
    if (path.length === 1 && typeof key === 'string' && ATTRIBUTE_NAME.test(key)) return null;
    return {
      message: `"${name}" is not a custom attribute. Name one directly, like {{ attributes.plan }}, using letters, digits and _ and starting with a letter.`,
      ...at,
    };
  }
  if (root === EVENT_FIELD) {
    const [key] = path;
    if (path.length === 1 && typeof key === 'string' && EVENT_PROPERTY.test(key)) return null;
    return { message: `"${name}" is not an event property. Name one directly, like {{ event.cart_url }}, using letters, digits and _.`, ...at };
  }
  if (root === PURCHASES_FIELD) {
    const [key] = path;
    if (path.length === 1 && typeof key === 'string' && PURCHASE_MERGE_KEYS.includes(key)) return null;
    return { message: `"${name}" is not a purchase figure. Use one of: ${PURCHASE_MERGE_KEYS.map((figure) => `purchases.${figure}`).join(', ')}.`, ...at };
  }
  if (root === ENGAGEMENT_FIELD) {
    const [key] = path;
    if (path.length === 1 && typeof key === 'string' && ENGAGEMENT_MERGE_KEYS.includes(key)) return null;
    return { message: `"${name}" is not part of the engagement score. Use {{ engagement.score }} or {{ engagement.band }}.`, ...at };
  }
  const guess = typeof root === 'string' ? closestField(root) : null;
  const hint = guess ? ` Did you mean "${guess}"?` : '';
  return { message: `Unknown merge tag "${name}".${hint} Use one of: ${FIELD_LIST}.`, ...at };
}

function describe(raw: string): string {
  let match: RegExpExecArray | null;
  if ((match = /^undefined filter: (.+)$/.exec(raw))) return `Unknown filter "${match[1]}". Use one of: ${ALLOWED_FILTERS.join(', ')}.`;
  if ((match = /^tag "(end\w*)" not found$/.exec(raw))) return `{% ${match[1]} %} has no matching opening tag before it.`;
  if ((match = /^tag "(.+)" not found$/.exec(raw))) return `The {% ${match[1]} %} tag can't be used in campaign content. Use ${TAG_LIST} or merge tags like ${EXAMPLE}.`;
  if (/^output "[\s\S]*" not closed$/.test(raw)) return `This merge tag is not closed. End it with "}}", like ${EXAMPLE}.`;
  if (/^tag "[\s\S]*" not closed$/.test(raw)) return 'This tag is not closed. End it with "%}".';
  if (/^raw "[\s\S]*" not closed$/.test(raw)) return 'The {% raw %} block is not closed. Add {% endraw %} after it.';
  // The tag's name, and the end read apart: (\w+)[\s\S]*not closed$ would rescan the message once per letter of the name.
  if (raw.endsWith(' not closed') && (match = /^tag \{%-?\s*(\w+)/.exec(raw))) return `The {% ${match[1]} %} block is not closed. Add {% end${match[1]} %} after it.`;
  if (raw === 'parse length limit exceeded') return `This content is too long to check. Keep it under ${MAX_TEMPLATE_LENGTH.toLocaleString('en-US')} characters.`;
  if (raw === DATE_PADDING_TOO_WIDE) return 'This date format pads too wide. Use at most two digits after %, like %-d or %02d.';
  if (raw.startsWith('undefined variable')) return `Merge tags must name a field directly, like {{ first_name }}. Use one of: ${FIELD_LIST}.`;
  if (raw === 'memory alloc limit exceeded') return 'This content would produce too much text for one email.';
  return `A merge tag could not be read (${raw}). Write merge tags like ${EXAMPLE}.`;
}

function rawMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // liquidjs appends the position to the message; it is reported separately as line and column.
  return message.replace(/, (?:file:[^,]*, )?line:\d+, col:\d+$/, '').trim();
}

function positionOf(error: unknown): Pick<MergeTagProblem, 'line' | 'column'> {
  const token = (error as LiquidErrorLike | null)?.token;
  if (!token || typeof token.getPosition !== 'function') return { line: null, column: null };
  const [line, column] = token.getPosition();
  return { line, column };
}

/** A field within two typing mistakes of what was written, to suggest it. */
function closestField(written: string): string | null {
  let best: string | null = null;
  let bestDistance = 3;
  for (const field of [...SCALAR_FIELDS, ATTRIBUTES_FIELD, PURCHASES_FIELD, ENGAGEMENT_FIELD, EVENT_FIELD]) {
    const distance = editDistance(written.toLowerCase(), field);
    if (distance < bestDistance) [best, bestDistance] = [field, distance];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
