// The subject-line checker (issue 20, point 10): a pure look at a subject as the customer types,
// needing no AI provider. Every pass is one walk over the text (no pattern that backtracks), and
// the text is capped first, so a pasted megabyte costs what the first few hundred characters do.

/**
 * How much of a subject an inbox shows, in characters. Phones: iOS Mail and the Gmail app show
 * roughly 35 to 41 characters on a portrait phone at the default text size, so 35 is the point
 * from which the end of a subject is lost on the common narrow screens. Desktop: Gmail and Outlook
 * on the web show roughly 60 to 70 beside the sender, depending on the window and the preview
 * text, so 60 is the point from which it may be cut on an ordinary laptop. The lower ends are
 * chosen because a warning that comes a little early costs nothing, a cut subject does.
 */
export const SUBJECT_INBOX_CHARS = { phone: 35, desktop: 60 } as const;

/** Only this much of a subject is examined; a subject is at most 300 characters (CAMPAIGN_LIMITS). */
export const SUBJECT_CHECK_MAX_INPUT = 400;

/** More emoji than this reads as noise, and some filters score it. */
export const SUBJECT_EMOJI_MAX = 2;

/** An all-capital word this long or longer is shouting; shorter ones are acronyms (USA, FAQ, AI, NEW). */
const SHOUT_WORD_MIN = 4;

/**
 * Words and phrases that spam filters and readers both distrust in a subject (from the lists
 * HubSpot, Mailchimp and SpamAssassin's rules share). Kept short on purpose: each one listed is a
 * reason to reword, not an everyday word such as "free" or "sale".
 */
export const SPAM_TRIGGER_PHRASES = [
  '100% free',
  'act now',
  'additional income',
  'apply now',
  'as seen on',
  'buy now',
  'cash bonus',
  'click here',
  'congratulations',
  'double your',
  'earn money',
  'extra cash',
  'free money',
  'get paid',
  'guaranteed',
  'limited time',
  'lowest price',
  'make money',
  'miracle',
  'no catch',
  'no cost',
  'no obligation',
  'once in a lifetime',
  'order now',
  'risk-free',
  'this is not spam',
  'urgent',
  'winner',
  "you've been selected",
  'you have been selected',
] as const;

export type SubjectCheckId = 'phone' | 'desktop' | 'spam' | 'caps' | 'punctuation' | 'emoji' | 'personal';
/** good: nothing to change; warn: worth changing; tip: an idea, not a fault. */
export type SubjectCheckState = 'good' | 'warn' | 'tip';

export interface SubjectFinding {
  id: SubjectCheckId;
  state: SubjectCheckState;
  message: string;
}

export interface SubjectCheck {
  /** Characters as a reader counts them (an emoji or an accented letter is one); a merge tag counts as typed. */
  length: number;
  /** SUBJECT_CHECK_TEXTS.length of it, for the summary line. */
  summary: string;
  /** What a phone's inbox shows of it; the whole subject when it fits. */
  phoneText: string;
  findings: SubjectFinding[];
}

export const SUBJECT_CHECK_TEXTS = {
  length: (count: number) => `${count} ${count === 1 ? 'character' : 'characters'}`,
  phoneFits: `Fits a phone inbox (about ${SUBJECT_INBOX_CHARS.phone} show)`,
  phoneCut: (shown: string) => `Phones show about ${SUBJECT_INBOX_CHARS.phone}: “${shown}…”`,
  desktopFits: `Fits a desktop inbox (about ${SUBJECT_INBOX_CHARS.desktop} show)`,
  desktopCut: `Desktop inboxes cut it after about ${SUBJECT_INBOX_CHARS.desktop}`,
  spamNone: 'No spam-trigger words',
  spamFound: (words: string[]) => `Spam-trigger ${words.length === 1 ? 'word' : 'words'}: ${words.map((word) => `“${word}”`).join(', ')}`,
  capsNone: 'No shouting capitals',
  capsFound: (words: string[]) => `Shouting capitals: ${words.map((word) => `“${word}”`).join(', ')}`,
  capsMostly: 'Mostly capital letters reads as shouting',
  punctuationNone: 'No repeated punctuation',
  punctuationFound: (runs: string[]) => `Repeated punctuation: ${runs.map((run) => `“${run}”`).join(', ')}`,
  emoji: (count: number) => (count === 0 ? 'No emoji' : `${count} emoji`),
  emojiMany: (count: number) => `${count} emoji: one or two stand out, more looks like spam`,
  personal: 'Personalised with a merge tag',
  personalNone: 'Add {{ first_name }} to make it personal',
} as const;

const graphemeSegmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('en', { granularity: 'grapheme' }) : null;

/** The text as the reader's characters: grapheme clusters where the runtime knows them, else code points. */
function characters(text: string): string[] {
  if (!graphemeSegmenter) return Array.from(text);
  const out: string[] = [];
  for (const part of graphemeSegmenter.segment(text)) out.push(part.segment);
  return out;
}

// One character at a time: these never backtrack.
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const REGIONAL_INDICATOR = /\p{Regional_Indicator}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
// A digit and a keycap (1️⃣) or a flag's pair is an emoji, a plain digit is not.
const isEmoji = (char: string) => PICTOGRAPHIC.test(char) || REGIONAL_INDICATOR.test(char) || char.includes('\u20e3');

