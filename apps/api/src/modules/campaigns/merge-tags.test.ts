import { describe, expect, it } from 'vitest';
import { PURCHASES_NONE } from '@postlark/shared/insights';
import { purchaseMergeValues } from './merge-fields';
import { checkTemplate, compileTemplate, MERGE_FIELDS, type MergeFieldValues, MergeTagError, renderCompiled, renderForNoData, renderTemplate } from './merge-tags';

const ANN: MergeFieldValues = {
  email: 'ann@example.com',
  first_name: 'Ann',
  last_name: 'Lee',
  attributes: { plan: 'pro', seats: 3, trial: false, company: null },
  unsubscribe_url: 'https://postlark.test/u/abc',
  preferences_url: 'https://postlark.test/p/abc',
};
const NAMELESS: MergeFieldValues = { ...ANN, first_name: '', last_name: '', attributes: {} };

const text = (source: string, fields: MergeFieldValues = ANN) => renderTemplate(source, fields, { html: false });
const html = (source: string, fields: MergeFieldValues = ANN) => renderTemplate(source, fields, { html: true });

describe('merge tags', () => {
  it('use the fallback for an empty first name and not for a present one', () => {
    const greeting = 'Hi {{ first_name | default: "there" }}!';
    expect(text(greeting)).toBe('Hi Ann!');
    expect(text(greeting, NAMELESS)).toBe('Hi there!');
    expect(text(greeting, { ...ANN, first_name: '   ' })).toBe('Hi there!');
    expect(text('{{ full_name }} <{{ email }}>')).toBe('Ann Lee <ann@example.com>');
    expect(text('[{{ full_name }}]', { ...ANN, last_name: '' })).toBe('[Ann]');
  });

  it('read the triggering event of an automation email, empty (or the fallback) elsewhere', () => {
    const cart = { ...ANN, event: { total: 42.5, cart_url: 'https://shop.example/c/1' } };
    expect(text('{{ event.total }} at {{ event.cart_url }}', cart)).toBe('42.5 at https://shop.example/c/1');
    expect(text('[{{ event.coupon | default: "none" }}] [{{ event.total }}]')).toBe('[none] []');
    expect(checkTemplate('{{ event.items.first }}')[0]!.message).toContain('is not an event property');
    expect(checkTemplate('{{ event.__proto__ }}')).toEqual([]);
    expect(text('[{{ event.__proto__ }}]', cart)).toBe('[]');
  });

  it('read custom attributes, with a fallback when a subscriber lacks one', () => {
    expect(text('{{ attributes.plan | upcase }} plan, {{ attributes.seats }} seats')).toBe('PRO plan, 3 seats');
    expect(text('{{ attributes.plan | default: "free" }}', NAMELESS)).toBe('free');
    expect(text('{{ attributes.company | default: "your team" }}')).toBe('your team');
    expect(text('{% if attributes.plan == "pro" %}Thanks for upgrading{% else %}Upgrade today{% endif %}')).toBe('Thanks for upgrading');
    expect(text('{% if attributes.plan == "pro" %}Thanks for upgrading{% else %}Upgrade today{% endif %}', NAMELESS)).toBe('Upgrade today');
    expect(text('{{ unsubscribe_url }} {{ preferences_url }}')).toBe('https://postlark.test/u/abc https://postlark.test/p/abc');
  });

  it('read purchase insights, each null (so its default shows) where the data was too thin', () => {
    const purchases = purchaseMergeValues({ ...PURCHASES_NONE, orders: 4, revenue: 120.5, predicted_value_365d: 88.2, churn_risk: null, rfm: { recency: 5, frequency: 4, monetary: 4, group: 'Champions' }, note: null });
    const buyer = { ...ANN, purchases };
    expect(text('{{ purchases.orders }} orders, {{ purchases.rfm_group }}, {{ purchases.churn_risk | default: "n/a" }}', buyer)).toBe('4 orders, Champions, n/a');
    expect(text('{% if purchases.predicted_value_365d > 50 %}VIP{% else %}Hello{% endif %}', buyer)).toBe('VIP');
    expect(text('{{ purchases.orders | default: 0 }}')).toBe('0');
    expect(checkTemplate('{{ purchases.shoe_size }}')[0]?.message).toContain('is not a purchase figure');
    expect(checkTemplate('{{ purchase.orders }}')[0]?.message).toContain('Did you mean "purchases"?');
  });

  it('escape values in HTML and leave them as written in text and subjects', () => {
    const fields = { ...ANN, first_name: '<script>alert("x")</script>', attributes: { plan: 'a & b' } };
    expect(html('<p>Hi {{ first_name }}, {{ attributes.plan }}</p>', fields)).toBe('<p>Hi &lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;, a &amp; b</p>');
    expect(text('Hi {{ first_name }}, {{ attributes.plan }}', fields)).toBe('Hi <script>alert("x")</script>, a & b');
    // A sender's own `| escape` must not escape twice in HTML.
    expect(html('{{ first_name | escape }}', fields)).toBe('&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;');
  });

  it('allow the listed filters', () => {
    expect(text('{{ "  hello world " | strip | capitalize | truncate: 8 }}')).toBe('Hello...');
    expect(text('{{ email | downcase }} {{ first_name | upcase }}')).toBe('ann@example.com ANN');
    expect(text('{{ "2024-03-05T10:00:00Z" | date: "%Y-%m-%d" }}')).toBe('2024-03-05');
    expect(checkTemplate('{{ "now" | date: "%Y" }}')).toEqual([]);
  });

  it('report an unknown merge tag with its line and column, and suggest the field meant', () => {
    const problems = checkTemplate('Hello,\n  {{ frist_name }}');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toEqual({ message: expect.stringContaining('Unknown merge tag "frist_name". Did you mean "first_name"?'), line: 2, column: 6 });
    expect(problems[0]!.message).toContain(`Use one of: ${MERGE_FIELDS.join(', ')}.`);
    expect(checkTemplate('{{ password }} {{ customer.email }}').map((problem) => problem.message)).toEqual([
      expect.stringContaining('Unknown merge tag "password".'),
      expect.stringContaining('Unknown merge tag "customer.email".'),
    ]);
    // Variables in conditions and filter arguments are checked too, not only outputs.
    expect(checkTemplate('{% if password %}x{% endif %}')).toHaveLength(1);
    expect(checkTemplate('{{ first_name | default: password }}')).toHaveLength(1);
  });

  it('report an unknown filter', () => {
    const problems = checkTemplate('Hi {{ first_name | shout }}');
    expect(problems).toEqual([{ message: expect.stringContaining('Unknown filter "shout". Use one of: default, upcase'), line: 1, column: 4 }]);
    // Filters liquidjs ships but campaigns do not need are gone, `raw` included: it would unescape a value in HTML.
    for (const filter of ['jsonify', 'json', 'inspect', 'raw', 'base64_decode', 'where', 'map']) {
      expect(checkTemplate(`{{ email | ${filter} }}`)[0]?.message, filter).toContain(`Unknown filter "${filter}"`);
    }
  });

  it('report syntax errors in plain words', () => {
    expect(checkTemplate('Hi {{ first_name | default: "there" ')).toEqual([
      { message: 'This merge tag is not closed. End it with "}}", like {{ first_name | default: "there" }}.', line: 1, column: 4 },
    ]);
    expect(checkTemplate('{% if first_name %}Hi')[0]?.message).toBe('The {% if %} block is not closed. Add {% endif %} after it.');
    expect(checkTemplate('Hi{% endif %}')[0]?.message).toBe('{% endif %} has no matching opening tag before it.');
    expect(checkTemplate('{{ }}')[0]?.message).toMatch(/^A merge tag could not be read/);
    // One broken tag inside a block is one problem, not also a stray {% endif %}.
    expect(checkTemplate('{% if first_name %}{{ first_name | shout }}{% endif %}')).toHaveLength(1);
  });

  it('refuse tags that read other templates or write variables', () => {
    for (const source of ["{% include 'x' %}", '{% render "footer" %}', "{% layout 'base' %}", '{% assign x = 1 %}', '{% capture x %}y{% endcapture %}', '{% for i in (1..3) %}{{ i }}{% endfor %}']) {
      const tag = /\{% (\w+)/.exec(source)![1];
      expect(checkTemplate(source)[0]?.message, source).toMatch(new RegExp(`^The \\{% ${tag} %\\} tag can't be used in campaign content`));
      expect(() => compileTemplate(source), source).toThrow(MergeTagError);
    }
  });

  it('never reach globals, prototypes or the process', () => {
    for (const source of ['{{ process }}', '{{ constructor }}', '{{ __proto__ }}', '{{ first_name.constructor }}', '{{ attributes.__proto__ }}', '{{ email.size }}', '{{ attributes }}', '{{ attributes[first_name] }}', '{{ [first_name] }}', '{{ (1..100000000) }}']) {
      expect(checkTemplate(source).length, source).toBeGreaterThan(0);
      expect(() => renderTemplate(source, ANN, { html: false }), source).toThrow(MergeTagError);
    }
    // A custom attribute may be called `constructor`; it reads the subscriber's value, never Object's.
    expect(text('[{{ attributes.constructor }}]')).toBe('[]');
    expect(text('[{{ attributes.constructor }}]', { ...ANN, attributes: { constructor: 'yes' } })).toBe('[yes]');
  });

  it('report problems without throwing, whatever the input', () => {
    for (const source of ['', '{{', '{%', '}}', '{% raw %}{{', '{{ "x" | date: "%1000000Y" }}', 'x'.repeat(2_000_001)]) {
      expect(() => checkTemplate(source)).not.toThrow();
    }
    expect(checkTemplate('')).toEqual([]);
    expect(checkTemplate('{{ "x" | date: "%1000000Y" }}')[0]?.message).toMatch(/^This date format pads too wide/);
  });

  it('render a compiled template for 100,000 subscribers', () => {
    const compiled = compileTemplate('<p>Hi {{ first_name | default: "there" }}, you are on {{ attributes.plan | default: "free" }}.</p>');
    const outputs: string[] = [];
    for (let index = 0; index < 100_000; index += 1) {
      const fields = index % 2 === 0 ? { ...ANN, first_name: `Ann ${index}` } : NAMELESS;
      outputs.push(renderCompiled(compiled, fields, { html: true }));
    }
    expect(outputs).toHaveLength(100_000);
    expect(outputs[0]).toBe('<p>Hi Ann 0, you are on pro.</p>');
    expect(outputs[99_998]).toBe('<p>Hi Ann 99998, you are on pro.</p>');
    expect(outputs[99_999]).toBe('<p>Hi there, you are on free.</p>');
    expect(renderCompiled(compiled, ANN, { html: false })).toBe('<p>Hi Ann, you are on pro.</p>');
  });
});

describe('a subject as a reader with no data reads it', () => {
  it('shows each default, drops fields without one, and keeps unreadable tags as written', () => {
    expect(renderForNoData('{{ first_name | default: "Friend" }}, the Autumn sale')).toBe('Friend, the Autumn sale');
    expect(renderForNoData('Hi {{ first_name }}!')).toBe('Hi !');
    expect(renderForNoData('Plain subject')).toBe('Plain subject');
    expect(renderForNoData('Broken {{ first_name ')).toBe('Broken {{ first_name ');
  });
});
