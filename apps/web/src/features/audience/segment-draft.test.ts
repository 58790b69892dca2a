import { describe, expect, it } from 'vitest';
import { fromCondition, newCondition, toCondition, toDefinition, withField } from './segment-draft';

const LIST_ID = '0b6f4a3e-8a1c-4d6f-9a55-3f1d2c7e9b10';

describe('segment drafts', () => {
  it('is incomplete until a compared value is given', () => {
    const email = newCondition('email');
    expect(toCondition(email)).toBeNull();
    expect(toCondition({ ...email, op: 'ends_with', value: '@acme.com' })).toEqual({ field: 'email', op: 'ends_with', value: '@acme.com' });
    expect(toCondition({ ...email, op: 'is_empty' })).toEqual({ field: 'email', op: 'is_empty', value: '' });
  });

  it('needs a valid attribute name', () => {
    const attribute = { ...newCondition('attribute'), value: 'pro' };
    expect(toCondition({ ...attribute, key: '1plan' })).toBeNull();
    expect(toCondition({ ...attribute, key: 'plan' })).toEqual({ field: 'attribute', key: 'plan', op: 'is', value: 'pro' });
  });

  it('starts a new field with values that fit it', () => {
    expect(withField(newCondition('email'), 'status')).toEqual({ field: 'status', op: 'is', value: 'active', key: '' });
    expect(withField(newCondition('email'), 'list', { listId: LIST_ID })).toEqual({ field: 'list', op: 'in', value: LIST_ID, key: '' });
    expect(withField(newCondition('email'), 'engagement')).toEqual({ field: 'engagement', op: 'engaged', value: '30', key: '' });
    expect(toCondition({ ...newCondition('engagement'), op: 'not_engaged', value: '90' })).toEqual({ field: 'engagement', op: 'not_engaged', value: '90' });
    expect(toCondition({ ...newCondition('engagement'), value: '45' })).toBeNull();
    // An attribute starts on the picker's first key, not on a purchase figure the key held before.
    expect(withField(newCondition('purchases'), 'attribute', { attributeKey: 'plan' })).toEqual({ field: 'attribute', op: 'is', value: '', key: 'plan' });
    expect(withField(newCondition('purchases'), 'attribute')).toEqual({ field: 'attribute', op: 'is', value: '', key: '' });
    // Text fields share their comparisons, so the typed value stays.
    expect(withField({ field: 'email', op: 'contains', value: 'x', key: '' }, 'first_name')).toEqual({ field: 'first_name', op: 'contains', value: 'x', key: '' });
  });

  it('reads an event condition: its name, how often, how recently, and an optional property', () => {
    const event = newCondition('event');
    expect(toCondition(event)).toBeNull();
    expect(toCondition({ ...event, value: 'order_placed' })).toEqual({ field: 'event', op: 'did', value: 'order_placed', key: '', property_value: '', at_least: 1, days: 30 });
    const often = { ...event, value: 'order_placed', key: 'category', event: { propertyValue: 'shoes', atLeast: '3', days: '' } };
    expect(toCondition(often)).toEqual({ field: 'event', op: 'did', value: 'order_placed', key: 'category', property_value: 'shoes', at_least: 3, days: null });
    expect(fromCondition(toCondition(often)!)).toEqual(often);
    expect(toCondition({ ...often, event: { ...often.event, atLeast: 'many' } })).toBeNull();
    expect(toCondition({ ...event, value: 'Order Placed' })).toBeNull();
    expect(toCondition({ ...event, op: 'did_not', value: 'order_placed', event: { propertyValue: '', atLeast: 'x', days: '90' } })).toMatchObject({ op: 'did_not', at_least: 1, days: 90 });
  });

  it('compares a purchase figure with a number, and names an RFM group', () => {
    const figure = withField(newCondition('email'), 'purchases');
    expect(figure).toMatchObject({ field: 'purchases', op: 'gt', key: 'orders', value: '' });
    expect(toCondition(figure)).toBeNull();
    expect(toCondition({ ...figure, key: 'churn_risk', value: ' 0.7 ' })).toEqual({ field: 'purchases', key: 'churn_risk', op: 'gt', value: '0.7' });
    expect(toCondition({ ...figure, value: 'lots' })).toBeNull();
    const group = withField(newCondition('email'), 'rfm_group');
    expect(toCondition({ ...group, op: 'is_not', value: 'At risk' })).toEqual({ field: 'rfm_group', op: 'is_not', value: 'At risk' });
  });

  it('makes a definition only when every condition is complete', () => {
    const complete = { field: 'created_at' as const, op: 'after', value: '2026-01-31', key: '' };
    expect(toDefinition('any', [complete])).toEqual({ match: 'any', conditions: [{ field: 'created_at', op: 'after', value: '2026-01-31' }] });
    expect(toDefinition('any', [complete, newCondition('email')])).toBeNull();
    expect(toDefinition('all', [])).toBeNull();
  });

  it('builds an engagement score condition from bands and whole percentages, and reads it back', () => {
    const draft = newCondition('engagement_score');
    expect(toCondition(draft)).toEqual({ field: 'engagement_score', bands: ['dormant'], score_at_least: null, score_below: null });
    const bounded = { ...draft, score: { bands: [], atLeast: '20', below: '57.5' } };
    const condition = toCondition(bounded);
    expect(condition).toEqual({ field: 'engagement_score', bands: [], score_at_least: 0.2, score_below: 0.575 });
    expect(fromCondition(condition!)).toEqual({ ...bounded, op: 'matches' });
    // Nothing chosen, a percentage past 100 or not a number: incomplete.
    expect(toCondition({ ...draft, score: { bands: [], atLeast: '', below: '' } })).toBeNull();
    expect(toCondition({ ...draft, score: { bands: [], atLeast: '120', below: '' } })).toBeNull();
    expect(toCondition({ ...draft, score: { bands: [], atLeast: 'lots', below: '' } })).toBeNull();
  });
});

