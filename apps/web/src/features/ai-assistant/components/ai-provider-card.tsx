import { type FormEvent, useId, useState } from 'react';
import { AI_LIMITS, AI_MESSAGES, type AiProviderInput, aiProviderSchema, type AiProviderView } from '@postlark/shared/ai';
import { fieldErrors } from '@postlark/shared/validation';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { useFieldErrors } from '../../../lib/form-state';
import type { AiProviderOutcome } from '../ai-api';
import { AI_TEXTS } from '../ai-content';
import { SparkIcon } from './ai-parts';


export interface AiProviderCardApi {
  view: AiProviderView | null;
  failed: boolean;
  save(body: AiProviderInput): Promise<AiProviderOutcome>;
  remove(): Promise<AiProviderOutcome>;
  /** The form's fields (the key left out uses the saved one), or null for the saved provider as it is. */
  test(body: AiProviderInput | null): Promise<AiProviderOutcome>;
}

const PROVIDERS = ['OpenAI', 'Ollama', 'llama.cpp', 'vLLM'] as const;
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function statusLine(view: AiProviderView): string {
  if (view.provider) return AI_TEXTS.providerConnected(view.provider.model);
  return view.server_default ? AI_TEXTS.providerUsingDefault(view.free_attempts_left) : AI_TEXTS.providerNoDefault;
}

/** Integrations, AI provider: any OpenAI-compatible endpoint, its key written and never read back. */
export function AiProviderCard({ api }: { api: AiProviderCardApi }) {
  const { view } = api;
  const saved = view?.provider ?? null;
  const [baseUrl, setBaseUrl] = useState<string | null>(null);
  const [model, setModel] = useState<string | null>(null);
  const [apiKey, setApiKey] = useState('');
  const [busy, setBusy] = useState<'save' | 'test' | 'remove' | null>(null);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [removing, setRemoving] = useState<{ error?: string } | null>(null);
  const errors = useFieldErrors();
  const resultId = useId();
  // The typed values over the saved ones: the saved provider fills the form until edited.
  const values = { base_url: baseUrl ?? saved?.base_url ?? '', model: model ?? saved?.model ?? '' };

  function body(): AiProviderInput | null {
    const input = { ...values, ...(apiKey.trim() ? { api_key: apiKey } : {}) };
    const parsed = aiProviderSchema.safeParse(input);
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (!saved && !apiKey.trim()) found.api_key ??= AI_MESSAGES.apiKeyRequired;
    if (Object.keys(found).length > 0 || !parsed.success) {
      errors.show(found);
      return null;
    }
    return parsed.data;
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    const input = body();
    if (!input) return;
    setBusy('save');
    const outcome = await api.save(input);
    setBusy(null);
    if (outcome.ok) {
      setBaseUrl(null);
      setModel(null);
      setApiKey('');
    } else errors.show(outcome.errors);
    setResult({ ok: outcome.ok, message: outcome.message });
  }

  async function test() {
    setResult(null);
    const edited = baseUrl !== null || model !== null || apiKey.trim() !== '';
    const input = edited || !saved ? body() : null;
    if ((edited || !saved) && !input) return;
    setBusy('test');
    const outcome = await api.test(input);
    setBusy(null);
    if (!outcome.ok) errors.show(outcome.errors);
    setResult({ ok: outcome.ok, message: outcome.message });
  }

  async function remove() {
    setBusy('remove');
    const outcome = await api.remove();
    setBusy(null);
    if (!outcome.ok) {
      setRemoving({ error: outcome.message });
      return;
    }
    setRemoving(null);
    setBaseUrl(null);
    setModel(null);
    setApiKey('');
    errors.clearAll();
    setResult({ ok: true, message: outcome.message });
  }

  return (
    <section className="dash-card ai-provider" aria-labelledby="ai-provider-title">
      <div className="ai-provider__head">
        <span className="ai-provider__mark" aria-hidden="true">
          <SparkIcon size={22} />
        </span>
        <div>
          <h2 id="ai-provider-title" className="dash-card__title">
            {AI_TEXTS.providerTitle}
          </h2>
          <p className="dash-card__text">{AI_TEXTS.providerIntro}</p>
          <ul className="ai-provider__chips" aria-label="Works with">
            {PROVIDERS.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
      </div>
      {view ? (
        <p className={`ai-provider__status${saved ? ' ai-provider__status--own' : ''}`} role="status">
          {saved && <span className="ai-provider__saved-key">{AI_TEXTS.apiKeySavedMark}</span>}
          {statusLine(view)}
          {saved && <span className="ai-provider__updated"> {AI_TEXTS.updated(dateFormat.format(new Date(saved.updated_at)))}.</span>}
        </p>
      ) : (
        api.failed && (
          <p className="notice notice--error" role="alert">
            {AI_TEXTS.loadFailed}
          </p>
        )
      )}
      <form className="ai-provider__form" noValidate aria-label={AI_TEXTS.providerTitle} onSubmit={(event) => void save(event)}>
        <TextField
          label={AI_TEXTS.baseUrlLabel}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://api.openai.com/v1"
          hint={AI_TEXTS.baseUrlHint}
          maxLength={AI_LIMITS.baseUrl}
          value={values.base_url}
          error={errors.errors.base_url}
          onChange={(event) => {
            setBaseUrl(event.target.value);
            errors.clear('base_url');
          }}
        />
        <TextField
          label={AI_TEXTS.modelLabel}
          autoComplete="off"
          spellCheck={false}
          placeholder="gpt-4o-mini"
          hint={AI_TEXTS.modelHint}
          maxLength={AI_LIMITS.model}
          value={values.model}
          error={errors.errors.model}
          onChange={(event) => {
            setModel(event.target.value);
            errors.clear('model');
          }}
        />
        <div className="ai-provider__key">
          <PasswordField
            label={AI_TEXTS.apiKeyLabel}
            autoComplete="new-password"
            placeholder={saved ? '••••••••••••' : 'sk-…'}
            hint={saved ? AI_TEXTS.apiKeySaved : AI_TEXTS.apiKeyHint}
            maxLength={AI_LIMITS.apiKey}
            value={apiKey}
            error={errors.errors.api_key}
            onChange={(event) => {
              setApiKey(event.target.value);
              errors.clear('api_key');
            }}
          />
        </div>
        {result && (
          <p id={resultId} className={`notice ${result.ok ? 'notice--success' : 'notice--error'} ai-provider__result`} role={result.ok ? 'status' : 'alert'}>
            {result.message}
          </p>
        )}
        <div className="ai-provider__actions">
          <Button type="submit" disabled={busy !== null}>
            {busy === 'save' ? AI_TEXTS.saving : AI_TEXTS.save}
          </Button>
          <Button variant="secondary" disabled={busy !== null} onClick={() => void test()}>
            {busy === 'test' ? AI_TEXTS.testing : AI_TEXTS.test}
          </Button>
          {saved && (
            <Button variant="ghost" className="ai-provider__remove" disabled={busy !== null} onClick={() => setRemoving({})}>
              {AI_TEXTS.remove}
            </Button>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={removing !== null}
        title={AI_TEXTS.removeTitle}
        description={AI_TEXTS.removeDescription}
        confirmLabel={AI_TEXTS.remove}
        busyLabel={AI_TEXTS.removing}
        busy={busy === 'remove'}
        error={removing?.error}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}
