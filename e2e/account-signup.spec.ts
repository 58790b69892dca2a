import type { Page } from '@playwright/test';
import type { UserProfile } from '@postlark/shared/account';
import { ACCOUNT_MESSAGES } from '@postlark/shared/account-messages';
import { ROUTES } from '@postlark/shared/routes';
import { countryName, customerDetails, STRONG_PASSWORD, uniqueEmail, type CustomerDetails } from './support/accounts';
import {
  basicScreen,
  expectCleanAddress,
  expectDashboardFor,
  fillBasicDetails,
  SEND_VERIFICATION,
  signIn,
  signupScreen,
} from './support/account-pages';
import { expect, relayTest, test } from './support/fixtures';
import { linkIn } from './support/mail';
import { expectTopCenter, toast } from './support/page-helpers';

// SPEC sections 2 and 4 (Sign-up, Basic details, Sign-in), end to end against the real server and
// its real mail: the journey with a loopback SMTP relay, and again through the dev outbox.

/** Step 1 of /signup: the email goes in, the mail goes out, the field empties. */
async function requestSignupLink(page: Page, email: string): Promise<void> {
  await page.goto(ROUTES.signup);
  const signup = signupScreen(page);
  await expect(signup.hint).toBeVisible();
  await expect(signup.password).toBeDisabled();
  await expect(signup.submit).toHaveText(SEND_VERIFICATION);
  await signup.email.fill(email);
  await signup.submit.click();
  await expectTopCenter(page, toast(page, ACCOUNT_MESSAGES.emailSent));
  await expect(signup.email).toHaveValue('');
}

/** The page a verification link opened: verified, the email filled in, the token gone from the address. */
async function expectVerified(page: Page, email: string): Promise<void> {
  const signup = signupScreen(page);
  await expect(signup.verified).toBeVisible();
  await expect(signup.email).toHaveValue(email);
  await expect(signup.password).toBeEnabled();
  await expect(signup.submit).toHaveText(ACCOUNT_MESSAGES.signUpButton);
  await expectCleanAddress(page, ROUTES.signup);
}

/** Step 2, /basic, and the first sign-in, which lands on the dashboard. */
async function finishSignup(page: Page, details: CustomerDetails): Promise<void> {
  const signup = signupScreen(page);
  await signup.password.fill(details.password);
  await signup.submit.click();

  await expect(page).toHaveURL((url) => url.pathname === ROUTES.basic);
  await fillBasicDetails(page, details, ['linkedin', 'google']);
  await basicScreen(page).submit.click();
  await expect(toast(page, ACCOUNT_MESSAGES.signupSuccess)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.login);

  await signIn(page, details.email, details.password);
  await expectDashboardFor(page, details.first_name);
}

relayTest.describe('sign-up through a real SMTP relay', () => {
  relayTest('the whole journey: /signup, the mail, its link, password, /basic, /login, /dashboard', async ({ page, smtp, baseURL, inbox }) => {
    const details = customerDetails(uniqueEmail('journey'), {
      first_name: 'Grace',
      last_name: 'Hopper',
      gender: 'Female',
      dob: '1986-12-09',
      // A name from the real countries list, one that must survive every hop as typed.
      country: await countryName(page.request, 'CW'),
    });
    expect(details.country).toBe('Curaçao');

    await requestSignupLink(page, details.email);

    const mail = await inbox.message(details.email);
    expect(smtp.messagesTo(details.email)).toHaveLength(1);
    expect(mail.to).toBe(details.email);
    const link = linkIn(mail, baseURL!, ROUTES.signup);
    // The HTML part's button opens the same link as the text part.
    expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);

    await page.goto(link);
    await expectVerified(page, details.email);

    await finishSignup(page, details);

    // What the server stored: the profile of the signed-in customer holds the six fields.
    const session = await page.request.get('/api/authentication/v1/session');
    expect(session.status()).toBe(200);
    const { customer_id: customerId } = ((await session.json()) as { payload: { customer_id: string } }).payload;
    const profile = await page.request.get(`/api/home/v1/user/${customerId}`);
    expect(profile.status()).toBe(200);
    const { payload } = (await profile.json()) as { payload: UserProfile };
    expect(payload.email).toBe(details.email);
    expect(payload.additional_info).toMatchObject({
      first_name: details.first_name,
      last_name: details.last_name,
      dob: details.dob,
      country: details.country,
      gender: details.gender,
    });
    // Sign-up sent exactly one mail.
    expect(smtp.messages).toHaveLength(1);
  });
});