/** Lower-case words, with the apostrophes, hyphens and % that spam phrases hold kept inside them. */
function words(chars: string[]): string[] {
  const out: string[] = [];
  let current = '';
  for (const char of chars) {
    const inside = LETTER_OR_DIGIT.test(char) || ((char === "'" || char === '’' || char === '-' || char === '%') && current !== '');
    if (inside) current += char === '’' ? "'" : char.toLowerCase();
    else if (current) {
      out.push(current);
      current = '';
    }
  }
  if (current) out.push(current);
  return out;
}

const PHRASES = SPAM_TRIGGER_PHRASES.map((phrase) => phrase.split(' '));

/** The listed phrases the words contain, each once: a phrase is a few words, so this is linear. */
function spamPhrases(list: string[]): string[] {
  const found = new Set<string>();
  for (let index = 0; index < list.length; index += 1) {
    for (const phrase of PHRASES) {
      if (phrase.every((word, offset) => list[index + offset] === word)) found.add(phrase.join(' '));
    }
  }
  return [...found];
}

/** Merge tags ({{ … }}) are not the reader's words: their spans are skipped for capitals and words. */
function withoutMergeTags(text: string): { text: string; tags: number } {
  let out = '';
  let tags = 0;
  let from = 0;
  for (;;) {
    const open = text.indexOf('{{', from);
    const close = open === -1 ? -1 : text.indexOf('}}', open + 2);
    if (close === -1) return { text: out + text.slice(from), tags };
    out += `${text.slice(from, open)} `;
    tags += 1;
    from = close + 2;
  }
}

function shouting(chars: string[]): { words: string[]; mostly: boolean } {
  const loud: string[] = [];
  let word = '';
  let upper = 0;
  let lower = 0;
  let wordLower = false;
  const endWord = () => {
    if (word.length >= SHOUT_WORD_MIN && !wordLower && UPPER.test(word)) loud.push(word);
    word = '';
    wordLower = false;
  };
  for (const char of chars) {
    if (UPPER.test(char)) {
      upper += 1;
      word += char;
    } else if (LOWER.test(char)) {
      lower += 1;
      wordLower = true;
      word += char;
    } else if (LETTER_OR_DIGIT.test(char)) word += char;
    else endWord();
  }
  endWord();
  // Two or more shouted words, or mostly capitals over a real length, is a shouting subject.
  return { words: [...new Set(loud)], mostly: upper >= 8 && upper > lower };
}

/** Runs of two or more !, ? or $ ("!!", "?!", "$$$"). */
function punctuationRuns(text: string): string[] {
  const runs = new Set<string>();
  let run = '';
  for (const char of text + ' ') {
    if (char === '!' || char === '?' || char === '$') run += char;
    else {
      if (run.length >= 2) runs.add(run);
      run = '';
    }
  }
  return [...runs];
}

/** The checks the editor shows under the subject; an empty subject has none. */
export function checkSubject(input: string): SubjectCheck {
  const text = input.slice(0, SUBJECT_CHECK_MAX_INPUT).trim();
  if (!text) return { length: 0, summary: '', phoneText: '', findings: [] };
  const chars = characters(text);
  const length = chars.length;
  const phoneText = length > SUBJECT_INBOX_CHARS.phone ? chars.slice(0, SUBJECT_INBOX_CHARS.phone).join('').trimEnd() : text;
  const plain = withoutMergeTags(text);
  const plainChars = characters(plain.text);
  const spam = spamPhrases(words(plainChars));
  const caps = shouting(plainChars);
  const punctuation = punctuationRuns(plain.text);
  const emoji = plainChars.filter(isEmoji).length;
  const t = SUBJECT_CHECK_TEXTS;

  const findings: SubjectFinding[] = [
    length > SUBJECT_INBOX_CHARS.phone ? { id: 'phone', state: 'warn', message: t.phoneCut(phoneText) } : { id: 'phone', state: 'good', message: t.phoneFits },
    length > SUBJECT_INBOX_CHARS.desktop ? { id: 'desktop', state: 'warn', message: t.desktopCut } : { id: 'desktop', state: 'good', message: t.desktopFits },
    spam.length > 0 ? { id: 'spam', state: 'warn', message: t.spamFound(spam) } : { id: 'spam', state: 'good', message: t.spamNone },
    caps.words.length > 0
      ? { id: 'caps', state: 'warn', message: t.capsFound(caps.words) }
      : caps.mostly
        ? { id: 'caps', state: 'warn', message: t.capsMostly }
        : { id: 'caps', state: 'good', message: t.capsNone },
    punctuation.length > 0 ? { id: 'punctuation', state: 'warn', message: t.punctuationFound(punctuation) } : { id: 'punctuation', state: 'good', message: t.punctuationNone },
    emoji > SUBJECT_EMOJI_MAX ? { id: 'emoji', state: 'warn', message: t.emojiMany(emoji) } : { id: 'emoji', state: 'good', message: t.emoji(emoji) },
    plain.tags > 0 ? { id: 'personal', state: 'good', message: t.personal } : { id: 'personal', state: 'tip', message: t.personalNone },
  ];
  return { length, summary: t.length(length), phoneText, findings };
}
