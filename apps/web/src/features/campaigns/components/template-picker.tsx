import { useState } from 'react';
import { CAMPAIGN_TEMPLATES, type CampaignTemplate, type TemplateGalleryItem } from '@postlark/shared/campaign-templates';
import { OWN_TEMPLATE_MESSAGES, OWN_TEMPLATE_TEXTS } from '@postlark/shared/own-templates';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useOwnTemplates } from '../hooks/use-own-templates';
import { useTemplateGallery } from '../hooks/use-template-gallery';
import '../../../components/ui/notice.css';
import './template-picker.css';

// The width a thumbnail's message is drawn at (a desktop inbox's), scaled down to the card.
const THUMBNAIL_WIDTH = 680;

type Shown = CampaignTemplate & { preview_html?: string };

/** A new campaign starts from a template of the gallery, drawn with the brand kit, from one of the account's own, or from nothing. */
export function TemplatePicker({ onPick, onBlank }: { onPick(template: CampaignTemplate): void; onBlank(): void }) {
  // The account's logo and button look are in each template (the Brand page), each with its message laid out.
  const { gallery, reload } = useTemplateGallery();
  const ownTemplates = useOwnTemplates();
  const [deleting, setDeleting] = useState<TemplateGalleryItem | null>(null);
  const loading = gallery === null;
  const drawn = Array.isArray(gallery) ? gallery : null;
  const builtIn: readonly Shown[] = drawn?.filter((template) => template.source === 'built_in') ?? CAMPAIGN_TEMPLATES;
  const own = drawn?.filter((template) => template.source === 'own') ?? [];

  function card(template: Shown, remove?: () => void) {
    return (
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
        {remove && (
          // Above the card's stretched pick button, so it is its own target.
          <Button variant="ghost" className="campaign-template__delete" onClick={remove} aria-label={`${OWN_TEMPLATE_TEXTS.deleteAction} the ${template.name} template`}>
            {OWN_TEMPLATE_TEXTS.deleteAction}
          </Button>
        )}
      </li>
    );
  }

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
      {own.length > 0 && (
        <section className="campaign-templates__group" aria-labelledby="campaign-own-templates-title">
          <h3 id="campaign-own-templates-title" className="campaign-templates__group-title">
            {OWN_TEMPLATE_TEXTS.yours}
          </h3>
          <p className="campaign-card__text">{OWN_TEMPLATE_TEXTS.yoursText}</p>
          <ul className="campaign-templates__list">{own.map((template) => card(template, () => setDeleting(template)))}</ul>
        </section>
      )}
      {gallery === 'unavailable' && (
        <p className="notice notice--info" role="status">
          {OWN_TEMPLATE_TEXTS.undrawn}
        </p>
      )}
      <ul className="campaign-templates__list" aria-busy={loading}>
        {builtIn.map((template) => card(template))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title={OWN_TEMPLATE_TEXTS.deleteTitle}
        description={deleting ? OWN_TEMPLATE_MESSAGES.deleteConfirm(deleting.name) : ''}
        confirmLabel={OWN_TEMPLATE_TEXTS.deleteAction}
        busyLabel={OWN_TEMPLATE_TEXTS.deleting}
        busy={ownTemplates.busy}
        error={ownTemplates.error?.message}
        onConfirm={() =>
          deleting &&
          void ownTemplates.remove(deleting.id).then((done) => {
            if (!done) return;
            setDeleting(null);
            reload();
          })
        }
        onClose={() => {
          ownTemplates.clearError();
          setDeleting(null);
        }}
      />
    </section>
  );
}
