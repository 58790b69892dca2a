import { useEffect, useState } from 'react';
import { BRAND_KIT_PATH, type BrandKit, brandButtonStyle } from '@postlark/shared/brand-kit';
import { EMAIL_BUTTON_STYLE } from '@postlark/shared/email-button';
import { webEnv } from '../../../config/env';
import { requestJson } from '../../../lib/api-client';

/**
 * The inline style a button the customer inserts is drawn with: the brand kit's colours and
 * shape once a kit is saved, the product's own look before (or if the kit cannot be read). The
 * style travels on the link because mail clients ignore style sheets, so the editor, the preview
 * and the inbox show the same button.
 */
export function useBrandButtonStyle(): string {
  const [style, setStyle] = useState(EMAIL_BUTTON_STYLE);
  useEffect(() => {
    const controller = new AbortController();
    requestJson<{ payload: BrandKit }>('GET', `${webEnv.apiBase}${BRAND_KIT_PATH}`, undefined, controller.signal).then(
      (answer) => answer.ok && answer.body?.payload.updated_at && setStyle(brandButtonStyle(answer.body.payload)),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return style;
}
