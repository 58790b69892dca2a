import { expect, type Page } from '@playwright/test';
import type { ListCreate } from '@postlark/shared/audience';
import { IMPORT_CONSENT_WORDING } from '@postlark/shared/imports';

// The audience's tools (Import, Segments, Forms), found by the names they give their parts.

export function importPage(page: Page) {
  const setup = page.getByRole('form', { name: 'New import' });
  return {
    heading: page.getByRole('heading', { level: 1, name: 'Import subscribers' }),
    /** What the file holds: 'Subscribers' or 'Products'. */
    kind: (name: 'Subscribers' | 'Products') => setup.getByRole('radio', { name, exact: true }),
    file: setup.getByLabel('CSV file'),
    preview: setup.getByRole('table', { name: 'File preview' }),
    holds: (column: number) => setup.getByRole('combobox', { name: `Column ${column} holds` }),
    attributeName: (column: number) => setup.getByRole('textbox', { name: `Column ${column} attribute name` }),
    priceCurrency: (column: number) => setup.getByRole('textbox', { name: `Column ${column} currency` }),
    header: setup.getByRole('checkbox', { name: 'First row is a header' }),
    list: (name: string) => setup.getByRole('checkbox', { name, exact: true }),
    consent: setup.getByRole('checkbox', { name: IMPORT_CONSENT_WORDING }),
    start: setup.getByRole('button', { name: 'Start import' }),
    progress: page.getByRole('progressbar', { name: 'Import progress' }),
    report: page.getByRole('region', { name: 'Import report' }),
    recent: page.getByRole('region', { name: 'Recent imports' }),
  };
}

/** The Products page: the catalogue's search, table and pages. */
export function productsPage(page: Page) {
  const table = page.getByRole('table', { name: 'Products' });
  return {
    heading: page.getByRole('heading', { level: 1, name: 'Products' }),
    search: page.getByRole('searchbox', { name: 'Search products' }),
    table,
    rows: table.getByRole('row'),
    row: (title: string) => table.getByRole('row').filter({ hasText: title }),
    importProducts: page.getByRole('link', { name: 'Import products' }).first(),
    pager: page.getByRole('navigation', { name: 'Product pages' }),
  };
}

export function segmentsPage(page: Page) {
  const builder = page.getByRole('form', { name: /^(New segment|Edit segment)$/ });
  const condition = (index: number) => builder.getByRole('listitem', { name: `Condition ${index}` });
  return {
    heading: page.getByRole('heading', { level: 1, name: 'Segments' }),
    create: page.getByRole('button', { name: 'New segment', exact: true }),
    builder,
    name: builder.getByRole('textbox', { name: 'Segment name' }),
    count: builder.getByRole('status', { name: 'Matching subscribers' }),
    addCondition: builder.getByRole('button', { name: 'Add condition' }),
    field: (index: number) => condition(index).getByRole('combobox', { name: `Condition ${index} field` }),
    comparison: (index: number) => condition(index).getByRole('combobox', { name: `Condition ${index} comparison` }),
    value: (index: number) => condition(index).getByRole('textbox', { name: `Condition ${index} value` }),
    /** The attribute picker: the keys the account's subscribers have, "plan (2 people)". */
    attributeKey: (index: number) => condition(index).getByRole('combobox', { name: `Condition ${index} attribute name` }),
    save: builder.getByRole('button', { name: 'Save segment' }),
    card: (name: string) => page.getByRole('article', { name }),
  };
}

export function formsPage(page: Page) {
  const dialog = page.getByRole('dialog', { name: /^(New form|Edit form)$/ });
  return {
    heading: page.getByRole('heading', { level: 1, name: 'Forms' }),
    create: page.getByRole('button', { name: 'New form', exact: true }),
    card: (name: string) => page.getByRole('article', { name }),
    dialog: {
      root: dialog,
      name: dialog.getByRole('textbox', { name: 'Name' }),
      list: dialog.getByRole('combobox', { name: 'List' }),
      title: dialog.getByRole('textbox', { name: 'Title' }),
      intro: dialog.getByRole('textbox', { name: 'Introduction' }),
      buttonLabel: dialog.getByRole('textbox', { name: 'Button label' }),
      submit: dialog.getByRole('button', { name: /^(Create form|Save form)$/ }),
    },
  };
}

/** A list made through the API in the browser's own session; resolves with its id. */
export async function createListByApi(page: Page, body: ListCreate): Promise<string> {
  const response = await page.request.post('/api/audience/v1/lists', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  const answer = (await response.json()) as { payload: { list: { id: string } } };
  return answer.payload.list.id;
}
