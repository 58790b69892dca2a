import { CAMPAIGN_TEMPLATES, type CampaignTemplate } from '@postlark/shared/campaign-templates';
import { Button } from '../../../components/ui/button';
import { useTemplateGallery } from '../hooks/use-template-gallery';
import './template-picker.css';

// The width a thumbnail's message is drawn at (a desktop inbox's), scaled down to the card.
const THUMBNAIL_WIDTH = 680;

/** A new campaign starts from a template of the gallery, drawn with the brand kit, or from nothing. */
export function TemplatePicker({ onPick, onBlank }: { onPick(template: CampaignTemplate): void; onBlank(): void }) {
  // The account's logo and button look are in each template (the Brand page), each with its message laid out.
  const gallery = useTemplateGallery();
  const loading = gallery === null;
  const templates: readonly (CampaignTemplate & { preview_html?: string })[] = Array.isArray(gallery) ? gallery : CAMPAIGN_TEMPLATES;
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
      <ul className="campaign-templates__list" aria-busy={loading}>
        {templates.map((template) => (
          <li key={template.id} className="campaign-template">
            <div className="campaign-template__thumbnail" aria-hidden="true">
              {template.preview_html ? (
                // The message as readers get it, scaled down: a sandboxed frame runs nothing and cannot be reached by keyboard.
                <iframe className="campaign-template__frame" title={`${template.name} template`} sandbox="" srcDoc={template.preview_html} tabIndex={-1} style={{ width: THUMBNAIL_WIDTH }} />
              ) : (
                <span className="campaign-template__loading" />
              )}
            </div>
            {/* Until the gallery arrives a template is not yet drawn with the kit: picking waits for it. */}
            <button type="button" className="campaign-template__pick" onClick={() => onPick(template)} disabled={loading} aria-label={`Use the ${template.name} template`}>
              <span className="campaign-template__name">{template.name}</span>
              <span className="campaign-template__description">{template.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
