import { CAMPAIGN_CHECK_TEXTS } from '@postlark/shared/campaign-checks';
import { describe, expect, it } from 'vitest';
import { contentLinks, imagesCheck, sizeCheck } from './message-checks';

// What the checks read in a message's HTML, on hand-made messages: where the pixel and the footer
// sit, sizes counted in UTF-8 bytes, links and images read by a real parser.

const PIXEL = 'https://app.example/t/o/1.abc';
const UNSUBSCRIBE = 'https://app.example/p/xyz';
const ADDRESS = 'Lark Letters Ltd, 1 Lark Lane, Leeds';
const footer = `<div><p>You receive this email because you subscribed.</p><p><a href="${UNSUBSCRIBE}">Unsubscribe</a></p><p>${ADDRESS}</p></div>`;
const pixel = `<img src="${PIXEL}" width="1" height="1" alt="">`;
const landmarks = { pixelUrl: PIXEL, unsubscribeUrl: UNSUBSCRIBE, postalAddress: ADDRESS };

describe('message checks', () => {
  it('says the pixel and footer come last when they do, and which does not when content follows', () => {
    expect(sizeCheck(`<p>Hi</p>${pixel}${footer}`, landmarks)).toMatchObject({ status: 'pass', detail: expect.stringContaining(CAMPAIGN_CHECK_TEXTS.sizeEndsLast) });
    const late = sizeCheck(`${pixel}<p><a href="https://x.example/">More</a></p>${footer}<p>PS: one more thing</p>`, landmarks);
    expect(late.status).toBe('warn');
    expect(late.detail).toContain(CAMPAIGN_CHECK_TEXTS.sizeNotLast([CAMPAIGN_CHECK_TEXTS.pixelPart, CAMPAIGN_CHECK_TEXTS.footerPart]));
  });

  it('counts bytes, not characters: 40,000 three-byte characters are past the clip', () => {
    const wide = `<p>${'€'.repeat(40_000)}</p>`;
    const check = sizeCheck(`${wide}${pixel}${footer}`, landmarks);
    expect(check.status).toBe('warn');
    expect(check.detail).toContain(CAMPAIGN_CHECK_TEXTS.sizeHidden([CAMPAIGN_CHECK_TEXTS.hiddenFooter, CAMPAIGN_CHECK_TEXTS.hiddenPixel]));
  });

  it('reads links and images as a browser does: not inside comments, entities decoded', () => {
    const html = '<!-- <a href="https://hidden.example/"> --><a href="https://a.example/?x=1&amp;y=2">A</a><a href="mailto:x@y.example">M</a><a href="https://a.example/?x=1&amp;y=2">again</a><img src="/logo.png" alt="Logo"><img src="https://c.example/p.gif" width="1" height="1">';
    expect(contentLinks(html, () => false)).toEqual(['https://a.example/?x=1&y=2']);
    expect(imagesCheck(html)).toMatchObject({ status: 'pass', detail: CAMPAIGN_CHECK_TEXTS.imagesAllAlt(1) });
  });
});
