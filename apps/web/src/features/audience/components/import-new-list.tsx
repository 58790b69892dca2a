import { useState } from 'react';
import type { AudienceList, ListCreate } from '@postlark/shared/audience';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import type { FormOutcome } from '../../../lib/form-state';
import { IMPORT_NEW_LIST_TEXTS } from '../tools-content';
import { ListForm } from './list-form';

/** A list made from the import, or why it was not. */
export type CreatedList = { ok: true; list: AudienceList } | Extract<FormOutcome, { ok: false }>;

interface ImportNewListProps {
  onCreate(body: ListCreate): Promise<CreatedList>;
  /** The list was made: the import chooses it. */
  onCreated(list: AudienceList): void;
}

/**
 * "New list" beside the import's list chooser: the Lists page's own form in a dialog, so the
 * customer makes the list the file is for without leaving the file they prepared.
 */
export function ImportNewList({ onCreate, onCreated }: ImportNewListProps) {
  const [open, setOpen] = useState(false);
  async function save(body: ListCreate): Promise<FormOutcome> {
    const created = await onCreate(body);
    if (!created.ok) return created;
    setOpen(false);
    onCreated(created.list);
    return { ok: true };
  }
  return (
    <>
      <Button variant="secondary" className="import-setup__new-list" onClick={() => setOpen(true)}>
        {IMPORT_NEW_LIST_TEXTS.button}
      </Button>
      <Modal open={open} title={IMPORT_NEW_LIST_TEXTS.title} onClose={() => setOpen(false)}>
        {/* The dialog sits in a portal, but React still bubbles its form's submit up to the
            import's form around this button: it stops here, so saving the list starts no import. */}
        <div onSubmit={(event) => event.stopPropagation()}>
          {open && <ListForm onCancel={() => setOpen(false)} onSave={(body) => save(body as ListCreate)} />}
        </div>
      </Modal>
    </>
  );
}
