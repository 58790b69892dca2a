// How the Insights page and a person's Purchases card write money, shares, counts and dates.
// One locale for the dashboard (en-GB); amounts in the account's main order currency.

/** Shown where a figure does not exist (not fitted yet, or too thin to say). */
export const NO_VALUE = '—';

const counts = new Intl.NumberFormat('en-GB');
const decimals = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
const percents = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 0 });
const dates = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const compactNumbers = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string | null, compact: boolean): Intl.NumberFormat | null {
  if (!currency) return null;
  const key = `${currency}:${compact}`;
  let format = moneyFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-GB', compact ? { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 } : { style: 'currency', currency });
    } catch {
      // A code Intl does not know: the plain number with the code after it.
      return null;
    }
    moneyFormats.set(key, format);
  }
  return format;
}

/** 1234.5 in EUR → "€1,234.50"; without a currency "1,234.5"; null → "—". */
export function formatMoney(value: number | null, currency: string | null): string {
  if (value === null || !Number.isFinite(value)) return NO_VALUE;
  const format = moneyFormat(currency, false);
  if (format) return format.format(value);
  return currency ? `${decimals.format(value)} ${currency}` : decimals.format(value);
}

/** An axis's money: 12500 in EUR → "€12.5K". */
export function formatMoneyShort(value: number, currency: string | null): string {
  const format = moneyFormat(currency, true);
  return format ? format.format(value) : compactNumbers.format(value);
}

export function formatCount(value: number | null): string {
  return value === null || !Number.isFinite(value) ? NO_VALUE : counts.format(value);
}

/** Up to two decimals: 3.14159 → "3.14". */
export function formatDecimal(value: number | null): string {
  return value === null || !Number.isFinite(value) ? NO_VALUE : decimals.format(value);
}

/** 0.734 → "73%"; null → "—". */
export function formatShare(value: number | null): string {
  return value === null || !Number.isFinite(value) ? NO_VALUE : percents.format(value);
}

export function formatDay(iso: string | null): string {
  if (!iso) return NO_VALUE;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? NO_VALUE : dates.format(date);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "2026-11" → "Nov 2026" (a calendar month in UTC: no time zone moves it). */
export function formatMonth(month: string, withYear = true): string {
  const [year, number] = month.split('-');
  const name = MONTHS[Number(number) - 1] ?? month;
  return withYear ? `${name} ${year}` : name;
}
