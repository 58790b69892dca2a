import { attributeKeyFor, type ImportColumn, type ImportField, type ImportKind, type ProductImportField } from '@postlark/shared/imports';

// The import's column mapping as the page edits it: a field per column, for an attribute its
// name, and for a products file's price the currency of rows without one, kept as typed until the
// mapping is sent.

export interface ColumnChoice {
  field: ImportField | ProductImportField;
  key: string;
  /** A price column's currency (products), or ''. */
  currency?: string;
}

/** A header turned into an attribute name the API accepts (the shared rule the import shows as "stored as"). */
export const attributeName = attributeKeyFor;

const GUESSES: readonly [RegExp, ImportField][] = [
  [/^(e-?mail|email[ _-]?address|mail)$/, 'email'],
  [/^(first[ _-]?name|given[ _-]?name|first|forename)$/, 'first_name'],
  [/^(last[ _-]?name|surname|family[ _-]?name|last)$/, 'last_name'],
  [/^(time[ _-]?zone|tz)$/, 'timezone'],
];

const PRODUCT_GUESSES: readonly [RegExp, ProductImportField][] = [
  [/^(id|sku|product[ _-]?id|item[ _-]?id|handle)$/, 'id'],
  [/^(title|name|product[ _-]?(name|title)|product)$/, 'title'],
  [/^(url|link|product[ _-]?(url|link)|page)$/, 'url'],
  [/^(image|image[ _-]?(url|link|src)|picture|photo)$/, 'image_url'],
  [/^(price|amount|unit[ _-]?price|variant[ _-]?price)$/, 'price'],
  [/^(currency|currency[ _-]?code)$/, 'currency'],
  [/^(categories|category|tags|collections?|type|product[ _-]?type)$/, 'categories'],
  [/^(in[ _-]?stock|stock|available|availability)$/, 'in_stock'],
];

/** What each column of a products file likely holds, from its header; the rest is ignored. */
function guessProductColumns(headers: readonly string[]): ColumnChoice[] {
  const taken = new Set<ProductImportField>();
  return headers.map((header): ColumnChoice => {
    const name = header.trim().toLowerCase();
    const guess = PRODUCT_GUESSES.find(([pattern]) => pattern.test(name))?.[1];
    if (!guess || taken.has(guess)) return { field: 'ignore', key: '' };
    taken.add(guess);
    return { field: guess, key: '' };
  });
}

/**
 * What each column likely holds, from its header: for subscribers, without headers a column of
 * addresses is the email; for products, the first column is the id when no header says so.
 */
export function guessColumns(headers: readonly string[], sample: readonly string[] = [], kind: ImportKind = 'subscribers'): ColumnChoice[] {
  if (kind === 'products') {
    const choices = guessProductColumns(headers);
    if (!choices.some((choice) => choice.field === 'id') && choices.length > 0) choices[0] = { field: 'id', key: '' };
    return choices;
  }
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
  return choices.map((choice): ImportColumn => {
    if (choice.field === 'attribute') return { field: 'attribute', key: choice.key };
    const currency = choice.currency?.trim();
    if (choice.field === 'price') return currency ? { field: 'price', currency } : { field: 'price' };
    return { field: choice.field };
  });
}
