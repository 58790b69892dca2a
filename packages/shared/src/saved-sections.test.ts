import { describe, expect, it } from 'vitest';
import { expandSectionReferences, SECTION_LIMITS, sectionReferenceHtml, sectionReferences } from './saved-sections';

const ID = '0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b';
const OTHER = '0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2c';

describe('section references', () => {
  it('are found once each and replaced by their content; an unknown one by nothing', () => {
    const html = `<p>a</p>${sectionReferenceHtml(ID)}<p>b</p>${sectionReferenceHtml(OTHER)}${sectionReferenceHtml(ID)}`;
    expect(sectionReferences(html)).toEqual([ID, OTHER]);
    expect(expandSectionReferences(html, new Map([[ID, '<p>sign-off</p>']]))).toEqual({ html: '<p>a</p><p>sign-off</p><p>b</p><p>sign-off</p>', missing: [OTHER] });
  });

  it('do not recurse: a reference inside a section’s content expands to nothing', () => {
    const sections = new Map([
      [ID, `<p>outer</p>${sectionReferenceHtml(OTHER)}`],
      [OTHER, `<p>inner</p>${sectionReferenceHtml(ID)}`],
    ]);
    expect(expandSectionReferences(sectionReferenceHtml(ID), sections).html).toBe('<p>outer</p>');
  });

  it('expand at most the limit, the rest to nothing', () => {
    const html = sectionReferenceHtml(ID).repeat(SECTION_LIMITS.referencesPerCampaign + 5);
    expect(expandSectionReferences(html, new Map([[ID, 'x']])).html).toBe('x'.repeat(SECTION_LIMITS.referencesPerCampaign));
  });
});
