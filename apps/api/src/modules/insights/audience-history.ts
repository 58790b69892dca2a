// The account's email history held compactly while a refresh fits the audience models (issue 21):
// a million people with forty campaigns each is forty million deliveries, too many as Date objects
// (about 1.6 GB) but 200 MB as 32-bit seconds and a byte of flags. Each person's history is made
// into the models' shapes (SendTimeHistory, CampaignOutcome[]) only while it is read.
import type { EngagementInsights, SendTimeInsights } from '@postlark/shared/insights';
import { type CampaignOutcome, engagementOf, fitEngagementModel } from './engagement-score';
import { bestSendTime, fitAudienceSendTime, type SendTimeHistory } from './send-time';

const OPENED = 1;
const CLICKED = 2;

/** One keyset page of people: their ids in order, with the history of those who have any. */
export interface AudienceHistoryPage {
  ids: string[];
  /** Each person's IANA zone where known (a form, an import): the models then also read local clocks. */
  timezones: (string | null)[];
  rows: { id: string; outcomes: string | null; signals: string | null }[];
}

/** A page packed: person i's campaigns are outcome entries outcomeStart[i]..outcomeStart[i+1]. */
interface PackedPage {
  ids: string[];
  /** Minutes east of UTC at the as-of time; NO_OFFSET where the zone is not known. */
  offsets: Int16Array;
  outcomeStart: Int32Array;
  outcomeAt: Uint32Array;
  outcomeFlags: Uint8Array;
  signalStart: Int32Array;
  signalAt: Uint32Array;
}

const NO_OFFSET = -32_768;

/** A zone's offset from UTC in minutes at `at` (UTC+2 → 120), or NO_OFFSET for an unknown zone. */
export function utcOffsetMinutes(zone: string, at: Date): number {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
    const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name ?? '');
    if (!match) return NO_OFFSET;
    return match[1] ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  } catch {
    return NO_OFFSET;
  }
}

const numbersOf = (list: string | null): number[] => (list ? list.split(',').map(Number) : []);

/** Packs a page from the database's comma-separated lists (see audience-insights.repository.ts). */
export function packPage(page: AudienceHistoryPage, asOf: Date, zoneOffsets = new Map<string, number>()): PackedPage {
  const offsets = new Int16Array(page.ids.length).fill(NO_OFFSET);
  page.timezones.forEach((zone, i) => {
    if (!zone) return;
    if (!zoneOffsets.has(zone)) zoneOffsets.set(zone, utcOffsetMinutes(zone, asOf));
    offsets[i] = zoneOffsets.get(zone)!;
  });
  const byId = new Map(page.rows.map((row) => [row.id, row]));
  const outcomes: number[][] = [];
  const signals: number[][] = [];
  let outcomeCount = 0;
  let signalCount = 0;
  for (const id of page.ids) {
    const row = byId.get(id);
    const personOutcomes = numbersOf(row?.outcomes ?? null);
    const personSignals = numbersOf(row?.signals ?? null);
    outcomes.push(personOutcomes);
    signals.push(personSignals);
    outcomeCount += personOutcomes.length;
    signalCount += personSignals.length;
  }
  const packed: PackedPage = {
    ids: page.ids,
    offsets,
    outcomeStart: new Int32Array(page.ids.length + 1),
    outcomeAt: new Uint32Array(outcomeCount),
    outcomeFlags: new Uint8Array(outcomeCount),
    signalStart: new Int32Array(page.ids.length + 1),
    signalAt: new Uint32Array(signalCount),
  };
  let o = 0;
  let s = 0;
  outcomes.forEach((personOutcomes, i) => {
    packed.outcomeStart[i] = o;
    for (const value of personOutcomes) {
      packed.outcomeAt[o] = Math.floor(value / 4);
      packed.outcomeFlags[o] = value % 4;
      o++;
    }
    packed.signalStart[i] = s;
    for (const value of signals[i]!) packed.signalAt[s++] = value;
  });
  packed.outcomeStart[page.ids.length] = o;
  packed.signalStart[page.ids.length] = s;
  return packed;
}

const dateOf = (seconds: number) => new Date(seconds * 1000);

function sendTimeHistory(page: PackedPage, i: number): SendTimeHistory {
  const deliveries: Date[] = [];
  for (let k = page.outcomeStart[i]!; k < page.outcomeStart[i + 1]!; k++) deliveries.push(dateOf(page.outcomeAt[k]!));
  const signals: Date[] = [];
  for (let k = page.signalStart[i]!; k < page.signalStart[i + 1]!; k++) signals.push(dateOf(page.signalAt[k]!));
  const offset = page.offsets[i]!;
  return offset === NO_OFFSET ? { deliveries, signals } : { deliveries, signals, utcOffsetMinutes: offset };
}

function outcomesOf(page: PackedPage, i: number): CampaignOutcome[] {
  const outcomes: CampaignOutcome[] = [];
  for (let k = page.outcomeStart[i]!; k < page.outcomeStart[i + 1]!; k++) {
    const flags = page.outcomeFlags[k]!;
    outcomes.push({ sentAt: dateOf(page.outcomeAt[k]!), opened: (flags & OPENED) !== 0, clicked: (flags & CLICKED) !== 0 });
  }
  return outcomes;
}

function* eachPerson<T>(pages: readonly PackedPage[], read: (page: PackedPage, i: number) => T): Generator<T> {
  for (const page of pages) for (let i = 0; i < page.ids.length; i++) yield read(page, i);
}

/** The history of every person held while the audience models are fitted. */
export class AudienceHistory {
  private readonly pages: PackedPage[] = [];
  // Each zone's offset worked out once per refresh.
  private readonly zoneOffsets = new Map<string, number>();
  people = 0;

  add(page: AudienceHistoryPage, asOf: Date): void {
    this.pages.push(packPage(page, asOf, this.zoneOffsets));
    this.people += page.ids.length;
  }

  /** Fits the account's models (send time, engagement) on everyone's history before `asOf`. */
  fit(asOf: Date) {
    return {
      sendTime: fitAudienceSendTime(eachPerson(this.pages, sendTimeHistory)),
      engagement: fitEngagementModel(eachPerson(this.pages, outcomesOf), asOf),
    };
  }

  /**
   * Each person's figures, a page at a time (the order they were added): a page is dropped once
   * read, so memory falls as the results are stored.
   */
  *results(models: ReturnType<AudienceHistory['fit']>, asOf: Date): Generator<{ ids: string[]; sendTimes: SendTimeInsights[]; engagement: EngagementInsights[] }> {
    while (this.pages.length > 0) {
      const page = this.pages.shift()!;
      const sendTimes: SendTimeInsights[] = [];
      const engagement: EngagementInsights[] = [];
      for (let i = 0; i < page.ids.length; i++) {
        sendTimes.push(bestSendTime(sendTimeHistory(page, i), models.sendTime));
        engagement.push(engagementOf(outcomesOf(page, i), models.engagement, asOf));
      }
      yield { ids: page.ids, sendTimes, engagement };
    }
  }
}
