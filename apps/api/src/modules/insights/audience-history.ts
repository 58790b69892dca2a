// The account's email history held compactly while a refresh fits the audience models (issue 21):
// a million people with forty campaigns each is forty million deliveries, about 1.6 GB as Date
// objects. Here each person's deliveries and signals are kept as varint-coded gaps from the one
// before (a campaign a few days after the last takes three bytes), about 130 MB for that million.
// Each page feeds the models' fits as it arrives; each person's history is made into the models'
// shapes (SendTimeHistory, CampaignOutcome[]) only while it is read.
import type { EngagementInsights, SendTimeInsights } from '@postlark/shared/insights';
import type { CampaignOutcome, EngagementModel } from './engagement-features';
import { EngagementFit, sampleKeyOf } from './engagement-fit';
import { engagementOf } from './engagement-score';
import { type AudienceSendTime, AudienceSendTimeFit, bestSendTime, type SendTimeHistory } from './send-time';

const OPENED = 1;
const CLICKED = 2;

/** One page of people: their ids in order, with the history of those who have any. */
export interface AudienceHistoryPage {
  ids: string[];
  /** Each person's IANA zone where known (a form, an import): the models then also read local clocks. */
  timezones: (string | null)[];
  rows: { id: string; outcomes: string | null; signals: string | null }[];
}

/**
 * A page packed: person i's bytes are outcomes[outcomeStart[i]..outcomeStart[i+1]) and likewise
 * for signals. An outcome is (seconds since the previous delivery, or since the epoch for the
 * first) × 4 + 1 for a human open + 2 for a human click; a signal is seconds since the previous one.
 */
interface PackedPage {
  /** The ids joined with commas, as bytes: one buffer per page outside the JavaScript heap, not a string per person. */
  ids: Buffer;
  count: number;
  /** Minutes east of UTC at the as-of time; NO_OFFSET where the zone is not known. */
  offsets: Int16Array;
  outcomeStart: Int32Array;
  outcomes: Uint8Array;
  signalStart: Int32Array;
  signals: Uint8Array;
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

/** A growing byte buffer of unsigned varints (7 bits a byte, low first; arithmetic, as values pass 2³²). */
class VarintWriter {
  private bytes = new Uint8Array(1 << 16);
  length = 0;

