import { describe, expect, it } from 'vitest';
import { AudienceHistory, outcomesOf, packPage, sendTimeHistory, utcOffsetMinutes } from './audience-history';

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('the audience history a refresh holds', () => {
  it('knows a zone’s offset at the as-of time, summer time included', () => {
    expect(utcOffsetMinutes('Europe/Berlin', new Date('2026-01-15T12:00:00Z'))).toBe(60);
    expect(utcOffsetMinutes('Europe/Berlin', new Date('2026-07-15T12:00:00Z'))).toBe(120);
    expect(utcOffsetMinutes('America/St_Johns', new Date('2026-01-15T12:00:00Z'))).toBe(-210);
    expect(utcOffsetMinutes('UTC', new Date())).toBe(0);
  });

  it('gives each person back their deliveries, human outcomes and signals, in the order the pages came', () => {
    const history = new AudienceHistory(new Date('2026-11-01T00:00:00Z'));
    const delivered = at('2026-10-01T09:00:00Z');
    const clicked = at('2026-10-01T20:00:00Z');
    history.add(
      {
        ids: ['a', 'b'],
        timezones: ['Europe/Berlin', null],
        // a: opened and clicked the first campaign, ignored the second; b: never mailed.
        rows: [{ id: 'a', outcomes: `${delivered * 4 + 3},${(delivered + 86_400) * 4}`, signals: `${clicked}` }],
      },
    );
    expect(history.people).toBe(2);
    const models = history.fit();
    const [page] = [...history.results(models)];
    expect(page!.ids).toEqual(['a', 'b']);
    expect(page!.sendTimes[0]!.signals).toBe(1);
    expect(page!.sendTimes[1]).toMatchObject({ signals: 0, source: 'audience' });
    expect(page!.engagement).toHaveLength(2);
    // A page is read once: memory falls as results are stored.
    expect([...history.results(models)]).toEqual([]);
  });

  it('keeps times and outcomes exactly through the compact coding, years apart or out of order', () => {
    const asOf = new Date('2026-11-01T00:00:00Z');
    const first = at('2019-03-04T05:06:07Z');
    const second = at('2026-10-30T23:59:59Z');
    const page = (outcomes: string, signals: string) => packPage({ ids: ['a', 'b'], timezones: ['Asia/Kolkata', null], rows: [{ id: 'b', outcomes, signals }] }, asOf);
    // The database's lists in order, and shuffled: the same person either way.
    for (const packed of [
      page(`${first * 4 + 1},${second * 4 + 2}`, `${first + 60},${second + 7200},${second + 7300}`),
      page(`${second * 4 + 2},${first * 4 + 1}`, `${second + 7300},${first + 60},${second + 7200}`),
    ]) {
      expect(outcomesOf(packed, 0)).toEqual([]);
      expect(sendTimeHistory(packed, 0)).toEqual({ deliveries: [], signals: [], utcOffsetMinutes: 330 });
      expect(outcomesOf(packed, 1)).toEqual([
        { sentAt: new Date(first * 1000), opened: true, clicked: false },
        { sentAt: new Date(second * 1000), opened: false, clicked: true },
      ]);
      expect(sendTimeHistory(packed, 1)).toEqual({
        deliveries: [new Date(first * 1000), new Date(second * 1000)],
        signals: [new Date((first + 60) * 1000), new Date((second + 7200) * 1000), new Date((second + 7300) * 1000)],
      });
    }
  });
});
