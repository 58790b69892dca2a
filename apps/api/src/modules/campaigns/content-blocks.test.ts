import { BLOCK_LIMITS, BLOCK_MESSAGES, type BlockCondition, encodeCondition } from '@postlark/shared/content-blocks';
import { describe, expect, it } from 'vitest';
import { blockProblem, conditionKey, extractBlocks, personalise, productsHtml, RECOMMENDED_LINK } from './content-blocks';

const PRO: BlockCondition = { type: 'field', field: 'attribute', key: 'plan', op: 'equals', value: 'pro' };
const VIP: BlockCondition = { type: 'engagement', bands: ['highly_engaged'] };
const iff = (condition: BlockCondition, inner: string) => `<div data-postlark-if="${encodeCondition(condition)}">${inner}</div>`;
const product = (id: string, price: number | null = 12.5) => ({ id, title: `Item <${id}>`, url: `https://shop.example/${id}`, image_url: `https://shop.example/${id}.jpg`, price, currency: 'EUR', score: 1, reason: 'popular this month' });

describe('content blocks', () => {
  it('become markers, nested conditions and plain divs kept apart, and the placeholder inside a products block dropped', () => {
    const html = `<p>a</p><div class="x"><div data-postlark-block="recommendations" data-count="2" data-layout="list"><p>placeholder <div>inner</div></p></div></div>${iff(PRO, `<p>pro</p>${iff(VIP, '<div><p>both</p></div>')}`)}<p>z</p>`;
    const { html: marked, blocks } = extractBlocks(html);
    expect(blocks).toEqual({ recommendations: [{ count: 2, layout: 'list' }], conditions: [PRO, VIP] });
    expect(marked).toBe('<p>a</p><div class="x"><!--postlark-block:0--></div><!--postlark-if:0--><p>pro</p><!--postlark-if:1--><div><p>both</p></div><!--postlark-endif:1--><!--postlark-endif:0--><p>z</p>');
  });

  it('keep or drop each conditional part per person, an outer one dropping what it holds', () => {
    const { html, blocks } = extractBlocks(`<p>all</p>${iff(PRO, `<p>pro</p>${iff(VIP, '<p>both</p>')}`)}${iff(VIP, '<p>vip</p>')}`);
    const render = (matched: BlockCondition[]) => personalise(html, blocks, { products: [], matched: new Set(matched.map(conditionKey)) });
    expect(render([PRO, VIP])).toBe('<p>all</p><p>pro</p><p>both</p><p>vip</p>');
    expect(render([PRO])).toBe('<p>all</p><p>pro</p>');
    expect(render([VIP])).toBe('<p>all</p><p>vip</p>');
    expect(personalise(html, blocks, undefined)).toBe('<p>all</p>');
  });

  it('show a person’s products with image size, escaped title, price and a View link numbered for the block', () => {
    const grid = productsHtml([product('a'), product('b', null), product('c'), product('d')], 'grid');
    expect(grid.match(/<tr>/g)).toHaveLength(2);
    expect(grid).toContain('<img src="https://shop.example/a.jpg" width="168" height="168" alt="Item &#60;a&#62;"');
    expect(grid).toContain('€12.50');
    expect(grid).toContain(`<a href="https://shop.example/a" data-postlark-link="${RECOMMENDED_LINK}"`);
    // Product b has no price: its title and link, and no price line.
    expect(grid).toContain('Item &#60;b&#62;</div><a href="https://shop.example/b"');
    expect(grid.match(/<a href=/g)).toHaveLength(4);
    expect(productsHtml([product('a')], 'list')).toContain('width="96" height="96"');
    expect(productsHtml([], 'grid')).toBe('');
    // A block shows its count of the person's products: a once, and b not at all.
    const { html, blocks } = extractBlocks('<div data-postlark-block="recommendations" data-count="1"></div>');
    const one = personalise(html, blocks, { products: [product('a'), product('b')], matched: new Set() });
    expect(one.match(/Item &#60;a&#62;/g)).toHaveLength(2); // the image's alt text and the title
    expect(one.match(/<a href="https:\/\/shop\.example\/a"/g)).toHaveLength(1);
    expect(one).not.toContain('Item &#60;b&#62;');
  });

  it('never turn a product address that is not http(s) into a link or an image', () => {
    for (const scheme of ['javascript:alert(1)//', 'data:text/html;base64,PHNjcmlwdD4=', ' JavaScript:x', 'DATA:image/png;base64,AA==']) {
      const html = productsHtml([{ ...product('a'), url: scheme, image_url: scheme }], 'grid');
      expect(html, scheme).toContain('Item &#60;a&#62;');
      expect(html, scheme).not.toMatch(/<a |<img /);
      expect(html.toLowerCase(), scheme).not.toMatch(/javascript:|data:/);
    }
    // An http(s) image with a bad link is shown without a link, and the other way round.
    const imageOnly = productsHtml([{ ...product('a'), url: 'javascript:x' }], 'list');
    expect(imageOnly).toContain('<img src="https://shop.example/a.jpg"');
    expect(imageOnly).not.toContain('<a ');
    const linkOnly = productsHtml([{ ...product('a'), image_url: 'data:image/png;base64,AA==' }], 'list');
    expect(linkOnly).toContain('<a href="https://shop.example/a"');
    expect(linkOnly).not.toContain('<img ');
  });

  it('name what is wrong with a block, and leave a customer’s look-alike comment powerless', () => {
    expect(blockProblem('<div data-postlark-block="slider"></div>')).toBe(BLOCK_MESSAGES.blockUnknown('slider'));
    expect(blockProblem('<div data-postlark-block="recommendations" data-count="7"></div>')).toBe(BLOCK_MESSAGES.countInvalid);
    expect(blockProblem('<div data-postlark-block="recommendations" data-layout="x"></div>')).toBe(BLOCK_MESSAGES.layoutInvalid);
    expect(blockProblem('<div data-postlark-if="%E0%A4%A">x</div>')).toBe(BLOCK_MESSAGES.conditionInvalid);
    expect(blockProblem(`<div data-postlark-if="${encodeURIComponent('{"type":"field","field":"email","key":"plan","op":"equals","value":"x"}')}">x</div>`)).toBe(BLOCK_MESSAGES.conditionInvalid);
    expect(blockProblem(`<div data-postlark-if="${encodeCondition(PRO)}"><p>open`)).toBe(BLOCK_MESSAGES.notClosed);
    expect(blockProblem('<p>no blocks</p>')).toBeNull();
    // An unknown block's name is repeated, but no longer than 40 characters.
    const long = 'x'.repeat(400_000);
    expect(blockProblem(`<div data-postlark-block="${long}"></div>`)).toBe(`"${'x'.repeat(40)}…" is not a content block. Use the editor's Recommended products block.`);
    expect(BLOCK_MESSAGES.blockUnknown('x'.repeat(40))).toBe(`"${'x'.repeat(40)}" is not a content block. Use the editor's Recommended products block.`);
    const { html, blocks } = extractBlocks(`<!--postlark-if:0--><p>x</p>${iff(PRO, '<p>pro</p>')}`);
    expect(personalise(html, blocks, undefined)).toBe('<!-- if:0--><p>x</p>');
  });

  it('allow at most BLOCK_LIMITS.conditions different conditions, and conditional blocks nested BLOCK_LIMITS.depth deep', () => {
    const named = (count: number) => Array.from({ length: count }, (_, index): BlockCondition => ({ type: 'field', field: 'email', key: '', op: 'contains', value: `@shop${index}.example` }));
    const many = (conditions: BlockCondition[]) => conditions.map((condition) => iff(condition, '<p>x</p>')).join('');
    expect(BLOCK_LIMITS).toEqual({ conditions: 50, depth: 10, htmlDepth: 100 });
    expect(blockProblem(many(named(50)))).toBeNull();
    // The same condition again is no new one.
    expect(blockProblem(many([...named(50), ...named(50)]))).toBeNull();
    expect(blockProblem(many(named(51)))).toBe(BLOCK_MESSAGES.tooManyConditions);
    const nested = (depth: number) => Array.from({ length: depth }).reduce<string>((inner) => iff(PRO, inner), '<p>deep</p>');
    expect(blockProblem(nested(10) + nested(10))).toBeNull();
    expect(blockProblem(nested(11))).toBe(BLOCK_MESSAGES.nestedTooDeep);
  });

  it('refuse HTML nested past BLOCK_LIMITS.htmlDepth, whatever its elements, and count void ones as closed', () => {
    const deep = (depth: number, tag: string) => `${`<${tag}>`.repeat(depth)}x${`</${tag}>`.repeat(depth)}`;
    expect(blockProblem(deep(100, 'div'))).toBeNull();
    expect(blockProblem(deep(101, 'div'))).toBe(BLOCK_MESSAGES.htmlTooDeep);
    // Never closed counts too: a megabyte of <b> would otherwise be a tree far past any stack.
    expect(blockProblem('<b>'.repeat(50_000))).toBe(BLOCK_MESSAGES.htmlTooDeep);
    expect(blockProblem(`<p>${'line<br>'.repeat(500)}</p>${'<img src="a.png">'.repeat(500)}`)).toBeNull();
  });
});
