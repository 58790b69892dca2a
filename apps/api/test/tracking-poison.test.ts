import { describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { loadCampaignLinks } from '../src/modules/campaigns/campaign-links';
import { hitBuffer } from '../src/modules/tracking/hit-buffer';
import { type ClickHit, insertClicks } from '../src/modules/tracking/tracking.repository';
import { APP_URL } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';
import { sentCampaign } from './support/campaigns';
import { eventually } from './support/eventually';

// Issue 18, finding 10: a click whose link number is over 32,767 or whose address holds a NUL
// character once failed its batch for ever, and with it every tenant's later clicks.

const accounts = useAccountsApp();

const get = (url: string) => {
  const target = new URL(url);
  return accounts.app.inject({ method: 'GET', url: `${target.pathname}${target.search}`, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' } });
};

describe('tracking hits the old column or text could not hold', () => {
  it('stores a click on link 40,000 and one whose address decodes to a NUL, and the clicks after them', async () => {
    const { campaign } = await sentCampaign(accounts, { content_html: '<p><a href="https://lark.example/offer">Offer</a></p>' });
    const [row] = await rawQuery<{ id: string }>(accounts.database.db, 'select id from campaign_messages where campaign_id = $1::uuid and status = $2', [campaign.id, 'sent']);
    const rowId = Number(row!.id);
    // Links as a campaign with that many links, or such an address in its content, would carry them.
    const { tracking } = await loadCampaignLinks(accounts.database.db, APP_URL);
    const farLink = await get(tracking.click(rowId, 'https://lark.example/far', 40_000));
    expect(farLink.statusCode).toBe(302);
    const nul = await get(tracking.click(rowId, 'https://lark.example/a\u0000b', 1));
    expect(nul.statusCode).toBe(302);
    expect(nul.headers.location).toBe('https://lark.example/ab');
    expect((await get(tracking.click(rowId, 'https://lark.example/offer', 0))).statusCode).toBe(302);

    const clicks = await eventually(
      async () => {
        const stored = await rawQuery<{ url: string; link_number: number }>(
          accounts.database.db,
          'select url, link_number from campaign_clicks where campaign_id = $1::uuid order by link_number',
          [campaign.id],
        );
        return stored.length === 3 ? stored : undefined;
      },
      { what: 'the three clicks written' },
    );
    expect(clicks).toEqual([
      { url: 'https://lark.example/offer', link_number: 0 },
      { url: 'https://lark.example/ab', link_number: 1 },
      { url: 'https://lark.example/far', link_number: 40_000 },
    ]);
  });

  it('drops a hit the database still refuses, on its own, and stores the hits of its batch and the next', async () => {
    const { campaign } = await sentCampaign(accounts);
    const [row] = await rawQuery<{ id: string }>(accounts.database.db, 'select id from campaign_messages where campaign_id = $1::uuid limit 1', [campaign.id]);
    const dropped: number[] = [];
    const errors: unknown[] = [];
    const buffer = hitBuffer<ClickHit>((hits) => insertClicks(accounts.database.db, hits), { onError: (error) => errors.push(error), onDropped: (count) => dropped.push(count) });
    const click = (url: string, link: number): ClickHit => ({ rowId: Number(row!.id), url, link, at: accounts.now(), machine: false });
    // Past what an integer holds: no token names it, but whatever else a database refuses fails the same way.
    for (const hit of [click('https://lark.example/1', 1), click('https://lark.example/bad', 2 ** 31), click('https://lark.example/2', 2)]) buffer.add(hit);
    await buffer.flush();
    buffer.add(click('https://lark.example/3', 3));
    await buffer.flush();
    const stored = await rawQuery<{ url: string }>(accounts.database.db, 'select url from campaign_clicks where campaign_id = $1::uuid order by link_number', [campaign.id]);
    expect(stored.map((hit) => hit.url)).toEqual(['https://lark.example/1', 'https://lark.example/2', 'https://lark.example/3']);
    expect(dropped).toEqual([1]);
    expect(errors).toEqual([]);
  });
});
