import { AI_LIMITS, AI_MESSAGES, type AiRewriteStyle, type AiTask } from '@postlark/shared/ai';
import { CAMPAIGN_LIMITS } from '@postlark/shared/campaigns';
import { MEDIA_LIMITS } from '@postlark/shared/media';
import { AiError, type ChatMessage } from './openai-client';
import { sanitiseDraftHtml, unfence } from './draft-html';

// What the assistant asks a provider, and how its answers are read. Only the campaign's own text
// goes into a prompt (its subject, preheader, content as text, the names of the lists and segments
// it goes to, a selection, a brief): never a subscriber's data. Merge tags stay as they are written.

export interface PromptInput {
  task: AiTask;
  subject: string;
  preheader: string;
  /** The campaign's content as plain text. */
  content: string;
  /** The names of the lists and segments the campaign goes to. */
  audience: string[];
  selection: string;
  style: AiRewriteStyle | undefined;
  brief: string;
  /** Task alt: the image's file name, '' when it has none worth reading. */
  imageName: string;
}

const SYSTEM =
  'You help a small business write its email newsletter. Write in the language of the text you are given, in a natural voice, without hype or spam-trigger words. ' +
  'Keep merge tags such as {{ subscriber.first_name }} exactly as written. Answer with what is asked only: no introduction, no explanation.';

const STYLE_INSTRUCTIONS: Record<AiRewriteStyle, string> = {
  shorter: 'Make it noticeably shorter while keeping what matters.',
  friendlier: 'Make it warmer and friendlier.',
  formal: 'Make it more formal and professional.',
  fix: 'Fix the spelling, grammar and punctuation only; change nothing else.',
};

function campaignContext(input: PromptInput): string {
  const parts = [
    input.subject && `Subject line: ${input.subject}`,
    input.preheader && `Preheader: ${input.preheader}`,
    input.audience.length > 0 && `Sent to: ${input.audience.join(', ')}`,
    input.content && `Content:\n${input.content}`,
  ];
  return parts.filter(Boolean).join('\n');
}

const numberedList = (what: string, most: number) =>
  `Reply with exactly ${AI_LIMITS.suggestions} ${what}, each on its own line, numbered 1. to ${AI_LIMITS.suggestions}., each at most ${most} characters, different from each other, without quotes.`;

/** The chat messages for a task; the request is checked (throws HttpError-worthy AiError never: see missingInput). */
export function promptFor(input: PromptInput): ChatMessage[] {
  const user = (() => {
    switch (input.task) {
      case 'subjects':
        return `Suggest ${AI_LIMITS.suggestions} subject lines for this email campaign.\n${numberedList('subject lines', 60)}\n\n${campaignContext(input)}`;
      case 'preheaders':
        return `Suggest ${AI_LIMITS.suggestions} preheaders (the preview text an inbox shows after the subject line) for this email campaign.\n${numberedList('preheaders', 100)}\n\n${campaignContext(input)}`;
      case 'rewrite':
        return `Rewrite the text between the markers. ${STYLE_INSTRUCTIONS[input.style ?? 'fix']} Reply with the rewritten text only, without the markers.\n<<<\n${input.selection}\n>>>`;
      case 'draft':
        return (
          'Write the body of an email campaign from the brief below, as HTML using only these tags: h1, h2, h3, p, strong, em, ul, ol, li, a (with href), blockquote, hr, br. ' +
          'No html, head or body element, no styles, no images, no scripts. Reply with the HTML only.\n' +
          `Brief: ${input.brief}`
        );
      case 'alt':
        return (
          `Write the alt text for an image in this email: what the image most likely shows, said plainly for a reader who cannot see it, in at most ${ALT_WORDS} words, ` +
          'judged from the text around it and its file name. Do not begin with "Image of" or "Picture of". Reply with the alt text only, on one line.\n' +
          (input.imageName ? `File name: ${input.imageName}\n` : '') +
          `Text around the image:\n<<<\n${(input.selection || input.content).slice(0, AI_LIMITS.aroundImage)}\n>>>`
        );
    }
  })();
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: user },
  ];
}

/** Which required text a task is missing, as the message to show, or null. */
export function missingInput(input: PromptInput): string | null {
  if (input.task === 'rewrite' && !input.selection.trim()) return AI_MESSAGES.selectionRequired;
  if (input.task === 'draft' && !input.brief.trim()) return AI_MESSAGES.briefRequired;
  if (input.task === 'alt' && !input.selection.trim() && !input.content.trim() && !input.imageName) return AI_MESSAGES.altContextRequired;
  if ((input.task === 'subjects' || input.task === 'preheaders') && !input.subject.trim() && !input.content.trim() && !input.preheader.trim()) return AI_MESSAGES.contentRequired;
  return null;
}

// What each task reads of an answer at most, checked before any pattern runs: a provider may send
// up to the client's 1 MB, and an answer longer than a task can use is garbage, not work to parse.
/** Five subject lines or preheaders (300 characters each at most) and a line of introduction fit with room to spare. */
export const SUGGESTIONS_ANSWER_CHARS = 8 * 1024;
/** A rewrite of the longest selection, even a wordier one. */
export const REWRITE_ANSWER_CHARS = 2 * AI_LIMITS.selection;
/** A drafted body: what the editor keeps of it must fit a campaign anyway. */
export const DRAFT_ANSWER_CHARS = CAMPAIGN_LIMITS.html;

/** An alt text is a phrase: a screen reader reads all of it before the reader may go on. */
const ALT_WORDS = 20;

/** What the task's answer may be at most, in characters: the client stops reading past it. */
export function answerCharsFor(task: AiTask): number {
  if (task === 'rewrite') return REWRITE_ANSWER_CHARS;
  return task === 'draft' ? DRAFT_ANSWER_CHARS : SUGGESTIONS_ANSWER_CHARS;
}

