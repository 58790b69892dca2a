import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CAMPAIGN_CHECK_TEXTS } from '@postlark/shared/campaign-checks';
import { campaignPath } from '@postlark/shared/routes';
import { STARTER_COPY } from '@postlark/shared/starter-copy';
import { startSpamdStandIn, SPAMMY_PHRASE, type SpamdStandIn } from '../../../apps/api/test/support/spamd-stand-in';
import { addSubscribersByApi } from '../../support/audience-pages';
import { signedInCustomer } from '../../support/customer-area';
import { test } from '../../support/fixtures';
import { runServer, type RunningServer } from '../../support/server';
import { confirmSender } from '../../support/senders';
import { OUT, shoot } from '../shoot';

// "Check before sending" beside the editor's preview and in the send dialog, at 1440 and 390 px,
// into e2e/screenshots/out/. Run for real: the server asks a web server on loopback for each link
// (WEBHOOKS_ALLOW_LOCAL lets the webhooks' address guard reach this machine) and a stand-in
// speaking spamd's protocol for the score.

const WIDTHS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

const checksTest = test.extend<{ site: string; spamd: SpamdStandIn; checksServer: RunningServer }>({
  // eslint-disable-next-line no-empty-pattern
  site: async ({}, use) => {
    const server: Server = createServer((request, response) => response.writeHead(request.url === '/spring-menu' ? 200 : 404).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  },
  // eslint-disable-next-line no-empty-pattern
  spamd: async ({}, use) => {
    const spamd = await startSpamdStandIn();
    await use(spamd);
    await spamd.stop();
  },
  checksServer: [async ({ spamd }, use) => runServer(use, { WEBHOOKS_ALLOW_LOCAL: 'true', SPAMD_URL: spamd.url, EMAIL_SEND_LIMIT_PER_MINUTE: '1000' }), { timeout: 90_000 }],
  baseURL: async ({ checksServer }, use) => {
    await use(checksServer.baseURL);
  },
});

for (const [label, viewport] of Object.entries(WIDTHS)) {
  checksTest(`check before sending at ${label} width`, async ({ page, request, baseURL, inbox, site }) => {
    await page.setViewportSize(viewport);
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, `shots-checks-${label}`, { first_name: 'Ada' });
    const from = `news-${randomUUID().slice(0, 6)}@lark.example`;
    await confirmSender(page, inbox, from);
    // The postal address is there (the checks would fail without it); the list has three readers,
    // which the send dialog counts.
    const session = (await (await page.request.get('/api/authentication/v1/session')).json()) as { payload: { customer_id: string } };
    await page.request.put(`/api/home/v1/user/${session.payload.customer_id}/contact`, {
      data: { street_address: '4 Market Row', city: 'York', state: '', company: 'Lark Bistro', postal_code: 'YO1 7HY', country: 'United Kingdom', phone: '', vat_id: '' },
    });
    const list = ((await (await page.request.post('/api/audience/v1/lists', { data: { name: 'Regulars', double_opt_in: false } })).json()) as { payload: { list: { id: string } } }).payload.list.id;
    const stamp = randomUUID().slice(0, 6);
    await addSubscribersByApi(page, ['ada', 'grace', 'alan'].map((name) => ({ email: `${name}-${stamp}@larkreaders.example`, first_name: name, list_ids: [list] })));
    const created = await page.request.post('/api/campaigns/v1/campaigns', {
      data: {
        name: 'Spring menu',
        subject: 'Our spring menu is here',
        from_name: 'Lark Bistro',
        from_email: from,
        content_html: `<h1>Spring is on the menu</h1><p>${SPAMMY_PHRASE}? No: fresh asparagus, wild garlic and the first strawberries.</p><p>${STARTER_COPY.newsletterStory}</p><p><a href="${site}/spring-menu">See the menu</a> · <a href="${site}/book-a-table">Book a table</a></p><img src="https://cdn.larkbistro.example/img/asparagus.jpg" width="560">`,
        audience: { list_ids: [list] },
      },
    });
    const { id } = ((await created.json()) as { payload: { campaign: { id: string } } }).payload.campaign;
    await page.goto(campaignPath(id));
    const panel = page.getByRole('region', { name: CAMPAIGN_CHECK_TEXTS.runTitle });
    await panel.getByRole('button', { name: CAMPAIGN_CHECK_TEXTS.run }).click();
    await panel.getByText(CAMPAIGN_CHECK_TEXTS.summary(0, 4)).waitFor();
    await panel.screenshot({ path: `${OUT}${label}-campaign-checks-panel.png` });
    await shoot(page, `${label}-campaign-checks`);

    await page.getByRole('button', { name: 'Send now' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Send campaign now?' });
    await dialog.getByText(CAMPAIGN_CHECK_TEXTS.summary(0, 4)).waitFor();
    await page.screenshot({ path: `${OUT}${label}-campaign-checks-send-dialog.png` });
  });
}