test.describe('sign-up through the dev outbox', () => {
  test('the link from /dev/mailbox verifies, and the new account signs in', async ({ page, context, inbox }) => {
    const details = customerDetails(uniqueEmail('outbox'), { first_name: 'Katherine', last_name: 'Johnson', password: STRONG_PASSWORD });

    await requestSignupLink(page, details.email);
    // The queue delivers to the outbox in the background; the list page shows it once it has.
    const mail = await inbox.message(details.email);

    await page.goto('/dev/mailbox');
    const row = page.getByRole('row').filter({ hasText: details.email });
    await expect(row).toHaveCount(1);
    await row.getByRole('link', { name: mail.subject }).click();

    // The message as its HTML shows it; its button opens the link in a new tab, like a mail client.
    const opened = context.waitForEvent('page');
    await page.getByRole('link', { name: 'Verify my email' }).click();
    const signupPage = await opened;
    await signupPage.waitForLoadState();

    await expectVerified(signupPage, details.email);
    await finishSignup(signupPage, details);
  });
});

// Issue 38, point 3: within the sign-up ticket's life the step survives a reload, and a link
// opened again says what to do next; no new verification mail is needed for either.
test.describe('sign-up survives a reload', () => {
  test('reloading /basic keeps the step and its email; reloading /signup keeps step 2; the account is made with the password set before', async ({ page, inbox, baseURL }) => {
    const details = customerDetails(uniqueEmail('reload'), { first_name: 'Mary', last_name: 'Somerville' });
    await requestSignupLink(page, details.email);
    const link = linkIn(await inbox.message(details.email), baseURL!, ROUTES.signup);
    await page.goto(link);
    await expectVerified(page, details.email);

    // A reload of /signup after verifying: still step 2, for the same address.
    await page.reload();
    const signup = signupScreen(page);
    await expect(signup.email).toHaveValue(details.email);
    await expect(signup.password).toBeEnabled();
    await expect(signup.submit).toHaveText(ACCOUNT_MESSAGES.signUpButton);

    await signup.password.fill(details.password);
    await signup.submit.click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.basic);
    await page.reload();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.basic);
    await expect(page.getByRole('main')).toContainText(`Almost done, ${details.email}.`);
    await fillBasicDetails(page, details);
    await basicScreen(page).submit.click();
    await expect(toast(page, ACCOUNT_MESSAGES.signupSuccess)).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.login);
    await signIn(page, details.email, details.password);
    await expectDashboardFor(page, details.first_name);
    // One verification mail did it all.
    expect(await inbox.count(details.email)).toBe(1);
  });

  test('an already-used link in a browser without the sign-up says what to do next, the address filled in for a new link', async ({ page, browser, inbox, baseURL }) => {
    const email = uniqueEmail('used-link');
    await requestSignupLink(page, email);
    const link = linkIn(await inbox.message(email), baseURL!, ROUTES.signup);
    await page.goto(link);
    await expectVerified(page, email);

    // The same link again, in this browser: the sign-up goes on, no error.
    await page.goto(link);
    await expect(signupScreen(page).password).toBeEnabled();
    await expect(signupScreen(page).email).toHaveValue(email);
    await expect(toast(page, ACCOUNT_MESSAGES.invalidLink)).toHaveCount(0);

    // In another browser (a mail app's, a second device): the spec's error, then the next step.
    const other = await browser.newContext();
    try {
      const elsewhere = await other.newPage();
      await elsewhere.goto(link);
      await expect(toast(elsewhere, ACCOUNT_MESSAGES.invalidLink)).toBeVisible();
      const notice = elsewhere.getByRole('alert').filter({ hasText: 'This verification link has already been used or has expired.' });
      await expect(notice).toContainText(`for a new link to ${email}`);
      await expect(notice.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', ROUTES.login);
      const form = signupScreen(elsewhere);
      await expect(form.email).toHaveValue(email);
      await form.submit.click();
      await expect(toast(elsewhere, ACCOUNT_MESSAGES.emailSent)).toBeVisible();
      await expect(notice).toHaveCount(0);
    } finally {
      await other.close();
    }
  });
});
