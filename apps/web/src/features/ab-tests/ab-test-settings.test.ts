import { describe, expect, it } from 'vitest';
import { addVariant, formatMinutes, makeVariants, newStepTest, newTest, removeVariant, withDimension } from './ab-test-settings';

describe('a test’s settings', () => {
  it('starts with A (the campaign’s own) and an empty B, 20% and 4 hours, the dimension’s metric', () => {
    expect(newTest('subject')).toEqual({ dimension: 'subject', metric: 'open_rate', test_share: 20, wait_minutes: 240, variants: [{}, { subject: '' }] });
    expect(newTest('content').metric).toBe('click_rate');
    expect(newTest('send_time').variants).toEqual([{}, { send_delay_minutes: 60 }]);
  });

  it('holds 2 to 4 variants, and never removes A', () => {
    let test = newTest('subject');
    test = addVariant(addVariant(addVariant(test)));
    expect(test.variants).toHaveLength(4);
    test = removeVariant(test, 0);
    expect(test.variants).toHaveLength(4);
    test = removeVariant(removeVariant(test, 3), 2);
    expect(removeVariant(test, 1).variants).toHaveLength(2);
  });

  it('empties the variants on another dimension, and moves a default metric with it', () => {
    const test = { ...newTest('subject'), variants: [{}, { subject: 'Hello' }] };
    expect(withDimension(test, 'content')).toMatchObject({ metric: 'click_rate', variants: [{}, { content_html: '', content_text: null }] });
    expect(withDimension({ ...test, metric: 'click_rate' }, 'from_name').metric).toBe('click_rate');
  });

  it('turns suggestions into variants B to D, making the test when there is none', () => {
    expect(makeVariants(null, 'subject', ['One', ' Two ', '', 'Three', 'Four']).variants).toEqual([{}, { subject: 'One' }, { subject: 'Two' }, { subject: 'Three' }]);
    const kept = makeVariants({ ...newTest('subject'), test_share: 40, wait_minutes: 60 }, 'preheader', ['Read on']);
    expect(kept).toMatchObject({ dimension: 'preheader', test_share: 40, wait_minutes: 60, variants: [{}, { preheader: 'Read on' }] });
  });

  it('writes a wait in minutes, hours or days', () => {
    expect(formatMinutes(30)).toBe('30 min');
    expect(formatMinutes(240)).toBe('4 h');
    expect(formatMinutes(2160)).toBe('1 day 12 h');
    expect(formatMinutes(4320)).toBe('3 days');
  });
});

describe('an automation step’s test', () => {
  it('has no test share: everyone passing through is in it', () => {
    expect(newStepTest('preheader')).toEqual({ dimension: 'preheader', metric: 'open_rate', wait_minutes: 240, variants: [{}, { preheader: '' }] });
  });
});
