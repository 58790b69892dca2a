import { AI_LIMITS, AI_MESSAGES, type AiProviderView } from '@postlark/shared/ai';

// Pure pieces of the assistant's screens: what a streamed list of ideas holds so far, whether the
// assistant can answer at all, and a draft's HTML shown as words while it streams.

const LIST_MARKER = /^(?:\d{1,2}[.):]|[-*•])\s*/;
const QUOTES = new Set(['"', '“', '”', "'", '‘', '’']);

function cleanLine(line: string): string {
  let text = line.trim().replace(LIST_MARKER, '').trim();
  if (text.length >= 2 && QUOTES.has(text[0]!) && QUOTES.has(text[text.length - 1]!)) text = text.slice(1, -1).trim();
  return text;
}

/**
 * The ideas in a streamed answer ("1. …" per line): only finished lines while it streams (a
 * half-written idea is not offered), every line once it is complete; at most five.
 */
export function suggestionLines(text: string, complete: boolean): string[] {
  const lines = text.split('\n');
  if (!complete) lines.pop();
  return lines.map(cleanLine).filter(Boolean).slice(0, AI_LIMITS.suggestions);
}

/** Why the assistant cannot answer right now (and how to fix it), or null when it can. */
export function unavailableReason(view: AiProviderView | null): string | null {
  if (!view || view.provider) return null;
  if (!view.server_default) return AI_MESSAGES.noProvider;
  return view.free_attempts_left <= 0 ? AI_MESSAGES.noAttemptsLeft : null;
}

/** A draft's HTML as the words it will show, while it streams: tags dropped, one pass. */
export function visibleText(html: string): string {
  let out = '';
  let inTag = false;
  for (const char of html) {
    if (char === '<') inTag = true;
    else if (char === '>' && inTag) {
      inTag = false;
      out += ' ';
    } else if (!inTag) out += char;
  }
  return out.replace(/\s+/g, ' ').trim();
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A draft as the editor's HTML: the model's HTML as it is, or plain paragraphs wrapped in <p>. */
export function draftHtml(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('<')) return trimmed;
  return trimmed
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** A rewrite as editor content: escaped text, and paragraphs when the answer has several. */
export function rewriteHtml(text: string): string {
  const paragraphs = text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  if (paragraphs.length <= 1) return escapeHtml(paragraphs[0] ?? '');
  return paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('');
}
