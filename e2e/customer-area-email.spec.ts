import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import { PROFILE_MESSAGES } from '@postlark/shared/profile';
import { ROUTES } from '@postlark/shared/routes';
import { expectCleanAddress, expectDashboardFor, signIn } from './support/account-pages';
import { createCustomer, customerDetails, uniqueEmail } from './support/accounts';
import { dashboardShell, expectOnLogin, profilePage, signedInCustomer } from './support/customer-area';
import { expect, isolatedTest, relayTest } from './support/fixtures';
import { linkIn, linkParams } from './support/mail';
import { toast } from './support/page-helpers';

// Issue 4, point 7: a new email address is applied only through the link mailed to it, with a
// notice to the old one; the mail goes through a real SMTP server on loopback.

relayTest.describe('customer area: email change', () => {
  relayTest('the link mailed to the new address changes it; the old address is told; the new one signs in', async ({
    page,
    request,
    baseURL,
    inbox,
  }) => {
    const taken = await createCustomer({ request, baseURL: baseURL!, inbox }, customerDetails(uniqueEmail('taken')));
    const customer = await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'old-address', { first_name: 'Mary' });
    const newEmail = uniqueEmail('new-address');
    const oldMailsBefore = await inbox.count(customer.email);

    await page.goto(ROUTES.profile);
    const profile = profilePage(page);
    await expect(profile.basic.email).toHaveValue(customer.email);
    await expect(profile.basic.currentPassword).toHaveCount(0);

    // A new address needs the current password: the field appears once the address is edited.
    await profile.basic.email.fill(newEmail);
    await expect(profile.basic.currentPassword).toBeVisible();
    await profile.basic.update.click();
    await expect(profile.basic.currentPassword).toHaveAccessibleDescription(PROFILE_MESSAGES.currentPasswordRequired);
    await profile.basic.currentPassword.fill('Wrong$Pass2026');
    await profile.basic.update.click();
    await expect(profile.basic.currentPassword).toHaveAccessibleDescription(PROFILE_MESSAGES.currentPasswordWrong);
    await profile.basic.currentPassword.fill(customer.password);

    // The server's field message: the same address, however it is written.
    await profile.basic.email.fill(customer.email.toUpperCase());
    await profile.basic.update.click();
    await expect(profile.basic.email).toHaveAttribute('aria-invalid', 'true');
    await expect(profile.basic.email).toHaveAccessibleDescription(PROFILE_MESSAGES.sameEmail);
    await expect(toast(page, PROFILE_MESSAGES.sameEmail)).toBeVisible();

    // Another account's address: the 409's message, under the field.
    await profile.basic.email.fill(taken.email);
    await profile.basic.update.click();
    await expect(profile.basic.email).toHaveAccessibleDescription(PROFILE_MESSAGES.emailTaken);

    await profile.basic.email.fill(newEmail);
    await profile.basic.update.click();
    await expect(profile.basic.form.getByRole('status')).toHaveText(PROFILE_MESSAGES.emailChangeSent);
    await expect(toast(page, PROFILE_MESSAGES.emailChangeSent)).toBeVisible();
    // Nothing changes until the link is opened.
    await expect(profile.basic.email).toHaveValue(customer.email);

    const notice = await inbox.message(customer.email, oldMailsBefore);
    expect(notice.text).toContain(newEmail);
    // Its one token link cancels; nothing in it confirms.
    expect(notice.text).not.toContain(ROUTES.confirmEmail);
    expect(linkIn(notice, baseURL!, ROUTES.cancelEmailChange)).toContain('token=');
    const link = linkIn(await inbox.message(newEmail), baseURL!, ROUTES.confirmEmail);

    await page.goto(link);
    await expectCleanAddress(page, ROUTES.confirmEmail);
    await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
    // Opening the link, scripts and all (as some mail scanners do), changes nothing: the person presses the button.
    await page.waitForLoadState('networkidle');
    expect((await (await page.request.get('/api/authentication/v1/session')).json()).payload.email).toBe(customer.email);
    await page.getByRole('button', { name: 'Confirm new email address' }).click();
    await expect(page.getByRole('status').filter({ hasText: PROFILE_MESSAGES.emailChanged })).toBeVisible();
    // Still signed in here: the page leads to the profile, which shows the new address.
    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.profile);
    await expect(profilePage(page).basic.email).toHaveValue(newEmail);

    // The link works once.
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm new email address' }).click();
    await expect(page.getByRole('alert').filter({ hasText: AUTH_API_MESSAGES.badToken })).toBeVisible();

    await page.goto(ROUTES.dashboard);
    await dashboardShell(page).avatar.click();
    await dashboardShell(page).logOut.click();
    await expectOnLogin(page);
    await signIn(page, newEmail, customer.password);
    await expectDashboardFor(page, 'Mary');
  });
});

relayTest.describe('customer area: "this wasn\'t me"', () => {
  relayTest('the cancel link in the notice to the old address voids the change and signs every device out, on a click', async ({
    page,
    request,
    baseURL,
    inbox,
  }) => {
    const customer = await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'cancel-owner');
    const session = async () => (await page.request.get('/api/authentication/v1/session')).status();
    const profile = (await (await page.request.get('/api/authentication/v1/session')).json()).payload;
    const newEmail = uniqueEmail('intruder');
    const before = await inbox.count(customer.email);
    const asked = await page.request.post(`/api/home/v1/user/${profile.customer_id}/email`, { data: { new_email: newEmail, current_password: customer.password } });
    expect(asked.status()).toBe(200);
    const confirmLink = linkParams(linkIn(await inbox.message(newEmail), baseURL!, ROUTES.confirmEmail));
    const cancelLink = linkIn(await inbox.message(customer.email, before), baseURL!, ROUTES.cancelEmailChange);

    await page.goto(cancelLink);
    await expectCleanAddress(page, ROUTES.cancelEmailChange);
    await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
    // Opening it, scripts and all, cancels nothing.
    await page.waitForLoadState('networkidle');
    expect(await session()).toBe(200);
    await page.getByRole('button', { name: 'Cancel the change' }).click();
    await expect(page.getByRole('status').filter({ hasText: PROFILE_MESSAGES.emailChangeCancelled })).toBeVisible();
    expect(await session()).toBe(401);
    const late = await page.request.post('/api/authentication/v1/email-change/confirm', { data: confirmLink });
    expect(late.status()).toBe(400);
    await page.getByRole('link', { name: 'Sign in or reset your password' }).click();
    await expectOnLogin(page);
  });
});

// A server of its own: a refused link is a failed token check, kept off the worker's shared server.
isolatedTest('a confirmation link that is not valid shows the server\'s message and leads to sign in', async ({ page }) => {
  await page.goto(`${ROUTES.confirmEmail}?token=not-a-real-token&email=${encodeURIComponent(uniqueEmail('nobody'))}`);
  await expectCleanAddress(page, ROUTES.confirmEmail);
  await page.getByRole('button', { name: 'Confirm new email address' }).click();
  await expect(page.getByRole('alert').filter({ hasText: AUTH_API_MESSAGES.badToken })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expectOnLogin(page);
});
