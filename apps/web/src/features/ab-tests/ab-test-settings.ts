import { AB_LIMITS, AB_VARIANT_LABELS, type AbDimension, type AbStepTestSettings, type AbTestSettings, type AbVariant, defaultMetric } from '@postlark/shared/ab-tests';

/** A campaign's test or an automation step's (which has no test share). */
type AnyTest = AbStepTestSettings;

// The editor's changes to a test's settings, as pure functions: the panel and the AI suggestions
// (onMakeVariants) both go through them, so a test is always one the API accepts the shape of.

/** The dimensions whose variants are one line of text. */
export type AbTextDimension = 'subject' | 'preheader' | 'from_name';

/** Variant A is always the campaign's own fields: an empty object. */
const ORIGINAL: AbVariant = {};

/** An empty variant B, C or D of a dimension; a send time waits an hour more for each. */
export function emptyVariant(dimension: AbDimension, index: number): AbVariant {
  switch (dimension) {
    case 'content':
      return { content_html: '', content_text: null };
    case 'send_time':
      return { send_delay_minutes: 60 * index };
    default:
      return { [dimension]: '' };
  }
}

/** A new automation step's test: A and an empty B, the longest wait's default. */
export function newStepTest(dimension: AbDimension = 'subject'): AbStepTestSettings {
  const { test_share: _everyone, ...step } = newTest(dimension);
  return step;
}

/** A new test of a dimension: A and an empty B, the contract's defaults for the rest. */
export function newTest(dimension: AbDimension = 'subject'): AbTestSettings {
  return {
    dimension,
    metric: defaultMetric(dimension),
    test_share: AB_LIMITS.testShare.default,
    wait_minutes: AB_LIMITS.waitMinutes.default,
    variants: [ORIGINAL, emptyVariant(dimension, 1)],
  };
}

/** Another dimension: as many variants, emptied; the metric follows when it was the old default. */
export function withDimension<Test extends AnyTest>(test: Test, dimension: AbDimension): Test {
  if (test.dimension === dimension) return test;
  const metric = test.metric === defaultMetric(test.dimension) ? defaultMetric(dimension) : test.metric;
  return { ...test, dimension, metric, variants: test.variants.map((_variant, index) => (index === 0 ? ORIGINAL : emptyVariant(dimension, index))) };
}

export function addVariant<Test extends AnyTest>(test: Test): Test {
  if (test.variants.length >= AB_LIMITS.maxVariants) return test;
  return { ...test, variants: [...test.variants, emptyVariant(test.dimension, test.variants.length)] };
}

export function removeVariant<Test extends AnyTest>(test: Test, index: number): Test {
  if (index === 0 || test.variants.length <= AB_LIMITS.minVariants) return test;
  return { ...test, variants: test.variants.filter((_variant, at) => at !== index) };
}

export function replaceVariant<Test extends AnyTest>(test: Test, index: number, variant: AbVariant): Test {
  if (index === 0) return test;
  return { ...test, variants: test.variants.map((current, at) => (at === index ? variant : current)) };
}

/**
 * Suggestions (the AI's subject lines or preview texts) as variants B to D: a test of that
 * dimension is made when there is none (or one of another dimension), and its settings kept otherwise.
 */
export function makeVariants(test: AbTestSettings | null, dimension: 'subject' | 'preheader', values: readonly string[]): AbTestSettings {
  const base = test ? withDimension(test, dimension) : newTest(dimension);
  const chosen = values.map((value) => value.trim()).filter(Boolean).slice(0, AB_LIMITS.maxVariants - 1);
  if (chosen.length === 0) return base;
  return { ...base, variants: [ORIGINAL, ...chosen.map((value): AbVariant => ({ [dimension]: value }))] };
}

/** A variant's text field's value (subject, preheader or from name). */
export function variantText(variant: AbVariant, dimension: AbTextDimension): string {
  return variant[dimension] ?? '';
}

export function variantHtml(variant: AbVariant): string {
  return variant.content_html ?? '';
}

export function variantDelay(variant: AbVariant): number {
  return variant.send_delay_minutes ?? 0;
}

export const variantLabel = (index: number) => AB_VARIANT_LABELS[index] ?? String(index + 1);

/** "30 min", "4 h", "1 day 12 h", "3 days". */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const days = Math.floor(minutes / 1440);
  const hours = Math.round((minutes % 1440) / 60);
  if (days === 0) return `${hours} h`;
  const dayText = `${days} ${days === 1 ? 'day' : 'days'}`;
  return hours === 0 ? dayText : `${dayText} ${hours} h`;
}
