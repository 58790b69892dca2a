import { describe, expect, it } from 'vitest';
import { revenueText, stepSummary, stepTitle, triggerText } from './automations-content';

describe('automation texts', () => {
  it('says what starts a flow', () => {
    expect(triggerText({ type: 'event', event: 'cart_updated', filters: [] })).toBe('When cart_updated happens');
    expect(triggerText({ type: 'list_joined', list_id: 'l1' }, (id) => (id === 'l1' ? 'Weekly' : undefined))).toBe('When someone joins Weekly');
    expect(triggerText({ type: 'date', attribute: 'birthday', offset_days: -3, hour: 9 })).toBe('3 days before their birthday at 09:00');
    expect(triggerText({ type: 'date', attribute: 'birthday', offset_days: 0, hour: 18 })).toBe('On their birthday at 18:00');
  });

  it('sums up a step on its card', () => {
    expect(stepSummary({ id: 'w', type: 'wait', duration: { amount: 1, unit: 'hours' }, next: null })).toBe('Wait 1 hour');
    expect(stepSummary({ id: 'w', type: 'wait', until: { weekdays: [1, 3], hour: 9 }, next: null })).toBe('Until Mon, Wed at 09:00');
    expect(stepSummary({ id: 'e', type: 'wait_event', event: 'order_placed', filters: [], timeout: { amount: 7, unit: 'days' }, next: null, timeout_next: null })).toBe(
      'Until order_placed, at most 7 days',
    );
    expect(stepSummary({ id: 'u', type: 'update', attributes: { vip: true }, add_to_lists: ['a'], remove_from_lists: [], unsubscribe: null, next: null })).toBe('Change 1 field, add to 1 list');
    expect(stepSummary({ id: 'u', type: 'update', attributes: {}, add_to_lists: [], remove_from_lists: [], unsubscribe: { reason: 'Sunset: no answer' }, next: null })).toBe('Unsubscribe: Sunset: no answer');
  });

  it('writes revenue per currency', () => {
    expect(revenueText({})).toBe('—');
    expect(revenueText({ EUR: 120, USD: 0 })).toBe('€120.00');
  });
});

describe('step titles', () => {
  it('names a step by what tells it apart', () => {
    expect(stepTitle({ id: 'w', type: 'wait', duration: { amount: 2, unit: 'days' }, next: null })).toBe('Wait 2 days');
    expect(stepTitle({ id: 'e', type: 'wait_event', event: 'order_placed', filters: [], timeout: { amount: 7, unit: 'days' }, next: null, timeout_next: null })).toBe('Wait for order_placed');
    expect(stepTitle({ id: 'x', type: 'exit' })).toBe('Exit');
  });
});
