import { ACCOUNT_TIMINGS } from '@postlark/shared/account';
import { ACCOUNT_MESSAGES, AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import { ROUTES } from '@postlark/shared/routes';
import { createCustomer, customerDetails, uniqueEmail } from './support/accounts';
import { expectCleanAddress, expectDashboardFor, expectFieldError, loginScreen, resetScreen, signIn } from './support/account-pages';
import { expect, relayTest } from './support/fixtures';
import { linkIn } from './support/mail';
import { toast } from './support/page-helpers';

// SPEC sections 2, 4, 5 and 8 (Sign-in's Forget Password, Password reset): from /login to a new
// password, with the mail received by a real SMTP relay on loopback.

const NEW_PASSWORD = 'Fresh&Start42';

relayTest.describe('password reset', () => {
  relayTest('from /login: the mailed link, the form rules, the new password signs in and the old one no longer does', async ({
    page,
    request,
    baseURL,
    inbox,
  }) => {
    const customer = await createCustomer({ request, baseURL: baseURL!, inbox }, customerDetails(uniqueEmail('reset'), { first_name: 'Ada' }));
    const mailsBefore = await inbox.count(customer.email);

    await page.goto(ROUTES.login);
    const login = loginScreen(page);
    await login.forgetPassword.click();
    await expectFieldError(page, login.email, ACCOUNT_MESSAGES.enterEmailFirst);

    await login.email.fill(customer.email);
    await expect(page.getByText(ACCOUNT_MESSAGES.enterEmailFirst, { exact: true })).toHaveCount(0);
    await login.forgetPassword.click();
    await expect(toast(page, ACCOUNT_MESSAGES.resetEmailSent)).toBeVisible();

    const resetMail = await inbox.message(customer.email, mailsBefore);
    const link = linkIn(resetMail, baseURL!, ROUTES.forgetPassword);
    await page.goto(link);
    await expectCleanAddress(page, ROUTES.forgetPassword);
    await expect(page.getByRole('main').getByText(customer.email)).toBeVisible();

    const reset = resetScreen(page);
    await reset.submit.click();
    await expect(reset.message(ACCOUNT_MESSAGES.bothFieldsRequired)).toBeVisible();
    await expect(reset.newPassword).toHaveAttribute('aria-invalid', 'true');
    await expect(reset.confirm).toHaveAttribute('aria-invalid', 'true');

    // Any edit clears the message; one field alone is still not enough.
    await reset.newPassword.fill(NEW_PASSWORD);
    await expect(reset.message(ACCOUNT_MESSAGES.bothFieldsRequired)).toHaveCount(0);
    await reset.submit.click();
    await expect(reset.message(ACCOUNT_MESSAGES.bothFieldsRequired)).toBeVisible();

    await reset.confirm.fill(`${NEW_PASSWORD}x`);
    await reset.submit.click();
    await expect(reset.message(ACCOUNT_MESSAGES.passwordsDontMatch)).toBeVisible();
    await expect(reset.confirm).toHaveAttribute('aria-invalid', 'true');
    await expect(reset.message(ACCOUNT_MESSAGES.bothFieldsRequired)).toHaveCount(0);

    await reset.newPassword.fill('weakpass');
    await reset.confirm.fill('weakpass');
    await reset.submit.click();
    await expect(reset.message(ACCOUNT_MESSAGES.passwordRule)).toBeVisible();
    await expect(reset.newPassword).toHaveAttribute('aria-invalid', 'true');

    await reset.newPassword.fill(NEW_PASSWORD);
    await reset.confirm.fill(NEW_PASSWORD);
    await reset.submit.click();
    await expect(toast(page, ACCOUNT_MESSAGES.resetSuccess)).toBeVisible();
    const shownAt = Date.now();
    // SPEC section 9: on to /login after 2 seconds, not at once.
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.forgetPassword);
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.login, { timeout: ACCOUNT_TIMINGS.resetRedirectMs + 5_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(ACCOUNT_TIMINGS.resetRedirectMs / 2);

    // The owner is told, by a notice that carries no link to act on.
    const notice = await inbox.message(customer.email, mailsBefore + 1);
    expect(notice.text).not.toContain('token=');

    await signIn(page, customer.email, customer.password);
    await expect(login.error(AUTH_API_MESSAGES.badCredentials)).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.login);

    await login.password.fill(NEW_PASSWORD);
    await expect(login.error(AUTH_API_MESSAGES.badCredentials)).toHaveCount(0);
    await login.signIn.click();
    await expectDashboardFor(page, customer.first_name);

    // The link worked once: opened again, the reset is refused with the server's message.
    await page.goto(link);
    await resetScreen(page).newPassword.fill('Another$Pass9');
    await resetScreen(page).confirm.fill('Another$Pass9');
    await resetScreen(page).submit.click();
    await expect(toast(page, AUTH_API_MESSAGES.badToken)).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.forgetPassword);
  });
});
