import { IMPORT_MESSAGES } from '@postlark/shared/imports';
import { PRODUCT_MESSAGES } from '@postlark/shared/products';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../src/lib/csv-reader';
import { useAccountsApp } from './support/accounts-app';
import { IMPORTS, importFinished, uploadImport } from './support/imports';

const accounts = useAccountsApp();
const call = accounts.call;

type Customer = Awaited<ReturnType<typeof accounts.signedInCustomer>>;

const MAPPING = [
  { field: 'id' },
  { field: 'title' },
  { field: 'price' },
  { field: 'currency' },
  { field: 'categories' },
  { field: 'in_stock' },
  { field: 'url' },
  { field: 'ignore' },
];

const FILE = [
  'SKU,Name,Price,Currency,Categories,In stock,Link,Notes',
  'shirt-1,Linen shirt,49.50,eur,Shirts|Linen; Summer ,yes,https://shop.example/shirt-1,',
  'mug-1,"Mug, large",12,USD,,0,,"a ""quoted"" note"',
  'bad-price,Plate,"12,50",EUR,,,,',
  'bad-stock,Bowl,3,EUR,,maybe,,',
  'shirt-1,Linen shirt again,1,EUR,,,,repeated',
  ',No id,1,EUR,,,,',
  'no-title,,1,EUR,,,,',
  'bad-url,Spoon,1,EUR,,,ftp://shop.example/spoon,',
  'no-currency,Fork,2,,,,,',
].join('\r\n');

async function catalogueOf(customer: Customer) {
  const page = (await call('GET', 'audience/v1/products?limit=200', customer.cookie)).json().payload;
  return page.products.map((product: { id: string; title: string; price: number | null; currency: string | null; categories: string[]; in_stock: boolean }) =>
    [product.id, product.title, product.price, product.currency, product.categories.join('/'), product.in_stock].join('|'),
  );
}

async function importProducts(customer: Customer, text: string, body: object = {}) {
  const { id, sent } = await uploadImport(accounts, customer, text, { file_name: 'products.csv', kind: 'products', columns: MAPPING, ...body });
  expect(sent.statusCode, sent.body).toBe(202);
  return { id, done: await importFinished(accounts, customer, id) };
}

