import { describe, expect, it } from 'vitest';
import { AudienceHistory, utcOffsetMinutes } from './audience-history';

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('the audience history a refresh holds', () => {
  it('knows a zone’s offset at the as-of time, summer time included', () => {
    expect(utcOffsetMinutes('Europe/Berlin', new Date('2026-01-15T12:00:00Z'))).toBe(60);
    expect(utcOffsetMinutes('Europe/Berlin', new Date('2026-07-15T12:00:00Z'))).toBe(120);
    expect(utcOffsetMinutes('America/St_Johns', new Date('2026-01-15T12:00:00Z'))).toBe(-210);
    expect(utcOffsetMinutes('UTC', new Date())).toBe(0);
  });

  it('gives each person back their deliveries, human outcomes and signals, in the order the pages came', () => {
    const history = new AudienceHistory();
    const delivered = at('2026-10-01T09:00:00Z');
    const clicked = at('2026-10-01T20:00:00Z');
    history.add(
      {
        ids: ['a', 'b'],
        timezones: ['Europe/Berlin', null],
        // a: opened and clicked the first campaign, ignored the second; b: never mailed.
        rows: [{ id: 'a', outcomes: `${delivered * 4 + 3},${(delivered + 86_400) * 4}`, signals: `${clicked}` }],
      },
      new Date('2026-11-01T00:00:00Z'),
    );
    expect(history.people).toBe(2);
    const models = history.fit(new Date('2026-11-01T00:00:00Z'));
    const [page] = [...history.results(models, new Date('2026-11-01T00:00:00Z'))];
    expect(page!.ids).toEqual(['a', 'b']);
    expect(page!.sendTimes[0]!.signals).toBe(1);
    expect(page!.sendTimes[1]).toMatchObject({ signals: 0, source: 'audience' });
    expect(page!.engagement).toHaveLength(2);
    // A page is read once: memory falls as results are stored.
    expect([...history.results(models, new Date('2026-11-01T00:00:00Z'))]).toEqual([]);
  });
});
