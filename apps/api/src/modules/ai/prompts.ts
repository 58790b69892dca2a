import { AI_LIMITS, AI_MESSAGES, type AiRewriteStyle, type AiTask } from '@postlark/shared/ai';
import { CAMPAIGN_LIMITS } from '@postlark/shared/campaigns';
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
  if ((input.task === 'subjects' || input.task === 'preheaders') && !input.subject.trim() && !input.content.trim() && !input.preheader.trim()) return AI_MESSAGES.contentRequired;
  return null;
}

// A list item's decoration: "1.", "2)", "3 -", "-", "*", "•", "Subject 1:", "Option 5:"; not the
// number a line starts with ("5-day sale", "3 ideas").
const BULLET = /^\s*(?:(?:(?:subject(?: line)?|preheader|option)\s*)?#?\d{1,2}\s*(?:[.):]|-(?=\s))|[-*•–](?=\s))\s*/i;
const QUOTES = /^["'“”‘’«»`]+|["'“”‘’«»`]+$/g;

function cleanLine(line: string): string {
  return line.replace(/\*\*|__/g, '').replace(BULLET, '').trim().replace(QUOTES, '').trim();
}

/** Exactly five suggestions from an answer (a numbered list, bullets, a JSON array, with or without an introduction), or garbage. */
export function parseSuggestions(answer: string, maxLength: number): string[] {
  const text = unfence(answer);
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
    if (/:\s*$/.test(line.trim())) continue;
    const cleaned = cleanLine(line);
    if (!cleaned || cleaned.length > maxLength || seen.has(cleaned.toLowerCase())) continue;
    seen.add(cleaned.toLowerCase());
    suggestions.push(cleaned);
  }
  if (suggestions.length < AI_LIMITS.suggestions) throw new AiError('garbage', AI_MESSAGES.garbage);
  return suggestions.slice(0, AI_LIMITS.suggestions);
}

/** A rewritten selection: the text alone, without markers, fences or quotes around it. */
export function parseRewrite(answer: string): string {
  const text = unfence(answer).replace(/^<<<\s*|\s*>>>$/g, '').trim();
  const unquoted = /^(["“])([\s\S]*)(["”])$/.exec(text)?.[2] ?? text;
  if (!unquoted.trim()) throw new AiError('garbage', AI_MESSAGES.garbage);
  return unquoted.trim();
}

/** A drafted body as the editor's HTML, or garbage when nothing of it is left. */
export function parseDraft(answer: string): string {
  const html = sanitiseDraftHtml(unfence(answer));
  if (!html.replace(/<[^>]*>/g, '').trim()) throw new AiError('garbage', AI_MESSAGES.garbage);
  if (html.length > CAMPAIGN_LIMITS.html) throw new AiError('garbage', AI_MESSAGES.garbage);
  return html;
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
  }
}
