import { useCallback, useEffect, useState } from 'react';
import { TEMPLATE_GALLERY_PATH, type TemplateGalleryItem } from '@postlark/shared/campaign-templates';
import { webEnv } from '../../../config/env';
import { requestJson } from '../../../lib/api-client';

/**
 * The template gallery drawn with the account's brand kit, each template with the message it
 * makes (its thumbnail), the account's own after the built-in ones; null while it loads,
 * 'unavailable' if it cannot be read (the templates' own look then). `reload` reads it again
 * after a delete.
 */
export function useTemplateGallery(): { gallery: TemplateGalleryItem[] | 'unavailable' | null; reload(): void } {
  const [gallery, setGallery] = useState<TemplateGalleryItem[] | 'unavailable' | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    requestJson<{ payload: { templates: TemplateGalleryItem[] } }>('GET', `${webEnv.apiBase}${TEMPLATE_GALLERY_PATH}`, undefined, controller.signal).then(
      (answer) => setGallery(answer.ok && answer.body ? answer.body.payload.templates : 'unavailable'),
      () => !controller.signal.aborted && setGallery('unavailable'),
    );
    return () => controller.abort();
  }, [version]);
  const reload = useCallback(() => setVersion((current) => current + 1), []);
  return { gallery, reload };
}
