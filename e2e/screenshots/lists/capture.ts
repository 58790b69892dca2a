import { ROUTES } from '@postlark/shared/routes';
import { signedInCustomer } from '../../support/customer-area';
import { test } from '../../support/fixtures';
import { confirmSender } from '../../support/senders';
import { shoot, WIDTHS } from '../shoot';

// The New list dialog with who its confirmations come from (issue 38, point 6), at 1440 and 390 px
// wide, into e2e/screenshots/out/.

test('lists: the new list dialog with its confirmation sender', async ({ page, request, baseURL, inbox }) => {
  test.setTimeout(120_000);
  await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'lists-shots', { first_name: 'Ada', last_name: 'Lovelace' });
  const sender = `letters-${Date.now().toString(36)}@lark.example`;
  await confirmSender(page, inbox, sender);
  for (const [name, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await page.goto(ROUTES.lists);
    await page.getByRole('button', { name: 'New list' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New list' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('The Weekly Lark');
    await dialog.getByRole('textbox', { name: 'From name' }).fill('The Weekly Lark team');
    await dialog.getByLabel('From email').selectOption(sender);
    await shoot(page, `${name}-list-sender`);
  }
});