function capped(answer: string, most: number): string {
  if (answer.length > most) throw new AiError('garbage', AI_MESSAGES.garbage);
  return answer;
}

// A list item's decoration: "1.", "2)", "3 -", "-", "*", "•", "Subject 1:", "Option 5:"; not the
// number a line starts with ("5-day sale", "3 ideas").
const BULLET = /^\s*(?:(?:(?:subject(?: line)?|preheader|option)\s*)?#?\d{1,2}\s*(?:[.):]|-(?=\s))|[-*•–](?=\s))\s*/i;
const QUOTES = new Set(['"', "'", '“', '”', '‘', '’', '«', '»', '`']);

/** The text without the quotes around it, in one pass from each end (a pattern for it backtracks on a long run of quotes). */
function withoutQuotes(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && QUOTES.has(text[start]!)) start += 1;
  while (end > start && QUOTES.has(text[end - 1]!)) end -= 1;
  return text.slice(start, end);
}

/** One suggestion as written: without its bullet, bold marks and quotes. */
export function cleanLine(line: string): string {
  return withoutQuotes(line.replace(/\*\*|__/g, '').replace(BULLET, '').trim()).trim();
}

/** Exactly five suggestions from an answer (a numbered list, bullets, a JSON array, with or without an introduction), or garbage. */
export function parseSuggestions(answer: string, maxLength: number): string[] {
  const text = unfence(capped(answer, SUGGESTIONS_ANSWER_CHARS));
  let lines: string[];
  try {
    const parsed: unknown = JSON.parse(text);
    lines = Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    lines = text.split(/\r?\n/);
  }
  const seen = new Set<string>();
  const suggestions: string[] = [];
  for (const line of lines) {
    // "Here are five subject lines:" introduces; it is not one.
    if (line.trim().endsWith(':')) continue;
    const cleaned = cleanLine(line);
    if (!cleaned || cleaned.length > maxLength || seen.has(cleaned.toLowerCase())) continue;
    seen.add(cleaned.toLowerCase());
    suggestions.push(cleaned);
  }
  if (suggestions.length < AI_LIMITS.suggestions) throw new AiError('garbage', AI_MESSAGES.garbage);
  return suggestions.slice(0, AI_LIMITS.suggestions);
}

/** A rewrite's text without the prompt's <<< >>> markers and one pair of double quotes around it, by slicing (no pattern). */
export function unwrapRewrite(text: string): string {
  let inner = text.trim();
  if (inner.startsWith('<<<')) inner = inner.slice(3);
  if (inner.endsWith('>>>')) inner = inner.slice(0, -3);
  inner = inner.trim();
  if (inner.length >= 2 && '"“'.includes(inner[0]!) && '"”'.includes(inner[inner.length - 1]!)) inner = inner.slice(1, -1);
  return inner.trim();
}

/** A rewritten selection: the text alone, without markers, fences or quotes around it. */
export function parseRewrite(answer: string): string {
  const text = unwrapRewrite(unfence(capped(answer, REWRITE_ANSWER_CHARS)));
  if (!text) throw new AiError('garbage', AI_MESSAGES.garbage);
  return text;
}

/** A drafted body as the editor's HTML, or garbage when nothing of it is left. */
export function parseDraft(answer: string): string {
  const html = sanitiseDraftHtml(unfence(capped(answer, DRAFT_ANSWER_CHARS)));
  if (!html.replace(/<[^<>]*>/g, '').trim()) throw new AiError('garbage', AI_MESSAGES.garbage);
  if (html.length > CAMPAIGN_LIMITS.html) throw new AiError('garbage', AI_MESSAGES.garbage);
  return html;
}

// A provider's label before the answer ("Alt text:", "Alt:"), read without a pattern on the whole line.
const ALT_LABELS = ['alt text:', 'alt-text:', 'alt:'];

/**
 * An alt text: the answer's first line that is not an introduction, without label, bullet or
 * quotes; one longer than the media library keeps is cut at the last word that fits.
 */
export function parseAlt(answer: string): string {
  const lines = unfence(capped(answer, SUGGESTIONS_ANSWER_CHARS)).split(/\r?\n/);
  for (const line of lines) {
    let text = line.trim();
    const label = ALT_LABELS.find((prefix) => text.toLowerCase().startsWith(prefix));
    if (label) text = text.slice(label.length);
    else if (text.endsWith(':')) continue;
    text = cleanLine(text);
    if (!text) continue;
    if (text.length <= MEDIA_LIMITS.altChars) return text;
    const cut = text.slice(0, MEDIA_LIMITS.altChars);
    const space = cut.lastIndexOf(' ');
    return (space > 0 ? cut.slice(0, space) : cut).trim();
  }
  throw new AiError('garbage', AI_MESSAGES.garbage);
}

/** What a task's answer becomes: the text to apply, and the suggestions for subjects and preheaders. */
export function readAnswer(task: AiTask, answer: string): { text: string; suggestions?: string[] } {
  switch (task) {
    case 'subjects': {
      const suggestions = parseSuggestions(answer, CAMPAIGN_LIMITS.subject);
      return { text: suggestions.join('\n'), suggestions };
    }
    case 'preheaders': {
      const suggestions = parseSuggestions(answer, CAMPAIGN_LIMITS.preheader);
      return { text: suggestions.join('\n'), suggestions };
    }
    case 'rewrite':
      return { text: parseRewrite(answer) };
    case 'draft':
      return { text: parseDraft(answer) };
    case 'alt':
      return { text: parseAlt(answer) };
  }
}
