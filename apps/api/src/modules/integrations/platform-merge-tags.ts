// Our merge tags are Liquid (`{{ first_name }}`); a campaign a platform sends carries the platform's
// own (`*|FNAME|*`, `{{ contact.FIRSTNAME }}`). Plain variables translate; conditions, loops and
// filters have no counterpart on any platform and are reported before sending, as is a variable
// the platform has nothing for.

export type MergeTagOf = (field: string) => string | null;

export type TranslationProblem = { kind: 'liquid' } | { kind: 'unsupported'; tag: string };

// A Liquid output: `{{`, at most 200 characters without braces, `}}`. Bounded and brace-free, so
// matching is linear however long the content is.
const OUTPUT = /\{\{([^{}]{0,200})\}\}/g;
const FIELD = /^[a-z_][a-z0-9_]*(\.[a-z0-9_]+)?$/i;

/** The text with each merge tag in the platform's syntax, or the first thing that cannot be. */
export function toPlatformMergeTags(source: string, mergeTag: MergeTagOf): { text: string; problem: TranslationProblem | null } {
  if (source.includes('{%')) return { text: source, problem: { kind: 'liquid' } };
  let problem: TranslationProblem | null = null;
  let tags = 0;
  const text = source.replace(OUTPUT, (whole, inner: string) => {
    tags += 1;
    if (problem) return whole;
    const field = inner.trim();
    if (!FIELD.test(field)) {
      problem = { kind: 'liquid' };
      return whole;
    }
    const translated = mergeTag(field);
    if (translated === null) {
      problem = { kind: 'unsupported', tag: field };
      return whole;
    }
    return translated;
  });
  // A `{{` left without its closing pair (or longer than any tag) is not a tag we can read.
  if (!problem && source.split('{{').length - 1 > tags) problem = { kind: 'liquid' };
  return { text, problem };
}
