import { AI_MESSAGES } from '@postlark/shared/ai';
import { ROUTES } from '@postlark/shared/routes';
import { FAKE_SUBJECTS } from '../apps/api/test/support/fakes/openai-compatible';
import { expect } from '@playwright/test';
import sharp from 'sharp';
import { aiTest as test, assistant, FAKE_AI_KEY, screenshotsAtBothWidths, selectParagraph } from './support/ai';
import { campaignEditor } from './support/campaign-pages';
import { signedInCustomer } from './support/customer-area';

// Issue 20, points 7-10: the writing assistant against the real server, whose default provider is
// a fake OpenAI-compatible server on loopback. A new account's three free attempts, suggestions
// used in the editor, a rewrite applied only when complete, Stop, and the Integrations tab's card.

const NEW_CAMPAIGN = '/dashboard/campaigns/new';

test.describe('AI writing assistant', () => {
  test('a new account has 3 free attempts; suggested subject lines stream in, one is used, and the badge counts down to none', async ({
    page,
    request,
    baseURL,
    inbox,
    fakeAi,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const customer = await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'ai-suggest');
    const ai = assistant(page);
    await expect(ai.badge).toHaveText('Free attempts left: 3');

    await page.goto(NEW_CAMPAIGN);
    const editor = campaignEditor(page);
    await editor.blank.click();
    // The checker needs no provider: it reads the subject as it is typed.
    await editor.subject.fill('FREE GIFT inside!!! Act now');
    await expect(ai.subjectCheck).toContainText('Shouting capitals: “FREE”, “GIFT”');
    await expect(ai.subjectCheck).toContainText('Repeated punctuation: “!!!”');
    await expect(ai.subjectCheck).toContainText('Spam-trigger word: “act now”');
    await screenshotsAtBothWidths(page, 'editor-subject-check', editor.subject);
    await editor.subject.fill('Our spring collection');
    await expect(ai.subjectCheck.getByRole('listitem')).toContainText([/Fits a phone/, /Fits a desktop/, 'No spam-trigger words']);
    await editor.content.click();
    await page.keyboard.type('Linen shirts and light jackets are in. Come and see them before the weekend.');

    await ai.suggestSubjects.click();
    await expect(ai.subjectIdeas.getByRole('listitem')).toHaveText(FAKE_SUBJECTS.map((subject) => new RegExp(subject)));
    await screenshotsAtBothWidths(page, 'editor-subject-ideas', ai.subjectIdeas);
    await ai.use(FAKE_SUBJECTS[1]!).click();
    await expect(editor.subject).toHaveValue(FAKE_SUBJECTS[1]!);
    await expect(ai.badge).toHaveText('Free attempts left: 2');
    // Only the campaign's own text went to the provider, never the account's address.
    const sent = fakeAi.requests.at(-1)!.raw;
    expect(sent).toContain('Linen shirts and light jackets');
    expect(sent).not.toContain(customer.email);

    // Picked together, ideas become the variants of an A/B test beside the campaign's own subject.
    await page.getByRole('checkbox', { name: `Pick for an A/B test: ${FAKE_SUBJECTS[0]}` }).check();
    await page.getByRole('checkbox', { name: `Pick for an A/B test: ${FAKE_SUBJECTS[2]}` }).check();
    await page.getByRole('button', { name: 'Test 2 as variants' }).click();
    await expect(page.getByRole('textbox', { name: 'Variant B: subject' })).toHaveValue(FAKE_SUBJECTS[0]!);
    await expect(page.getByRole('textbox', { name: 'Variant C: subject' })).toHaveValue(FAKE_SUBJECTS[2]!);

    // Two more use up the free attempts; then the button says how to connect a provider, without asking the server.
    for (const left of [1, 0]) {
      await ai.suggestSubjects.click();
      await expect(ai.subjectIdeas.getByRole('listitem')).toHaveCount(5);
      await expect(ai.badge).toHaveText(`Free attempts left: ${left}`);
    }
    const asked = fakeAi.requests.length;
    await ai.suggestSubjects.click();
    const notice = page.getByRole('alert').filter({ hasText: AI_MESSAGES.noAttemptsLeft });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: 'Connect an AI provider' })).toHaveAttribute('href', `${ROUTES.profile}?tab=integrations`);
    expect(fakeAi.requests.length).toBe(asked);
    await page.reload();
    await expect(ai.badge).toHaveText('Free attempts left: 0');
  });

  test('a rewrite replaces the selection only when complete, and a stopped one leaves the text as it was', async ({ page, request, baseURL, inbox, fakeAi }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'ai-rewrite');
    const ai = assistant(page);
    await page.goto(NEW_CAMPAIGN);
    const editor = campaignEditor(page);
    await editor.blank.click();
    await editor.subject.fill('Spring news');
    await editor.content.click();
    await page.keyboard.type('Dear readers,');
    await page.keyboard.press('Enter');
    await page.keyboard.type('We would very much like to let you know that our new collection has, at long last, arrived in the shop.');
    const first = editor.content.locator('p').first();
    const second = editor.content.locator('p').nth(1);

    fakeAi.script({ kind: 'answer', text: 'Our new collection is in the shop.' });
    await selectParagraph(second);
    await ai.rewrite.click();
    await ai.rewriteStyle('Shorter').click();
    await expect(second).toHaveText('Our new collection is in the shop.');
    await expect(first).toHaveText('Dear readers,');
    await expect(page.getByText('Rewritten. Undo brings the original back.')).toBeVisible();
    await expect(ai.badge).toHaveText('Free attempts left: 2');
    const rewriteAsked = fakeAi.requests.at(-1)!.raw;
    expect(rewriteAsked).toContain('at long last');

    // A slow answer streams in under the toolbar; Stop leaves the text as it was, and the attempt counts: its text was read.
    fakeAi.script({ kind: 'answer', text: 'Hello friends! Guess what: our lovely new collection has landed in the shop, come and see.', chunkDelayMs: 300 });
    await selectParagraph(second);
    await ai.rewrite.click();
    await ai.rewriteStyle('Friendlier').click();
    await expect(page.getByText('Rewriting the selection…')).toBeVisible();
    await expect(page.getByText(/^Hello fri/)).toBeVisible();
    await screenshotsAtBothWidths(page, 'editor-rewrite-streaming', editor.toolbar);
    await ai.stop.click();
    await expect(page.getByRole('status').filter({ hasText: AI_MESSAGES.stopped })).toBeVisible();
    await expect(second).toHaveText('Our new collection is in the shop.');
    await expect.poll(() => fakeAi.requests.at(-1)!.aborted).toBe(true);
    await expect(ai.badge).toHaveText('Free attempts left: 1');
    await expect(second).toHaveText('Our new collection is in the shop.');

    // A provider that answers garbage: the server's message, the way to connect one, and the text as it was.
    fakeAi.script({ kind: 'garbage' });
    await selectParagraph(second);
    await ai.rewrite.click();
    await ai.rewriteStyle('More formal').click();
    const problem = page.getByRole('alert').filter({ hasText: AI_MESSAGES.garbage });
    await expect(problem).toBeVisible();
    await expect(problem.getByRole('link', { name: 'Connect an AI provider' })).toBeVisible();
    await expect(second).toHaveText('Our new collection is in the shop.');
    await expect(ai.badge).toHaveText('Free attempts left: 1');

    // Draft with AI asks before it replaces content that is there.
    await ai.draft.click();
    await ai.draftDialog.getByRole('textbox', { name: 'Brief' }).fill('A spring sale for regulars, 20% off linen');
    await ai.draftDialog.getByRole('button', { name: 'Write draft' }).click();
    await expect(ai.draftDialog.getByText('Replace the content you have with this draft?')).toBeVisible();
    await screenshotsAtBothWidths(page, 'editor-draft-dialog', ai.draftDialog);
    await ai.draftDialog.getByRole('button', { name: 'Replace content' }).click();
    await expect(editor.content.getByRole('heading', { name: 'Spring is here' })).toBeVisible();
    await expect(editor.content).not.toContainText('Dear readers');
    await expect(ai.badge).toHaveText('Free attempts left: 0');
  });

  test('the Integrations tab saves a provider without ever showing its key, and tests the connection', async ({ page, request, baseURL, inbox, fakeAi }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'ai-provider');
    await page.goto(`${ROUTES.profile}?tab=integrations`);
    const card = page.getByRole('region', { name: 'AI provider' });
    await expect(card.getByRole('status').first()).toContainText('server’s default provider: 3 free generations left');
    await expect(card).toContainText('OpenAI, or a model you run yourself with Ollama, llama.cpp’s server or vLLM');

    const form = card.getByRole('form', { name: 'AI provider' });
    const baseUrl = form.getByRole('textbox', { name: 'Base URL' });
    const model = form.getByRole('textbox', { name: 'Model' });
    const key = form.getByLabel('API key', { exact: true });
    // A model the provider does not know: the test says so, and nothing is saved.
    await baseUrl.fill(fakeAi.url);
    await model.fill('no-such-model');
    await key.fill(FAKE_AI_KEY);
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect(form.getByRole('alert').filter({ hasText: AI_MESSAGES.modelNotFound })).toBeVisible();

    await model.fill(fakeAi.model);
    await form.getByRole('button', { name: 'Save provider' }).click();
    await expect(form.getByRole('status')).toHaveText(AI_MESSAGES.saved);
    await expect(card.getByText(`Connected: the assistant uses ${fakeAi.model} on your own provider`)).toBeVisible();
    await expect(card.getByText('Key saved')).toBeVisible();
    await expect(key).toHaveValue('');
    await page.reload();
    await expect(card.getByText('Key saved')).toBeVisible();
    await expect(baseUrl).toHaveValue(fakeAi.url);
    expect(await page.content()).not.toContain(FAKE_AI_KEY);

    // The saved provider, key and all, answers.
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect(form.getByRole('status')).toHaveText(AI_MESSAGES.testOk(fakeAi.model));
    await screenshotsAtBothWidths(page, 'integrations-ai-provider', card);

    await form.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove the AI provider?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(confirm).toBeHidden();
    await expect(card.getByText('Key saved')).toBeHidden();
    await expect(card.getByRole('status').first()).toContainText('server’s default provider');
  });

  // Issue 33, point 1: the alt text asked for on insert can be suggested from the words around the
  // image and a file name that says something; the customer checks it and may change it.
  test('the image dialog suggests alt text from the text around the image, and the image goes in with it', async ({ page, request, baseURL, inbox, fakeAi }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'ai-alt');
    await page.goto(NEW_CAMPAIGN);
    const editor = campaignEditor(page);
    await editor.blank.click();
    await editor.content.click();
    await editor.content.pressSequentially('Our linen shirts are back, in sand and olive.');
    await editor.toolbar.getByRole('button', { name: 'Image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Insert image' });
    await dialog.getByRole('tab', { name: 'Upload' }).click();
    const bytes = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#c2b280' } }).jpeg().toBuffer();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'linen-shirts_sand.jpg', mimeType: 'image/jpeg', buffer: bytes });

    fakeAi.script({ kind: 'answer', text: 'Alt text: "Two linen shirts, sand and olive, folded on a table"' });
    await dialog.getByRole('button', { name: 'Suggest alt text with AI' }).click();
    const alt = dialog.getByRole('textbox', { name: 'Description (alt text)' });
    await expect(alt).toHaveValue('Two linen shirts, sand and olive, folded on a table');
    await expect(dialog.getByRole('status')).toContainText('Check that it says what the image shows');
    await screenshotsAtBothWidths(page, 'image-alt-suggestion', alt);
    const asked = fakeAi.requests.at(-1)!.raw;
    expect(asked).toContain('File name: linen shirts sand');
    expect(asked).toContain('Our linen shirts are back, in sand and olive.');

    await alt.fill('Two linen shirts, sand and olive');
    await dialog.getByRole('button', { name: 'Upload and insert' }).click();
    await expect(dialog).toBeHidden();
    await expect(editor.content.getByRole('img', { name: 'Two linen shirts, sand and olive' })).toBeVisible();
  });
});
