import { useState } from 'react';
import { TEMPLATE_GALLERY_PATH } from '@postlark/shared/campaign-templates';
import { OWN_TEMPLATE_TEXTS, type OwnTemplateCreate } from '@postlark/shared/own-templates';
import { showToast } from '../../../components/ui/toasts';
import { webEnv } from '../../../config/env';
import { payloadMessage, requestJson, settle } from '../../../lib/api-client';

/** Saving the campaign as one of the account's templates, and deleting one; outcomes are toasts, a refusal stays in the dialog. */
export function useOwnTemplates() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; errors: Record<string, string> } | null>(null);

  async function call(method: 'POST' | 'DELETE', url: string, body?: OwnTemplateCreate): Promise<boolean> {
    setBusy(true);
    setError(null);
    const result = await settle(() => requestJson<unknown>(method, url, body), OWN_TEMPLATE_TEXTS.failed);
    setBusy(false);
    if (!result.ok) {
      setError({ message: result.message, errors: result.errors });
      return false;
    }
    const message = payloadMessage(result.body);
    if (message) void showToast('success', message);
    return true;
  }

  return {
    busy,
    error,
    clearError: () => setError(null),
    save: (body: OwnTemplateCreate) => call('POST', `${webEnv.apiBase}${TEMPLATE_GALLERY_PATH}`, body),
    remove: (id: string) => call('DELETE', `${webEnv.apiBase}${TEMPLATE_GALLERY_PATH}/${encodeURIComponent(id)}`),
  };
}
