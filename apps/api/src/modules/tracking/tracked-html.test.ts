import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { numberLinks, templateLinks, trackedHtml, untrackedHtml } from './tracked-html';
import { trackingLinks } from './tracking-links';

const SECRET = 'a secret of the test';
const links = trackingLinks('https://app.example', SECRET);
const never = () => false;

describe('links numbered in the template and tracked in each message', () => {
  const template = `<p><a href="https://shop.example/?ref={{ email }}">Shop</a> <abbr title="x">ABBR</abbr> <a name="top">Top</a> <a href='mailto:hi@shop.example'>Write</a> <a\nclass="b" href="https://shop.example/a?x=1&amp;y=2">A</a></p>`;

  it('names each link by its href as written, merge tags and all, and every <a> has a number', () => {
    expect(templateLinks(template)).toEqual(['https://shop.example/?ref={{ email }}', '', 'mailto:hi@shop.example', 'https://shop.example/a?x=1&y=2']);
  });

  it('sends only http(s) links through the redirect, each with its number, and leaves no number behind', () => {
    const rendered = numberLinks(template).replace('{{ email }}', 'ada%40example.com');
    const html = trackedHtml(rendered, 42, links, never);
    expect(html).not.toContain('data-postlark-link');
    expect(html).toContain('<abbr title="x">');
    expect(html).toContain('<a name="top">Top</a>');
    expect(html).toContain(`<a href='mailto:hi@shop.example'>`);
    const tracked = [...html.matchAll(/href="([^"]+\/t\/c\/[^"]+)"/g)].map((match) => new URL(match[1]!.replaceAll('&#38;', '&')));
    expect(tracked.map((url) => [url.pathname.split('/').at(-1)!.split('.')[1], url.searchParams.get('u')])).toEqual([
      ['0', 'https://shop.example/?ref=ada%40example.com'],
      ['3', 'https://shop.example/a?x=1&y=2'],
    ]);
    const token = tracked[1]!.pathname.split('/').at(-1)!;
    expect(links.clickRow(token, 'https://shop.example/a?x=1&y=2')).toEqual({ rowId: 42, link: 3 });
    expect(links.clickRow(token, 'https://shop.example/a?x=1')).toBeNull();
  });

  it('keeps an address with dollar signs whole', () => {
    const html = trackedHtml(numberLinks('<a href="https://shop.example/?p=$1&amp;q=$&amp;r=$$">Pay</a>'), 7, links, never);
    const tracked = new URL(/href="([^"]+)"/.exec(html)![1]!.replaceAll('&#38;', '&'));
    expect(tracked.searchParams.get('u')).toBe('https://shop.example/?p=$1&q=$&r=$$');
  });

  it('still accepts a click link made before links were numbered, for no link in particular', () => {
    const url = 'https://shop.example/a';
    const legacyMac = createHmac('sha256', SECRET).update(`c:42:${url}`).digest().subarray(0, 12).toString('base64url');
    expect(links.clickRow(`${(42).toString(36)}.${legacyMac}`, url)).toEqual({ rowId: 42, link: null });
    expect(links.clickRow(`${(42).toString(36)}.${legacyMac}`, `${url}x`)).toBeNull();
    // The open pixel's token never carries a link number.
    const pixel = links.openPixel(42).split('/').at(-1)!;
    expect(links.openRow(pixel)).toBe(42);
    expect(links.openRow(pixel.replace('.', '.0.'))).toBeNull();
  });

  it('leaves a message without tracking as written', () => {
    expect(untrackedHtml(numberLinks(template))).toBe(template);
  });

  it('reads a megabyte of unclosed "<a " the way a browser does, in one pass: one tag whose link is tracked', () => {
    // A browser reads every later "<a" as an attribute of the first tag, up to the first ">".
    const flood = `<p>${'<a '.repeat(350_000)}href="https://shop.example/">Shop</a></p>`;
    expect(templateLinks(flood)).toEqual(['https://shop.example/']);
    const html = trackedHtml(numberLinks(flood), 42, links, never);
    const tracked = [...html.matchAll(/href="([^"]+\/t\/c\/[^"]+)"/g)].map((match) => new URL(match[1]!.replaceAll('&#38;', '&')));
    expect(tracked.map((url) => url.searchParams.get('u'))).toEqual(['https://shop.example/']);
    expect(html.startsWith(`<p>${'<a '.repeat(350_000)}href="`)).toBe(true);
    expect(html).not.toContain('data-postlark-link');
  });

  it('leaves a megabyte of "<a " that never closes as it is', () => {
    const flood = `<p>${'<a '.repeat(350_000)}`;
    expect(templateLinks(flood)).toEqual([]);
    expect(untrackedHtml(numberLinks(flood))).toBe(flood);
    expect(trackedHtml(numberLinks(flood), 42, links, never)).toBe(`${flood}<img src="${links.openPixel(42).replaceAll('&', '&#38;')}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`);
  });

  it('numbers only real links: not an "<a" inside a comment, a script or an attribute', () => {
    const html = '<!-- <a href="https://old.example/"> --><img alt="<a href=x>"><script>"<a href=y>"</script><a href=https://shop.example/>Shop</a>';
    expect(templateLinks(html)).toEqual(['https://shop.example/']);
    expect(untrackedHtml(numberLinks(html))).toBe(html);
    const tracked = trackedHtml(numberLinks(html), 42, links, never);
    expect(tracked.startsWith('<!-- <a href="https://old.example/"> --><img alt="<a href=x>"><script>"<a href=y>"</script><a href="https://app.example/t/c/')).toBe(true);
  });
});
