import { describe, expect, it } from 'vitest';
import { readWebsitePage } from './website-page';

const base = new URL('https://www.lark.example/shop/');

describe('reading a site’s home page', () => {
  it('takes the header’s logo over others, the largest apple-touch-icon, the light theme colour and the name', () => {
    const page = readWebsitePage(
      `<html><head><title> Lark
        shop </title>
      <meta name="theme-color" content="#111111" media="(prefers-color-scheme: dark)"><meta name="theme-color" content="rgb(15, 118, 110)" media="(prefers-color-scheme: light)">
      <meta property="og:image" content="https://cdn.lark.example/card.jpg">
      <link rel="shortcut icon" href="/favicon.ico"><link rel="apple-touch-icon" sizes="120x120" href="/t120.png"><link rel="apple-touch-icon" sizes="180x180" href="/t180.png">
      <link rel="stylesheet" href="css/site.css"><link rel="alternate stylesheet" href="/print.css">
      <style>a { color: #b45309 }</style></head>
      <body><div class="partner-logo"><img src="/partner.png"></div><header role="banner"><div><a class="logo"><img src="brand.png" alt="Lark"></a></div></header>
      <footer><img src="/logo-footer.png"></footer></body></html>`,
      base,
    );
    expect(page).toMatchObject({ title: 'Lark shop', siteName: null, themeColor: '#0f766e', iconIsApple: true, logoInHeader: true, inlineCss: 'a { color: #b45309 }\n' });
    expect(page.logoImage?.href).toBe('https://www.lark.example/shop/brand.png');
    expect(page.icon?.href).toBe('https://www.lark.example/t180.png');
    expect(page.ogImage?.href).toBe('https://cdn.lark.example/card.jpg');
    expect(page.stylesheets.map((sheet) => sheet.href)).toEqual(['https://www.lark.example/shop/css/site.css']);
  });

  it('reads JSON-LD’s logo, ignores broken JSON-LD and addresses that are not web addresses, and survives any markup', () => {
    const jsonLd = (value: string) => `<script type="application/ld+json">${value}</script>`;
    const page = readWebsitePage(`${jsonLd('{ broken')}${jsonLd('{"@graph":[{"@type":"Organization","logo":"/org-logo.png"}]}')}<img class="logo" src="javascript:alert(1)">`, base);
    expect(page.jsonLdLogo?.href).toBe('https://www.lark.example/org-logo.png');
    expect(page.logoImage).toBeNull();
    expect(() => readWebsitePage('<div>'.repeat(5000) + '<img class=logo src=/a.png>' + '</span>'.repeat(5000), base)).not.toThrow();
    expect(readWebsitePage('<div>'.repeat(5000) + '<img class=logo src=/a.png>', base).logoImage?.href).toBe('https://www.lark.example/a.png');
  });
});
