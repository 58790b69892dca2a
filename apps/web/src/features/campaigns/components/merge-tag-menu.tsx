import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import '../../../components/ui/popup-menu.css';
import { usePopupMenu } from '../../../lib/use-popup-menu';
import { MERGE_TAGS } from '../campaigns-content';
import { attributeTag, mergeTag } from '../merge-tags';

// The quick picks: the greeting most emails open with first, then each field as it is.
const QUICK_PICKS = [
  { label: 'First name, or “there”', tag: mergeTag('first_name', 'there') },
  ...MERGE_TAGS.map((field) => ({ label: field.label, tag: mergeTag(field.field) })),
];

/** "Insert merge tag": a menu of the usual fields, and a dialog for any attribute or fallback. */
export function MergeTagMenu({ onInsert, disabled }: { onInsert(tag: string): void; disabled?: boolean }) {
  const menuId = useId();
  const { open, setOpen, rootRef, onKeyDown } = usePopupMenu();
  const [custom, setCustom] = useState(false);

  function pick(tag: string) {
    setOpen(false);
    onInsert(tag);
  }

  return (
    <div ref={rootRef} className="merge-tag-menu" onKeyDown={onKeyDown}>
      <button
        type="button"
        className="editor-toolbar__button editor-toolbar__button--text"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        disabled={disabled}
        onClick={() => setOpen((shown) => !shown)}
      >
        {'{ }'} Insert merge tag
      </button>
      {open && (
        <ul id={menuId} className="popup-menu merge-tag-menu__list" role="menu" aria-label="Merge tags">
          {QUICK_PICKS.map((pickable) => (
            <li key={pickable.tag} role="none">
              <button type="button" role="menuitem" className="popup-menu__item merge-tag-menu__item" onClick={() => pick(pickable.tag)}>
                <span>{pickable.label}</span>
                <code>{pickable.tag}</code>
              </button>
            </li>
          ))}
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className="popup-menu__item merge-tag-menu__item--more"
              onClick={() => {
                setOpen(false);
                setCustom(true);
              }}
            >
              Custom attribute or fallback…
            </button>
          </li>
        </ul>
      )}
      <Modal open={custom} title="Insert merge tag" description="Filled in for each subscriber; the fallback shows when they have no value." onClose={() => setCustom(false)}>
        <CustomTagForm
          onCancel={() => setCustom(false)}
          onInsert={(tag) => {
            setCustom(false);
            onInsert(tag);
          }}
        />
      </Modal>
    </div>
  );
}

function CustomTagForm({ onInsert, onCancel }: { onInsert(tag: string): void; onCancel(): void }) {
  const [field, setField] = useState('first_name');
  const [attribute, setAttribute] = useState('');
  const [fallback, setFallback] = useState('there');
  const [error, setError] = useState('');
  const tag = field === 'attribute' ? attributeTag(attribute, fallback) : mergeTag(field, fallback);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!tag) {
      setError('Use letters, digits and _ only, starting with a letter, like plan or company_name.');
      return;
    }
    onInsert(tag);
  }

  return (
    <form className="campaign-dialog-form" noValidate onSubmit={submit}>
      <SelectField label="Field" value={field} onChange={(event) => setField(event.target.value)}>
        {MERGE_TAGS.map((option) => (
          <option key={option.field} value={option.field}>
            {option.label}
          </option>
        ))}
        <option value="attribute">Custom attribute</option>
      </SelectField>
      {field === 'attribute' && (
        <TextField label="Attribute name" value={attribute} error={error} placeholder="plan" onChange={(event) => setAttribute(event.target.value)} />
      )}
      <TextField label="Fallback" hint="Optional. Shown when the subscriber has no value." value={fallback} onChange={(event) => setFallback(event.target.value)} />
      <p className="campaign-dialog-form__sample">
        <span>Inserts</span> <code>{tag ?? '—'}</code>
      </p>
      <div className="campaign-dialog-form__actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Insert tag</Button>
      </div>
    </form>
  );
}
