import type { ImportColumn, ImportField } from '@postlark/shared/imports';

// The import's column mapping as the page edits it: a field per column, and for an attribute its
// name, kept as typed until the mapping is sent.

export interface ColumnChoice {
  field: ImportField;
  key: string;
}

/** A header turned into an attribute name the API accepts: letters, digits and _, a letter first. */
export function attributeName(header: string): string {
  const cleaned = header
    .trim()
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/^[^A-Za-z]+/, '')
    .replace(/_+$/, '')
    .slice(0, 64);
  return cleaned;
}

const GUESSES: readonly [RegExp, ImportField][] = [
  [/^(e-?mail|email[ _-]?address|mail)$/, 'email'],
  [/^(first[ _-]?name|given[ _-]?name|first|forename)$/, 'first_name'],
  [/^(last[ _-]?name|surname|family[ _-]?name|last)$/, 'last_name'],
  [/^(time[ _-]?zone|tz)$/, 'timezone'],
];

/** What each column likely holds, from its header; without headers, a column of addresses is the email. */
export function guessColumns(headers: readonly string[], sample: readonly string[] = []): ColumnChoice[] {
  const taken = new Set<ImportField>();
  const choices = headers.map((header, index): ColumnChoice => {
    const name = header.trim().toLowerCase();
    const guess = GUESSES.find(([pattern]) => pattern.test(name))?.[1];
    if (guess && !taken.has(guess)) {
      taken.add(guess);
      return { field: guess, key: '' };
    }
    const key = attributeName(header) || `column_${index + 1}`;
    return { field: name === '' ? 'ignore' : 'attribute', key };
  });
  if (!taken.has('email')) {
    const index = sample.findIndex((value) => /^[^@\s]+@[^@\s]+$/.test(value.trim()));
    if (index >= 0) choices[index] = { field: 'email', key: '' };
  }
  return choices;
}

/** The mapping as the API takes it. */
export function importColumns(choices: readonly ColumnChoice[]): ImportColumn[] {
  return choices.map((choice) => (choice.field === 'attribute' ? { field: 'attribute', key: choice.key } : { field: choice.field }));
}