describe('CSV import of products', () => {
  it('adds the good rows to the catalogue, lists each rejected row with the reason, and changes nothing the second time', async () => {
    const customer = await accounts.signedInCustomer();
    const { id, done } = await importProducts(customer, FILE);
    expect(done).toMatchObject({ kind: 'products', status: 'done', rows_done: 9, added: 2, updated: 0, unchanged: 0, rejected: 7, bytes_done: Buffer.byteLength(FILE) });
    expect(await catalogueOf(customer)).toEqual(['mug-1|Mug, large|12|USD||false', 'shirt-1|Linen shirt|49.5|EUR|Shirts/Linen/Summer|true']);
    const shirt = (await call('GET', 'audience/v1/products?q=shirt', customer.cookie)).json().payload.products[0];
    expect(shirt.url).toBe('https://shop.example/shirt-1');

    const rejections = await accounts.app.inject({ method: 'GET', url: done.rejections_url, headers: { cookie: customer.cookie } });
    expect(readCsv(rejections.body.slice(1)).map((row) => row.slice(0, 3))).toEqual([
      ['row', 'reason', 'original row'],
      ['4', PRODUCT_MESSAGES.priceCell, 'bad-price'],
      ['5', PRODUCT_MESSAGES.inStockCell, 'bad-stock'],
      ['6', PRODUCT_MESSAGES.repeatedInFile, 'shirt-1'],
      ['7', PRODUCT_MESSAGES.idInvalid, ''],
      ['8', PRODUCT_MESSAGES.titleRequiredNew, 'no-title'],
      ['9', PRODUCT_MESSAGES.urlInvalid, 'bad-url'],
      ['10', PRODUCT_MESSAGES.priceWithoutCurrency, 'no-currency'],
    ]);
    expect((await call('GET', IMPORTS, customer.cookie)).json().payload.imports[0]).toMatchObject({ id, kind: 'products', added: 2 });

    // The same file again: nothing new, nothing changed.
    expect((await importProducts(customer, FILE)).done).toMatchObject({ added: 0, updated: 0, unchanged: 2, rejected: 7 });

    // A stock file (id and stock only) changes the stock and keeps the rest; a new id needs its title.
    const stock = await importProducts(customer, 'id,stock\nshirt-1,no\nmug-1,FALSE\nnew-1,yes\n', { columns: [{ field: 'id' }, { field: 'in_stock' }] });
    expect(stock.done).toMatchObject({ added: 0, updated: 1, unchanged: 1, rejected: 1 });
    expect(await catalogueOf(customer)).toEqual(['mug-1|Mug, large|12|USD||false', 'shirt-1|Linen shirt|49.5|EUR|Shirts/Linen/Summer|false']);
  });

  it("takes the price column's currency for rows that name none, and the file's own where it does", async () => {
    const customer = await accounts.signedInCustomer();
    const columns = [{ field: 'id' }, { field: 'title' }, { field: 'price', currency: 'gbp' }, { field: 'currency' }];
    const { done } = await importProducts(customer, 'id,title,price,currency\na,Apple,1.25,\nb,Banana,0.5,EUR\nc,Cherry,,\n', { columns });
    expect(done).toMatchObject({ added: 3, rejected: 0 });
    expect(await catalogueOf(customer)).toEqual(['a|Apple|1.25|GBP||true', 'b|Banana|0.5|EUR||true', 'c|Cherry||||true']);
  });

  it('refuses a mapping that is not a products one, with the field named', async () => {
    const customer = await accounts.signedInCustomer();
    const list = (await call('POST', 'audience/v1/lists', customer.cookie, { name: 'Buyers' })).json().payload.list;
    const cases: [object, string, string][] = [
      [{ kind: 'products', columns: [{ field: 'title' }] }, 'columns', PRODUCT_MESSAGES.idColumn],
      [{ kind: 'products', columns: [{ field: 'id' }, { field: 'email' }] }, 'columns', IMPORT_MESSAGES.columnInvalid],
      [{ kind: 'products', columns: [{ field: 'id' }, { field: 'title' }, { field: 'title' }] }, 'columns', PRODUCT_MESSAGES.fieldColumnTwice],
      [{ kind: 'products', columns: [{ field: 'id' }, { field: 'price', currency: 'EURO' }] }, 'columns.1.currency', PRODUCT_MESSAGES.currencyInvalid],
      [{ kind: 'products', columns: [{ field: 'id' }], list_ids: [list.id] }, 'list_ids', IMPORT_MESSAGES.listsForSubscribers],
      [{ columns: [{ field: 'email' }, { field: 'price' }] }, 'columns', IMPORT_MESSAGES.columnInvalid],
      [{ kind: 'orders', columns: [{ field: 'id' }] }, 'kind', IMPORT_MESSAGES.kindInvalid],
    ];
    for (const [body, field, message] of cases) {
      const answer = await call('POST', IMPORTS, customer.cookie, { file_name: 'p.csv', ...body });
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().payload.errors[field], JSON.stringify(body)).toBe(message);
    }
    expect((await call('GET', IMPORTS, customer.cookie)).json().payload.imports).toEqual([]);
  });

  it('reads a large file in pieces, and fails for good, with the reason, on a quote that never closes', async () => {
    const customer = await accounts.signedInCustomer();
    const lines = ['id,title,price,currency,categories,in_stock,url,notes'];
    for (let index = 0; index < 5_000; index += 1) lines.push(`p${index},"Product, ${index}",${index}.99,EUR,a;b,1,https://shop.example/p${index},${'x'.repeat(300)}`);
    const text = lines.join('\n');
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024 * 1024);
    expect((await importProducts(customer, text)).done).toMatchObject({ status: 'done', rows_done: 5_000, added: 5_000, rejected: 0 });
    const last = (await call('GET', 'audience/v1/products?q=Product%2C%204999', customer.cookie)).json().payload;
    expect(last).toMatchObject({ total: 1, products: [{ id: 'p4999', price: 4999.99, categories: ['a', 'b'] }] });

    const broken = await importProducts(customer, `id,title\r\nx,"Unclosed${'x'.repeat(100 * 1024)}\r\n`, { columns: [{ field: 'id' }, { field: 'title' }] });
    expect(broken.done).toMatchObject({ status: 'failed', error: IMPORT_MESSAGES.cellTooLong(2) });
  });

  it("puts products in the importing customer's catalogue only", async () => {
    const owner = await accounts.signedInCustomer();
    const stranger = await accounts.signedInCustomer();
    const { id } = await importProducts(owner, 'id,title\nmine,Mine\n', { columns: [{ field: 'id' }, { field: 'title' }] });
    expect(await catalogueOf(owner)).toEqual(['mine|Mine||||true']);
    expect(await catalogueOf(stranger)).toEqual([]);
    expect((await call('GET', `${IMPORTS}/${id}`, stranger.cookie)).statusCode).toBe(404);
  });
});
