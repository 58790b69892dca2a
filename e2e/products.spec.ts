import { writeFile } from 'node:fs/promises';
import { PRODUCT_MESSAGES } from '@postlark/shared/products';
import { ROUTES } from '@postlark/shared/routes';
import { importPage, productsPage } from './support/audience-tools-pages';
import { dashboardShell, signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';

// The product catalogue against the real server: a shop's product CSV imported from the Products
// page, then the catalogue searched, at desktop and phone widths.

const CSV = [
  'SKU,Name,Variant Price,Currency,Tags,Stock,Notes',
  'shirt-1,Linen shirt,49.50,EUR,Shirts|Summer,yes,bestseller',
  'mug-1,Enamel mug,12,,Kitchen,no,',
  'cap-1,Wool cap,20,USD,,1,',
  'bad-1,Broken price,"12,50",EUR,,yes,',
].join('\n');

test.describe('products', () => {
  test('a products CSV is imported from the Products page, then searched on it', async ({ page, request, baseURL, inbox }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'products');
    const shell = dashboardShell(page);
    await shell.sidebar.getByRole('button', { name: 'Subscribers' }).click();
    await shell.sidebar.getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.products);
    const products = productsPage(page);
    await expect(products.heading).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible();

    // The import page opens for products: its columns are guessed from the shop's headers.
    await products.importProducts.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible();
    const tools = importPage(page);
    await expect(tools.kind('Products')).toBeChecked();
    const file = testInfo.outputPath('products.csv');
    await writeFile(file, CSV);
    await tools.file.setInputFiles(file);
    await expect(tools.preview.getByRole('cell', { name: 'Linen shirt' })).toBeVisible();
    for (const [column, field] of ['id', 'title', 'price', 'currency', 'categories', 'in_stock', 'ignore'].entries()) await expect(tools.holds(column + 1)).toHaveValue(field);
    // No list to join for products; the mug names no currency, so the price column gives one.
    await expect(tools.list('Imported')).toHaveCount(0);
    await tools.priceCurrency(3).fill('GBP');
    await tools.start.click();
    await expect(tools.report).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: 'All products' })).toHaveAttribute('href', ROUTES.products);
    await expect(tools.report.getByRole('definition').nth(0)).toHaveText('3');
    await expect(tools.report.getByRole('definition').nth(3)).toHaveText('1');
    await expect(tools.recent.getByText('Products', { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('import-products-1440.png'), fullPage: true });

    await shell.sidebar.getByRole('link', { name: 'Products' }).click();
    await expect(products.rows).toHaveCount(4);
    const shirt = products.row('Linen shirt');
    await expect(shirt).toContainText('shirt-1');
    await expect(shirt).toContainText('€49.50');
    await expect(shirt).toContainText('In stock');
    await expect(shirt.getByRole('listitem')).toHaveText(['Shirts', 'Summer']);
    await expect(shirt.getByRole('link', { name: 'Linen shirt' })).toHaveCount(0);
    await expect(products.row('Enamel mug')).toContainText('£12.00');
    await expect(products.row('Enamel mug')).toContainText('Out of stock');
    await expect(products.row('Wool cap')).toContainText('US$20.00');
    await expect(products.pager).toContainText('Showing 1–3 of 3');
    await page.screenshot({ path: testInfo.outputPath('products-1440.png'), fullPage: true });

    // Search: in the address, so a reload keeps it.
    await products.search.fill('mug');
    await expect(products.rows).toHaveCount(2);
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'mug');
    await page.reload();
    await expect(products.search).toHaveValue('mug');
    await expect(products.row('Enamel mug')).toBeVisible();
    await products.search.fill('nothing like it');
    await expect(page.getByRole('heading', { name: 'No products match' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(products.rows).toHaveCount(4);

    // A phone: each product a stacked row, nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(products.row('Linen shirt')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: testInfo.outputPath('products-375.png'), fullPage: true });
  });

  test('the import page says why a products mapping cannot start', async ({ page, request, baseURL, inbox }, testInfo) => {
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'products-mapping');
    await page.goto(`${ROUTES.imports}?kind=products`);
    const tools = importPage(page);
    const file = testInfo.outputPath('two-titles.csv');
    await writeFile(file, 'Code,Title,Name\nx1,Hat,Hat again\n');
    await tools.file.setInputFiles(file);
    await expect(tools.holds(1)).toHaveValue('id');
    await tools.holds(3).selectOption('title');
    await tools.start.click();
    await expect(page.getByRole('alert').filter({ hasText: PRODUCT_MESSAGES.fieldColumnTwice })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('import-products-setup-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: testInfo.outputPath('import-products-setup-375.png'), fullPage: true });
    // Back to subscribers: the columns are guessed again for an audience, and the page says so.
    // From the top: scrolled down to the error at phone width, the sticky top bar can cover the choice.
    await page.evaluate(() => window.scrollTo(0, 0));
    await tools.kind('Subscribers').check();
    await expect(tools.heading).toBeVisible();
    await expect(tools.holds(1)).toHaveValue('attribute');
  });
});
