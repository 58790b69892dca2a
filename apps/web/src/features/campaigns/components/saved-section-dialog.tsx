import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { SAVED_SECTIONS_PATH, type SavedSection, SECTION_LIMITS, SECTION_TEXTS, sectionCreateSchema } from '@postlark/shared/saved-sections';
import { fieldErrors } from '@postlark/shared/validation';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { showToast } from '../../../components/ui/toasts';
import { webEnv } from '../../../config/env';
import { payloadMessage, requestJson, settle } from '../../../lib/api-client';
import { knownSection, rememberSection } from '../saved-sections-store';
import { DialogFormEnd } from './dialog-form-end';

/** Inserting one (or saving the selection as a new one), or editing one for every draft that uses it. */
export type SectionDialogMode = { kind: 'insert'; selectionHtml: string } | { kind: 'edit'; id: string };

interface SavedSectionDialogProps {
  mode: SectionDialogMode | null;
  /** A reference goes into the draft: a section picked, or the one just saved (in place of the selection). */
  onInsert(id: string): void;
  onClose(): void;
  /** The section's own content editor: the campaign's, without sections (one cannot hold another). */
  contentEditor(props: { initialHtml: string; onChange(html: string): void; labelledBy: string }): ReactNode;
}

const sectionsUrl = `${webEnv.apiBase}${SAVED_SECTIONS_PATH}`;

export function SavedSectionDialog({ mode, onInsert, onClose, contentEditor }: SavedSectionDialogProps) {
  const editing = mode?.kind === 'edit';
  return (
    <Modal open={mode !== null} title={editing ? SECTION_TEXTS.editTitle : SECTION_TEXTS.insertTitle} description={editing ? SECTION_TEXTS.editDescription : SECTION_TEXTS.insertDescription} onClose={onClose}>
      {mode?.kind === 'insert' && <InsertSection selectionHtml={mode.selectionHtml} onInsert={onInsert} onClose={onClose} contentEditor={contentEditor} />}
      {mode?.kind === 'edit' && <EditSection id={mode.id} onClose={onClose} contentEditor={contentEditor} />}
    </Modal>
  );
}

function InsertSection({ selectionHtml, onInsert, onClose, contentEditor }: { selectionHtml: string; onInsert(id: string): void; onClose(): void; contentEditor: SavedSectionDialogProps['contentEditor'] }) {
  const [sections, setSections] = useState<SavedSection[] | null>(null);
  const [loadError, setLoadError] = useState('');
  useEffect(() => {
    const controller = new AbortController();
    requestJson<{ payload: { sections: SavedSection[] } }>('GET', sectionsUrl, undefined, controller.signal).then(
      (answer) => (answer.ok && answer.body ? setSections(answer.body.payload.sections) : setLoadError(SECTION_TEXTS.loadFailed)),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return (
    <div className="campaign-dialog-form">
      {loadError && (
        <p className="notice notice--error" role="alert">
          {loadError}
        </p>
      )}
      {sections && sections.length === 0 && <p className="campaign-card__text">{SECTION_TEXTS.none}</p>}
      {sections && sections.length > 0 && (
        <ul className="saved-sections__list">
          {sections.map((section) => (
            <li key={section.id} className="saved-sections__item">
              <span>{section.name}</span>
              <Button
                variant="secondary"
                aria-label={`Insert ${section.name}`}
                onClick={() => {
                  rememberSection(section);
                  onInsert(section.id);
                }}
              >
                Insert
              </Button>
            </li>
          ))}
        </ul>
      )}
      <h3 className="saved-sections__title">{SECTION_TEXTS.newTitle}</h3>
      <SectionForm initial={{ name: '', content_html: selectionHtml }} onSaved={(section) => onInsert(section.id)} onClose={onClose} contentEditor={contentEditor} />
    </div>
  );
}

function EditSection({ id, onClose, contentEditor }: { id: string; onClose(): void; contentEditor: SavedSectionDialogProps['contentEditor'] }) {
  const section = knownSection(id);
  if (!section || section === 'missing') return <p className="campaign-card__text">{section === 'missing' ? SECTION_TEXTS.missing : SECTION_TEXTS.loading}</p>;
  return <SectionForm id={id} initial={section} onSaved={onClose} onClose={onClose} contentEditor={contentEditor} />;
}

function SectionForm({ id, initial, onSaved, onClose, contentEditor }: { id?: string; initial: { name: string; content_html: string }; onSaved(section: SavedSection): void; onClose(): void; contentEditor: SavedSectionDialogProps['contentEditor'] }) {
  const [name, setName] = useState(initial.name);
  const [html, setHtml] = useState(initial.content_html);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const contentLabel = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = sectionCreateSchema.safeParse({ name, content_html: html });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFailure('');
    setBusy(true);
    const result = await settle(() => requestJson<{ payload: SavedSection }>(id ? 'PATCH' : 'POST', id ? `${sectionsUrl}/${encodeURIComponent(id)}` : sectionsUrl, parsed.data), SECTION_TEXTS.failed);
    setBusy(false);
    if (!result.ok || !result.body) {
      if (!result.ok) {
        setErrors(result.errors);
        setFailure(Object.keys(result.errors).length ? '' : result.message);
      }
      return;
    }
    // Every block of this section on the page is drawn again with what was saved.
    rememberSection(result.body.payload, true);
    const message = payloadMessage(result.body);
    if (message) void showToast('success', message);
    onSaved(result.body.payload);
  }

  return (
    <form className="campaign-dialog-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField label={SECTION_TEXTS.nameLabel} value={name} maxLength={SECTION_LIMITS.name} error={errors.name} requiredMark onChange={(event) => setName(event.target.value)} />
      <p id={contentLabel} className="form-field__label">
        {SECTION_TEXTS.contentLabel}
      </p>
      {contentEditor({ initialHtml: initial.content_html, onChange: setHtml, labelledBy: contentLabel })}
      <FieldError id={`${contentLabel}-error`} message={errors.content_html} />
      <DialogFormEnd failure={failure} busy={busy} submitLabel={SECTION_TEXTS.save} busyLabel={SECTION_TEXTS.saving} onClose={onClose} />
    </form>
  );
}
