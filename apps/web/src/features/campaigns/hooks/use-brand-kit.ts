import { useEffect, useState } from 'react';
import { BRAND_KIT_PATH, type BrandKit } from '@postlark/shared/brand-kit';
import { webEnv } from '../../../config/env';
import { requestJson } from '../../../lib/api-client';

/** The account's brand kit for drawing new campaigns' templates; null while it loads or if it cannot be read (the templates' own look then). */
export function useBrandKit(): BrandKit | null {
  const [kit, setKit] = useState<BrandKit | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    requestJson<{ payload: BrandKit }>('GET', `${webEnv.apiBase}${BRAND_KIT_PATH}`, undefined, controller.signal).then(
      (answer) => answer.ok && answer.body && setKit(answer.body.payload),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return kit;
}
