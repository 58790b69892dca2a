// Scheduling: a wall-clock time as a datetime-local input gives it, in an IANA timezone.

/** The browser's own timezone, the schedule dialog's default. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every timezone the browser knows, with the given ones (the browser's, a saved one) always there. */
export function timeZoneOptions(...always: (string | null | undefined)[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const extra = always.filter((zone): zone is string => Boolean(zone));
  return [...new Set([...known, 'UTC', ...extra])].sort((a, b) => a.localeCompare(b));
}

/** `YYYY-MM-DDTHH:mm` of a moment as the wall clock in `timeZone` shows it. */
export function wallClock(moment: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The dialog's first suggestion: the next whole hour at least 30 minutes away, on the zone's clock. */
export function suggestedSendAt(now: Date, timeZone: string): string {
  // Ninety minutes on, then back to the hour on that zone's clock: at least 30 minutes from now.
  const [date, time] = wallClock(new Date(now.getTime() + 90 * 60_000), timeZone).split('T') as [string, string];
  return `${date}T${time.slice(0, 2)}:00`;
}

/** A scheduled time as its chooser set it: `1 Dec 2026, 09:00 (Europe/Paris)`. */
export function formatSchedule(iso: string, timeZone: string | null): string {
  const zone = timeZone ?? 'UTC';
  try {
    const when = new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
    return `${when} (${zone})`;
  } catch {
    // A zone this browser does not know: the time in UTC is still right.
    return `${new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))} (UTC)`;
  }
}

/** A campaign's created or sent time, in the browser's timezone. */
export function formatMoment(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
