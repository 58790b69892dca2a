import { type FormEvent, useState } from 'react';
import { OWN_TEMPLATE_LIMITS, OWN_TEMPLATE_TEXTS, ownTemplateCreateSchema, type OwnTemplateCreate } from '@postlark/shared/own-templates';
import { fieldErrors } from '@postlark/shared/validation';
import { DialogFormEnd } from './dialog-form-end';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import './campaigns.css';

interface SaveTemplateDialogProps {
  open: boolean;
  busy: boolean;
  /** The server's refusal: a field's, or one about the whole (the account's fifty). */
  error: { message: string; errors: Record<string, string> } | null;
  /** What is saved with the name: the subject and content on screen. */
  subject: string;
  contentHtml: string;
  /** The name offered first: the campaign's. */
  suggestedName: string;
  onSave(body: OwnTemplateCreate): void;
  onClose(): void;
}

/** "Save as template": asks a name, then keeps the campaign's subject and content as one of the account's templates. */
export function SaveTemplateDialog({ open, busy, onClose, ...form }: SaveTemplateDialogProps) {
  return (
    <Modal open={open} title={OWN_TEMPLATE_TEXTS.saveTitle} description={OWN_TEMPLATE_TEXTS.saveDescription} onClose={busy ? () => undefined : onClose}>
      {open && <SaveTemplateForm busy={busy} onClose={onClose} {...form} />}
    </Modal>
  );
}

function SaveTemplateForm({ busy, error, subject, contentHtml, suggestedName, onSave, onClose }: Omit<SaveTemplateDialogProps, 'open'>) {
  const [name, setName] = useState(suggestedName);
  const [description, setDescription] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    // The same schema the server checks with: a blank or long name is said before any call.
    const parsed = ownTemplateCreateSchema.safeParse({ name, description, subject, content_html: contentHtml });
    if (!parsed.success) {
      setProblems(fieldErrors(parsed.error));
      return;
    }
    setProblems({});
    onSave(parsed.data);
  }

  const errors = { ...(error?.errors ?? {}), ...problems };
  const general = error && Object.keys(error.errors).length === 0 ? error.message : errors.content_html || errors.subject;
  return (
    <form className="campaign-dialog-form" noValidate onSubmit={submit}>
      <TextField label={OWN_TEMPLATE_TEXTS.nameLabel} value={name} maxLength={OWN_TEMPLATE_LIMITS.name} error={errors.name} requiredMark onChange={(event) => setName(event.target.value)} />
      <TextField label={OWN_TEMPLATE_TEXTS.descriptionLabel} value={description} maxLength={OWN_TEMPLATE_LIMITS.description} error={errors.description} onChange={(event) => setDescription(event.target.value)} />
      <DialogFormEnd failure={general} busy={busy} submitLabel={OWN_TEMPLATE_TEXTS.saveAction} busyLabel={OWN_TEMPLATE_TEXTS.saving} onClose={onClose} />
    </form>
  );
}
