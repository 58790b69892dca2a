import { describe, expect, it } from 'vitest';
import { addMonths, byDay, dayKey, gridRange, monthWeeks } from './calendar-month';

const keys = (weeks: Date[][]) => weeks.map((week) => week.map(dayKey));

describe('the calendar month', () => {
  it('shows whole weeks from Monday around the month', () => {
    // June 2026 starts on a Monday and ends on a Tuesday.
    const june = keys(monthWeeks({ year: 2026, month: 5 }));
    expect(june).toHaveLength(5);
    expect(june[0]![0]).toBe('2026-06-01');
    expect(june.at(-1)).toEqual(['2026-06-29', '2026-06-30', '2026-07-01', '2026-07-02', '2026-07-03', '2026-07-04', '2026-07-05']);
    // August 2026 starts on a Saturday: six rows.
    const august = keys(monthWeeks({ year: 2026, month: 7 }));
    expect(august).toHaveLength(6);
    expect(august[0]).toEqual(['2026-07-27', '2026-07-28', '2026-07-29', '2026-07-30', '2026-07-31', '2026-08-01', '2026-08-02']);
    // February 2021 fills exactly four.
    expect(monthWeeks({ year: 2021, month: 1 })).toHaveLength(4);
  });

  it('asks for the span the grid shows, and steps across years', () => {
    const range = gridRange(monthWeeks({ year: 2026, month: 5 }));
    expect(dayKey(range.from)).toBe('2026-06-01');
    expect(dayKey(range.to)).toBe('2026-07-06');
    expect(addMonths({ year: 2026, month: 11 }, 1)).toEqual({
      year: 2027,
      month: 0,
    });
    expect(addMonths({ year: 2026, month: 0 }, -1)).toEqual({
      year: 2025,
      month: 11,
    });
  });

  it('groups campaigns by their local day', () => {
    const at = (day: number, hour: number) => new Date(2026, 5, day, hour).toISOString();
    const days = byDay([{ at: at(3, 9) }, { at: at(3, 17) }, { at: at(4, 0) }]);
    expect([...days.keys()]).toEqual(['2026-06-03', '2026-06-04']);
    expect(days.get('2026-06-03')).toHaveLength(2);
  });
});
