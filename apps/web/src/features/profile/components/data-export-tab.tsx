import { type FormEvent, useEffect, useState } from 'react';
import {
  DATA_EXPORT_MESSAGES,
  DEFAULT_EXPORT,
  DOWNLOAD_PROBLEMS,
  type DataExportRequest,
  type DownloadProblem,
  type DataExportsPayload,
  EXPORT_KINDS,
  EXPORT_PERIODS,
  type ExportPeriod,
} from '@postlark/shared/data-export';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { PROFILE_TEXTS } from '../profile-content';
import type { FormOutcome } from '../../../lib/form-state';
import { DataExportList, type LoadedExports } from './data-export-list';
import { CardHead } from '../../../components/ui/card';
import './data-export-tab.css';

interface DataExportTabProps {
  /** Resolves with the customer's exports, or rejects with the message to show. */
  load(): Promise<DataExportsPayload>;
  onExport(request: DataExportRequest): Promise<FormOutcome>;
  /** Why the download link that led here gave no Zip, if it did not. */
  downloadProblem: DownloadProblem | null;
}


// While an export is being built the list asks again this often, so its download appears unprompted.
const REFRESH_WHILE_PREPARING_MS = 4_000;

/**
 * SPEC section 2, Manage my data: the export's kinds and period, and Export data, which starts a
 * background build of one Zip of CSV files; the list below shows each export and its download.
 */
export function DataExportTab({ load, onExport, downloadProblem }: DataExportTabProps) {
  const [selection, setSelection] = useState<DataExportRequest>(DEFAULT_EXPORT);
  const [loaded, setLoaded] = useState<LoadedExports>({ state: 'loading' });
  const [sending, setSending] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    load().then(
      (payload) => live && setLoaded({ state: 'ready', payload }),
      (message: unknown) => live && setLoaded({ state: 'failed', message: typeof message === 'string' ? message : PROFILE_TEXTS.exportsFailed }),
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);

  const payload = loaded.state === 'ready' ? loaded.payload : null;
  const preparing = payload?.exports.some((entry) => entry.status === 'preparing') ?? false;
  useEffect(() => {
    if (!preparing) return;
    const timer = setTimeout(() => setAttempt((count) => count + 1), REFRESH_WHILE_PREPARING_MS);
    return () => clearTimeout(timer);
  }, [preparing, payload]);

  // The server answers null once another export is allowed.
  const nextAllowedAt = payload?.next_allowed_at ? new Date(payload.next_allowed_at) : null;
  const tooSoon = nextAllowedAt !== null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    await onExport(selection);
    setSending(false);
    // Either way the list is worth reading again: a new export, or the one that blocked this.
    setAttempt((count) => count + 1);
  }

  return (
    <section className="dash-card dash-card--stack" aria-labelledby="export-title">
      <CardHead
        title="Export data"
        titleId="export-title"
        text={
          <>
            Your export is bundled as CSV files in one Zip file, and we email you when it is ready. You can export your data once a month,
            and an export can take up to 24 hours.
          </>
        }
      />
      <form className="data-export__form" noValidate aria-label="Export data" onSubmit={(event) => void onSubmit(event)}>
        <fieldset className="profile-checks profile-checks--inline" disabled={sending}>
          <legend className="form-field__legend">What to export</legend>
          {EXPORT_KINDS.map((kind) => (
            <label key={kind.id} className="profile-check profile-check--compact">
              <input
                type="checkbox"
                name={kind.id}
                checked={selection[kind.id]}
                onChange={(event) => setSelection((current) => ({ ...current, [kind.id]: event.target.checked }))}
              />
              <span className="profile-check__box" aria-hidden="true" />
              <span className="profile-check__label">{kind.label}</span>
            </label>
          ))}
        </fieldset>
        <p className="data-export__always">Your account details, marketing preferences and notifications are always included.</p>
        <div className="profile-export__period">
          <SelectField
            label="Period"
            value={selection.period}
            disabled={sending}
            onChange={(event) => setSelection((current) => ({ ...current, period: event.target.value as ExportPeriod }))}
          >
            {EXPORT_PERIODS.map((period) => (
              <option key={period.value} value={period.value}>
                {period.label}
              </option>
            ))}
          </SelectField>
        </div>
        {tooSoon && nextAllowedAt && (
          <p id="export-too-soon" className="notice notice--info" role="status">
            {DATA_EXPORT_MESSAGES.tooSoon(nextAllowedAt)}
          </p>
        )}
        <div className="profile-form__actions profile-form__actions--start">
          <Button type="submit" disabled={sending || tooSoon} aria-describedby={tooSoon ? 'export-too-soon' : undefined}>
            {sending ? 'Exporting...' : 'Export data'}
          </Button>
        </div>
      </form>
      {downloadProblem && (
        <p className="notice notice--error" role="alert">
          {DOWNLOAD_PROBLEMS[downloadProblem]}
        </p>
      )}
      <DataExportList loaded={loaded} onRetry={() => setAttempt((count) => count + 1)} />
    </section>
  );
}
