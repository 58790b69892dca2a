import { describe, expect, it } from 'vitest';
import { CAMPAIGN_LIMITS } from '@postlark/shared/campaigns';
import { EMAIL_BUTTON_STYLE } from '@postlark/shared/email-button';
import { brandButtonStyle, DEFAULT_BRAND_KIT } from '@postlark/shared/brand-kit';
import { brandedTemplate, CAMPAIGN_TEMPLATES, templateById } from './campaign-templates';

describe('starting templates', () => {
  it('offers a newsletter, an announcement and a plain letter', () => {
    expect(CAMPAIGN_TEMPLATES.map((template) => template.name)).toEqual(['Newsletter', 'Announcement', 'Plain letter']);
    expect(templateById('announcement')?.name).toBe('Announcement');
    expect(templateById('nope')).toBeUndefined();
  });

  it('greets with a first-name tag that falls back, and fits the limits', () => {
    for (const template of CAMPAIGN_TEMPLATES) {
      expect(template.html).toContain('{{ first_name | default: "there" }}');
      expect(template.subject.length).toBeLessThanOrEqual(CAMPAIGN_LIMITS.subject);
      expect(template.html.length).toBeLessThanOrEqual(CAMPAIGN_LIMITS.html);
      // Only what the editor can write, so every part stays editable.
      expect(template.html).not.toMatch(/<(table|div|span|style|script)\b/i);
    }
  });

  it('has a button (a link drawn as one) in the newsletter and the announcement only', () => {
    expect(CAMPAIGN_TEMPLATES.filter((template) => template.html.includes('class="email-button"')).map((template) => template.id)).toEqual(['newsletter', 'announcement']);
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
