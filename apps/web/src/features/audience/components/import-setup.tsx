import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import type { AudienceList, ListCreate } from '@postlark/shared/audience';
import { IMPORT_FIELDS, IMPORT_KINDS, IMPORT_LIMITS, IMPORT_MESSAGES, type ImportCreate, importCreateSchema, type ImportKind, PRODUCT_IMPORT_FIELDS } from '@postlark/shared/imports';
import { type FieldErrors, fieldErrors } from '@postlark/shared/validation';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { previewRows, readFileStart } from '../../../lib/csv-preview';
import type { FormOutcome } from '../../../lib/form-state';
import { attributeName, type ColumnChoice, guessColumns, importColumns } from '../import-mapping';
import { IMPORT_FIELD_LABELS, IMPORT_KIND_TEXTS, PRODUCT_IMPORT_FIELD_LABELS, PRODUCT_IMPORT_TEXTS, TOOLS_TEXTS } from '../tools-content';
import { ConsentCheck } from './import-consent';
import { type CreatedList, ImportNewList } from './import-new-list';
import { ListPicker } from './subscriber-fields';
import '../../../components/ui/check-chip.css';
import '../../../components/ui/notice.css';
import './audience.css';
import './import-page.css';

const PREVIEW_ROWS = 5;
/** A key the API stores as typed (imports.ts); anything else gets the field's error on start. */
const ATTRIBUTE_KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

interface Chosen {
  file: File;
  /** The file's first rows (one more than shown, for when the first is a header). */
  rows: string[][];
}

interface ImportSetupProps {
  /** What the file holds: subscribers, or the catalogue's products. */
  kind: ImportKind;
  onKindChange(kind: ImportKind): void;
  lists: readonly AudienceList[] | null;
  onStart(body: ImportCreate, file: File): Promise<FormOutcome>;
  /** Makes a list from the import's chooser; the new list is then chosen. */
  onCreateList(body: ListCreate): Promise<CreatedList>;
}

