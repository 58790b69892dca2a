// The calendar's month in the browser's own timezone: weeks from Monday, whole weeks around the month.

export interface Month {
  year: number;
  /** 0 = January, as Date counts. */
  month: number;
}

export const monthOf = (date: Date): Month => ({
  year: date.getFullYear(),
  month: date.getMonth(),
});

export function addMonths({ year, month }: Month, delta: number): Month {
  return monthOf(new Date(year, month + delta, 1));
}

/** A local day as 'YYYY-MM-DD', the key campaigns are grouped by. */
export function dayKey(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The weeks that show the month: Monday of its first week to Sunday of its last, 4 to 6 rows of 7 days. */
export function monthWeeks({ year, month }: Month): Date[][] {
  const first = new Date(year, month, 1);
  // getDay: Sunday 0 … Saturday 6; the grid starts on Monday.
  const start = new Date(year, month, 1 - ((first.getDay() + 6) % 7));
  const weeks: Date[][] = [];
  for (let day = start; weeks.length === 0 || day.getMonth() === month;) {
    const week: Date[] = [];
    for (let index = 0; index < 7; index += 1) {
      week.push(day);
      day = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** The span the grid shows, [from, to), to ask the API for. */
export function gridRange(weeks: Date[][]): { from: Date; to: Date } {
  const last = weeks.at(-1)!.at(-1)!;
  return {
    from: weeks[0]![0]!,
    to: new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1),
  };
}

/** Items grouped by their local day, in the order given. */
export function byDay<Item extends { at: string }>(items: readonly Item[]): Map<string, Item[]> {
  const days = new Map<string, Item[]>();
  for (const item of items) {
    const key = dayKey(new Date(item.at));
    days.set(key, [...(days.get(key) ?? []), item]);
  }
  return days;
}
