import { Button } from '../../../components/ui/button';
import { brandedTemplate, CAMPAIGN_TEMPLATES, type CampaignTemplate } from '@postlark/shared/campaign-templates';
import { useBrandKit } from '../hooks/use-brand-kit';

// A miniature of each template's shape: a block per part, so the three read apart at a glance.
const SKETCHES: Record<string, readonly string[]> = {
  newsletter: ['title', 'line', 'line', 'button', 'rule', 'line', 'line'],
  announcement: ['title', 'line', 'dots', 'button'],
  'plain-letter': ['line', 'line', 'line', 'short'],
};

/** A new campaign starts from a template or from nothing. */
export function TemplatePicker({ onPick, onBlank }: { onPick(template: CampaignTemplate): void; onBlank(): void }) {
  // The account's logo and button look go into the template chosen (the Brand page).
  const kit = useBrandKit();
  return (
    <section className="dash-card campaign-card campaign-templates" aria-labelledby="campaign-templates-title">
      <header className="campaign-card__head">
        <div>
          <h2 id="campaign-templates-title" className="campaign-card__title">
            Start from a template
          </h2>
          <p className="campaign-card__text">Every part stays editable. Or begin with an empty page.</p>
        </div>
        <Button variant="ghost" onClick={onBlank}>
          Start from scratch
        </Button>
      </header>
      <ul className="campaign-templates__list">
        {CAMPAIGN_TEMPLATES.map((template) => (
          <li key={template.id}>
            <button type="button" className="campaign-template" onClick={() => onPick(brandedTemplate(template, kit))} aria-label={`Use the ${template.name} template`}>
              <span className="campaign-template__sketch" aria-hidden="true">
                {(SKETCHES[template.id] ?? []).map((part, index) => (
                  <span key={index} className={`campaign-template__part campaign-template__part--${part}`} />
                ))}
              </span>
              <span className="campaign-template__name">{template.name}</span>
              <span className="campaign-template__description">{template.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