  write(value: number): void {
    if (this.length + 8 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    let rest = value;
    while (rest >= 128) {
      this.bytes[this.length++] = (rest % 128) | 128;
      rest = Math.floor(rest / 128);
    }
    this.bytes[this.length++] = rest;
  }

  /** The bytes written, copied to a buffer of their own size. */
  take(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

/** Calls `each` with every varint in bytes[from, to). */
function readVarints(bytes: Uint8Array, from: number, to: number, each: (value: number) => void): void {
  let k = from;
  while (k < to) {
    let value = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = bytes[k++]!;
      value += (byte & 127) * scale;
      scale *= 128;
    } while (byte >= 128);
    each(value);
  }
}

// One person's numbers while a page is packed, reused from person to person.
const scratch: number[] = [];

/** The comma-separated integers of `list` into `scratch`, ascending (without a split's garbage). */
function parseSorted(list: string | null): number[] {
  scratch.length = 0;
  if (!list) return scratch;
  let value = 0;
  let sorted = true;
  for (let k = 0; k <= list.length; k++) {
    const code = k < list.length ? list.charCodeAt(k) : 44;
    if (code === 44) {
      if (scratch.length > 0 && value < scratch[scratch.length - 1]!) sorted = false;
      scratch.push(value);
      value = 0;
    } else value = value * 10 + (code - 48);
  }
  if (!sorted) scratch.sort((one, two) => one - two);
  return scratch;
}

/** Packs a page from the database's comma-separated lists (see audience-insights.repository.ts). */
export function packPage(page: AudienceHistoryPage, asOf: Date, zoneOffsets = new Map<string, number>()): PackedPage {
  const count = page.ids.length;
  const offsets = new Int16Array(count).fill(NO_OFFSET);
  page.timezones.forEach((zone, i) => {
    if (!zone) return;
    if (!zoneOffsets.has(zone)) zoneOffsets.set(zone, utcOffsetMinutes(zone, asOf));
    offsets[i] = zoneOffsets.get(zone)!;
  });
  const byId = new Map(page.rows.map((row) => [row.id, row]));
  const outcomeStart = new Int32Array(count + 1);
  const signalStart = new Int32Array(count + 1);
  const outcomes = new VarintWriter();
  const signals = new VarintWriter();
  page.ids.forEach((id, i) => {
    const row = byId.get(id);
    outcomeStart[i] = outcomes.length;
    // Outcomes come as delivery seconds × 4 + flags; sorting them sorts by delivery.
    let previous = 0;
    for (const value of parseSorted(row?.outcomes ?? null)) {
      const seconds = Math.floor(value / 4);
      outcomes.write((seconds - previous) * 4 + (value % 4));
      previous = seconds;
    }
    signalStart[i] = signals.length;
    previous = 0;
    for (const seconds of parseSorted(row?.signals ?? null)) {
      signals.write(seconds - previous);
      previous = seconds;
    }
  });
  outcomeStart[count] = outcomes.length;
  signalStart[count] = signals.length;
  return { ids: Buffer.from(page.ids.join(','), 'latin1'), count, offsets, outcomeStart, outcomes: outcomes.take(), signalStart, signals: signals.take() };
}

/** Person i of a page as the send-time model reads them. */
export function sendTimeHistory(page: PackedPage, i: number): SendTimeHistory {
  const deliveries: Date[] = [];
  let seconds = 0;
  readVarints(page.outcomes, page.outcomeStart[i]!, page.outcomeStart[i + 1]!, (value) => {
    seconds += Math.floor(value / 4);
    deliveries.push(new Date(seconds * 1000));
  });
  const signals: Date[] = [];
  seconds = 0;
  readVarints(page.signals, page.signalStart[i]!, page.signalStart[i + 1]!, (gap) => {
    seconds += gap;
    signals.push(new Date(seconds * 1000));
  });
  const offset = page.offsets[i]!;
  return offset === NO_OFFSET ? { deliveries, signals } : { deliveries, signals, utcOffsetMinutes: offset };
}

type MakeOutcome = (sentAt: Date, opened: boolean, clicked: boolean) => CampaignOutcome;

function decodeOutcomes(page: PackedPage, i: number, make: MakeOutcome): CampaignOutcome[] {
  const outcomes: CampaignOutcome[] = [];
  let seconds = 0;
  readVarints(page.outcomes, page.outcomeStart[i]!, page.outcomeStart[i + 1]!, (value) => {
    seconds += Math.floor(value / 4);
    const flags = value % 4;
    outcomes.push(make(new Date(seconds * 1000), (flags & OPENED) !== 0, (flags & CLICKED) !== 0));
  });
  return outcomes;
}

// Two makers, so two allocation sites: the fit's sample keeps its outcomes alive for a while, and
// V8 then allocates that site's objects straight into the old generation. Shared with the results'
// outcomes (dead a moment later), that would send a million people's through the old generation,
// growing the heap by some 25 MB a page between full collections.
const outcomeToKeep: MakeOutcome = (sentAt, opened, clicked) => ({ sentAt, opened, clicked });
const outcomeToRead: MakeOutcome = (sentAt, opened, clicked) => ({ sentAt, opened, clicked });

/** Person i of a page as the engagement model reads them. */
export function outcomesOf(page: PackedPage, i: number): CampaignOutcome[] {
  return decodeOutcomes(page, i, outcomeToRead);
}

export interface AudienceModels {
  sendTime: AudienceSendTime;
  engagement: EngagementModel;
}

/** The history of every person held while the audience models are fitted. */
export class AudienceHistory {
  private readonly pages: PackedPage[] = [];
  // Each zone's offset worked out once per refresh.
  private readonly zoneOffsets = new Map<string, number>();
  // Dropped once fitted: the engagement sample reads from the pages, which results() then frees.
  private fits: { sendTime: AudienceSendTimeFit; engagement: EngagementFit } | null;
  people = 0;

  constructor(private readonly asOf: Date) {
    this.fits = { sendTime: new AudienceSendTimeFit(), engagement: new EngagementFit(asOf) };
  }

  /** Packs a page and feeds its people to the models' fits (everything before `asOf`). */
  add(page: AudienceHistoryPage): void {
    if (!this.fits) throw new Error('The audience history was already fitted.');
    const packed = packPage(page, this.asOf, this.zoneOffsets);
    for (let i = 0; i < packed.count; i++) {
      this.fits.sendTime.add(sendTimeHistory(packed, i));
      this.fits.engagement.add(sampleKeyOf(page.ids[i]!), () => decodeOutcomes(packed, i, outcomeToKeep));
    }
    this.pages.push(packed);
    this.people += packed.count;
  }

  /** The account's models (send time, engagement) on everyone's history added. */
  fit(): AudienceModels {
    if (!this.fits) throw new Error('The audience history was already fitted.');
    const models = { sendTime: this.fits.sendTime.model(), engagement: this.fits.engagement.model() };
    this.fits = null;
    return models;
  }

  /**
   * Each person's figures, a page at a time (the order they were added): a page is dropped once
   * read, so memory falls as the results are stored.
   */
  *results(models: AudienceModels): Generator<{ ids: string[]; sendTimes: SendTimeInsights[]; engagement: EngagementInsights[] }> {
    while (this.pages.length > 0) {
      const page = this.pages.shift()!;
      const sendTimes: SendTimeInsights[] = [];
      const engagement: EngagementInsights[] = [];
      for (let i = 0; i < page.count; i++) {
        sendTimes.push(bestSendTime(sendTimeHistory(page, i), models.sendTime));
        engagement.push(engagementOf(outcomesOf(page, i), models.engagement, this.asOf));
      }
      yield { ids: page.count === 0 ? [] : page.ids.toString('latin1').split(','), sendTimes, engagement };
    }
  }
}