/** A file's size as people read it: 812 bytes, 14 KB, 3.2 MB. */
function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Step one of an import: the file, a preview of its first rows with what each column holds, and the lists. */
export function ImportSetup({ kind, onKindChange, lists, onStart, onCreateList }: ImportSetupProps) {
  const fileErrorId = useId();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [hasHeader, setHasHeader] = useState(true);
  const [choices, setChoices] = useState<ColumnChoice[]>([]);
  const [listIds, setListIds] = useState<string[]>([]);
  const [consent, setConsent] = useState(false);
  const consentHintId = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [starting, setStarting] = useState(false);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setErrors({});
    setChosen(null);
    if (!file) return;
    if (file.size > IMPORT_LIMITS.maxBytes) return setErrors({ file_name: IMPORT_MESSAGES.tooLarge });
    if (file.size === 0) return setErrors({ file_name: IMPORT_MESSAGES.emptyFile });
    try {
      const start = await readFileStart(file);
      const rows = previewRows(start.text, PREVIEW_ROWS + 1, start.complete);
      if (rows.length === 0) return setErrors({ file_name: IMPORT_MESSAGES.emptyFile });
      const width = Math.min(IMPORT_LIMITS.columns, Math.max(...rows.map((row) => row.length)));
      const first = rows[0] ?? [];
      const headers = Array.from({ length: width }, (_, index) => first[index] ?? '');
      setChosen({ file, rows });
      setHasHeader(true);
      setChoices(guessColumns(headers, rows[1] ?? rows[0], kind));
    } catch {
      setErrors({ file_name: TOOLS_TEXTS.previewUnreadable });
    }
  }

  // Another kind of file: its columns are guessed again for what that kind holds.
  function chooseKind(next: ImportKind) {
    onKindChange(next);
    setErrors({});
    if (!chosen) return;
    const first = chosen.rows[0] ?? [];
    setChoices(guessColumns(Array.from({ length: choices.length }, (_, index) => first[index] ?? ''), chosen.rows[1] ?? chosen.rows[0], next));
  }

  function choose(index: number, next: Partial<ColumnChoice>) {
    setChoices((current) => current.map((choice, at) => (at === index ? { ...choice, ...next } : choice)));
    setErrors((current) => {
      const { columns: _columns, [`columns.${index}.key`]: _key, [`columns.${index}.currency`]: _currency, [`columns.${index}`]: _column, '': _form, ...rest } = current;
      return rest;
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen) return setErrors({ file_name: TOOLS_TEXTS.fileRequired });
    const subscribers = kind === 'subscribers';
    const body = { kind, file_name: chosen.file.name, has_header: hasHeader, columns: importColumns(choices), list_ids: subscribers ? listIds : [], consent_confirmed: subscribers && consent };
    const parsed = importCreateSchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setStarting(true);
    const outcome = await onStart(parsed.data, chosen.file);
    setStarting(false);
    if (!outcome.ok) setErrors(Object.keys(outcome.errors).length > 0 ? outcome.errors : { '': outcome.message });
  }

  const header = chosen && hasHeader ? chosen.rows[0] : null;
  const sample = chosen ? chosen.rows.slice(hasHeader ? 1 : 0, (hasHeader ? 1 : 0) + PREVIEW_ROWS) : [];
  const columnsError = errors.columns;
  const formError = errors[''] ?? errors.list_ids ?? '';
  const { consent_confirmed: consentError } = errors;

  return (
    <form className="dash-card import-setup" noValidate aria-label="New import" onSubmit={(event) => void onSubmit(event)}>
      <fieldset className="import-kind">
        <legend className="form-field__label">The file holds</legend>
        {IMPORT_KINDS.map((value) => (
          <label key={value} className="check-chip">
            <input type="radio" name="import-kind" value={value} checked={kind === value} onChange={() => chooseKind(value)} />
            <span className="check-chip__box import-kind__radio" aria-hidden="true" />
            <span className="check-chip__label">{IMPORT_KIND_TEXTS[value].choice}</span>
          </label>
        ))}
      </fieldset>
      <div className="import-setup__file">
        <label className="import-drop">
          <span className="import-drop__title">{chosen ? chosen.file.name : 'Choose a CSV file'}</span>
          <span className="import-drop__hint">
            {chosen ? `${fileSize(chosen.file.size)} · choose another file to replace it` : `${IMPORT_KIND_TEXTS[kind].hint}, up to ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB`}
          </span>
          <input
            className="import-drop__input"
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file"
            aria-invalid={errors.file_name ? true : undefined}
            aria-describedby={errors.file_name ? fileErrorId : undefined}
            onChange={(event) => void onFile(event)}
          />
        </label>
        <FieldError id={fileErrorId} message={errors.file_name} />
      </div>
      {chosen && (
        <>
          <section className="import-setup__section" aria-labelledby="import-columns-title">
            <div className="import-setup__section-head">
              <h2 id="import-columns-title" className="import-setup__title">
                Match the columns
              </h2>
              <label className="check-chip">
                <input type="checkbox" checked={hasHeader} onChange={(event) => setHasHeader(event.target.checked)} />
                <span className="check-chip__box" aria-hidden="true" />
                <span className="check-chip__label">First row is a header</span>
              </label>
            </div>
            <p className="import-setup__lead">The first {PREVIEW_ROWS} rows of your file. Tell us what each column holds; ignored columns are not imported.</p>
            {columnsError && (
              <p className="notice notice--error" role="alert">
                {columnsError}
              </p>
            )}
            <div className="import-preview">
              <table className="import-preview__table" aria-label="File preview">
                <thead>
                  <tr>
                    {choices.map((choice, index) => (
                      <th key={index} scope="col">
                        <ColumnMapping
                          kind={kind}
                          index={index}
                          header={header?.[index] ?? ''}
                          choice={choice}
                          error={errors[`columns.${index}.key`] ?? errors[`columns.${index}.currency`] ?? errors[`columns.${index}`]}
                          onChange={(next) => choose(index, next)}
                        />
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {sample.map((row, rowIndex) => (
                    <tr key={rowIndex}>
                      {choices.map((choice, index) => (
                        <td key={index} className={choice.field === 'ignore' ? 'import-preview__ignored' : undefined}>
                          {row[index] ?? ''}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          {kind === 'subscribers' ? (
            <section className="import-setup__section">
              <ListPicker lists={lists} chosen={listIds} onChange={setListIds} />
              <ImportNewList onCreate={onCreateList} onCreated={(list) => setListIds((ids) => [...ids, list.id])} />
              <p className="import-setup__lead">Everyone in the file joins the lists you choose. Addresses that unsubscribed or bounced before are never re-subscribed.</p>
              <ConsentCheck checked={consent} onChange={setConsent} error={consentError} describedBy={consentHintId} />
              <p id={consentHintId} className="import-setup__lead">
                {TOOLS_TEXTS.consentHint}
              </p>
            </section>
          ) : (
            <p className="import-setup__lead">{PRODUCT_IMPORT_TEXTS.howRowsWork}</p>
          )}
          {formError && (
            <p className="notice notice--error" role="alert">
              {formError}
            </p>
          )}
          <div className="audience-form__actions">
            <Button type="submit" disabled={starting}>
              {starting ? 'Starting...' : 'Start import'}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}

interface ColumnMappingProps {
  kind: ImportKind;
  index: number;
  header: string;
  choice: ColumnChoice;
  error?: string;
  onChange(next: Partial<ColumnChoice>): void;
}

/** One column's header, what it holds, for an attribute its name, and for a price its currency. */
function ColumnMapping({ kind, index, header, choice, error, onChange }: ColumnMappingProps) {
  const errorId = useId();
  const column = `Column ${index + 1}`;
  return (
    <div className="import-column">
      <span className="import-column__header">{header || column}</span>
      <select
        className="form-field__input import-column__select"
        aria-label={`${column} holds`}
        value={choice.field}
        onChange={(event) => {
          const field = event.target.value as ColumnChoice['field'];
          onChange(field === 'attribute' && choice.key === '' ? { field, key: attributeName(header) || `column_${index + 1}` } : { field });
        }}
      >
        {kind === 'products'
          ? PRODUCT_IMPORT_FIELDS.map((field) => (
              <option key={field} value={field}>
                {PRODUCT_IMPORT_FIELD_LABELS[field]}
              </option>
            ))
          : IMPORT_FIELDS.map((field) => (
              <option key={field} value={field}>
                {IMPORT_FIELD_LABELS[field]}
              </option>
            ))}
      </select>
      {choice.field === 'attribute' && (
        <input
          className="form-field__input import-column__key"
          aria-label={`${column} attribute name`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          maxLength={64}
          value={choice.key}
          onChange={(event) => onChange({ key: event.target.value })}
        />
      )}
      {choice.field === 'attribute' && !error && ATTRIBUTE_KEY.test(choice.key.trim()) && (
        // The key is what segments and merge tags name, so the customer sees it, not just the header.
        <span className="import-column__stored">
          {TOOLS_TEXTS.storedAs} <code>{choice.key.trim()}</code>
        </span>
      )}
      {choice.field === 'price' && (
        <input
          className="form-field__input import-column__key"
          aria-label={`${column} currency`}
          title={PRODUCT_IMPORT_TEXTS.currencyHint}
          placeholder="EUR"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          maxLength={3}
          value={choice.currency ?? ''}
          onChange={(event) => onChange({ currency: event.target.value })}
        />
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
