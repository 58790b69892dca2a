import { describe, expect, it } from 'vitest';
import { attributeName, guessColumns, importColumns } from './import-mapping';

describe('import mapping', () => {
  it('guesses the fields from the headers', () => {
    expect(guessColumns(['E-mail', 'First Name', 'surname', 'Timezone', 'Plan type', ''])).toEqual([
      { field: 'email', key: '' },
      { field: 'first_name', key: '' },
      { field: 'last_name', key: '' },
      { field: 'timezone', key: '' },
      { field: 'attribute', key: 'Plan_type' },
      { field: 'ignore', key: 'column_6' },
    ]);
  });

  it('finds the email column from the values when no header names it', () => {
    expect(guessColumns(['a', 'b'], ['Ada', 'ada@example.com']).map((choice) => choice.field)).toEqual(['attribute', 'email']);
  });

  it('sanitises attribute names', () => {
    expect(attributeName(' 2nd: plan (€) ')).toBe('nd_plan');
    expect(attributeName('###')).toBe('');
  });

  it('sends keys only for attributes', () => {
    expect(importColumns([{ field: 'email', key: 'x' }, { field: 'attribute', key: 'plan' }])).toEqual([{ field: 'email' }, { field: 'attribute', key: 'plan' }]);
  });

  it('guesses a products file from its headers, the first column the id when none says so', () => {
    expect(guessColumns(['SKU', 'Name', 'Variant Price', 'Tags', 'Stock', 'Notes', 'Name'], [], 'products').map((choice) => choice.field)).toEqual([
      'id',
      'title',
      'price',
      'categories',
      'in_stock',
      'ignore',
      'ignore',
    ]);
    expect(guessColumns(['Code', 'Title'], [], 'products').map((choice) => choice.field)).toEqual(['id', 'title']);
  });

  it("sends a price column's currency only when one is typed", () => {
    expect(importColumns([{ field: 'id', key: '' }, { field: 'price', key: '', currency: ' eur ' }, { field: 'price', key: '', currency: '' }])).toEqual([
      { field: 'id' },
      { field: 'price', currency: 'eur' },
      { field: 'price' },
    ]);
  });
});
