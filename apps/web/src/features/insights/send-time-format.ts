// A best send time (hours UTC in quarter hours) as a clock time, in UTC and in a person's zone.

/** "20:15" for 20.25. */
export function utcClock(hourUtc: number): string {
  const minutes = Math.round(hourUtc * 60) % (24 * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The same moment's clock time in an IANA zone, on `day` (the zone's offset that day: summer time
 * moves it), e.g. "21:15"; null when the zone is unknown to the browser.
 */
export function zoneClock(hourUtc: number, timeZone: string, day: Date = new Date()): string | null {
  const at = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) + Math.round(hourUtc * 60) * 60_000);
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  } catch {
    return null;
  }
}

/** The viewer's own zone, for people whose zone is not known. */
export function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
