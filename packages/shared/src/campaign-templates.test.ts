import { describe, expect, it } from 'vitest';
import { CAMPAIGN_LIMITS } from './campaigns';
import { EMAIL_BUTTON_STYLE } from './email-button';
import { brandButtonStyle, DEFAULT_BRAND_KIT } from './brand-kit';
import { brandedTemplate, CAMPAIGN_TEMPLATES, templateById } from './campaign-templates';

describe('starting templates', () => {
  it('offers a gallery of twelve, from a newsletter to a plain letter', () => {
    expect(CAMPAIGN_TEMPLATES.map((template) => template.name)).toEqual([
      'Newsletter',
      'Digest',
      'Announcement',
      'Product launch',
      'Sale',
      'Welcome',
      'Re-engagement',
      'Event invitation',
      'Order follow-up',
      'Abandoned cart',
      'Episode notes',
      'Plain letter',
    ]);
    expect(new Set(CAMPAIGN_TEMPLATES.map((template) => template.id)).size).toBe(12);
    expect(templateById('announcement')?.name).toBe('Announcement');
    expect(templateById('nope')).toBeUndefined();
  });

  it('greets with a first-name tag that falls back, and fits the limits', () => {
    for (const template of CAMPAIGN_TEMPLATES) {
      expect(template.html).toContain('{{ first_name | default: "there" }}');
      expect(template.subject.length).toBeLessThanOrEqual(CAMPAIGN_LIMITS.subject);
      expect(template.html.length).toBeLessThanOrEqual(CAMPAIGN_LIMITS.html);
      // Only what the editor can write, so every part stays editable: its divs are its blocks.
      expect(template.html).not.toMatch(/<(table|span|style|script)\b/i);
      for (const div of template.html.match(/<div[^>]*>/g) ?? []) expect(div).toMatch(/^<div (data-postlark-layout="(columns|column|spacer)"|data-postlark-block="recommendations")/);
    }
  });

  it('has a button (a link drawn as one) in every template but the plain letter', () => {
    expect(CAMPAIGN_TEMPLATES.filter((template) => !template.html.includes('class="email-button"')).map((template) => template.id)).toEqual(['plain-letter']);
    // Drawn inline like the toolbar's Button: mail clients ignore style sheets.
    for (const template of CAMPAIGN_TEMPLATES) expect(template.html.match(/class="email-button"/g)?.length ?? 0).toBe(template.html.match(new RegExp(`style="${EMAIL_BUTTON_STYLE}"`, 'g'))?.length ?? 0);
  });
});

describe('a template drawn with the brand kit', () => {
  const kit = {
    ...DEFAULT_BRAND_KIT,
    colors: { ...DEFAULT_BRAND_KIT.colors, button: '#0f766e', button_text: '#fffdf7' },
    button_shape: 'pill' as const,
    logo: { media_id: 'm1', url: 'https://app.example/media/abc.png', alt: 'Lark & "Co"', width: 200, height: 50 },
  };

  it('has its buttons in the kit’s colours and shape, and the logo on top where the template shows images', () => {
    const newsletter = brandedTemplate(templateById('newsletter')!, kit);
    expect(brandButtonStyle(kit)).toContain('border-radius:999px;background:#0f766e;color:#fffdf7;');
    expect(newsletter.html).not.toContain(EMAIL_BUTTON_STYLE);
    expect(newsletter.html.match(new RegExp(`style="${brandButtonStyle(kit)}"`, 'g'))).toHaveLength(1);
    expect(newsletter.html.startsWith('<p><img src="https://app.example/media/abc.png" alt="Lark &amp; &quot;Co&quot;" width="200" height="50"></p><h1>')).toBe(true);
    // The plain letter stays words only; without a kit every template is as it was.
    expect(brandedTemplate(templateById('plain-letter')!, kit).html).toBe(templateById('plain-letter')!.html);
    expect(brandedTemplate(templateById('newsletter')!, null)).toEqual(templateById('newsletter'));
  });
});
