import { describe, expect, it } from 'vitest';
import { CAMPAIGN_LIMITS } from '@postlark/shared/campaigns';
import { EMAIL_BUTTON_STYLE } from '@postlark/shared/email-button';
import { CAMPAIGN_TEMPLATES, templateById } from './campaign-templates';

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
