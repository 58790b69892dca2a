import { useEffect, useState } from 'react';
import type { BrandKit } from '@postlark/shared/brand-kit';
import { PageHeader } from '../../components/ui/page-header';
import { PageLoadFailed, PageLoading } from '../../components/ui/page-state';
import { payloadMessage } from '../../lib/api-client';
import { getBrandKit } from '../../features/brand/brand-api';
import { BRAND_TEXTS } from '../../features/brand/brand-content';
import { BrandKitEditor } from '../../features/brand/components/brand-kit-editor';

/** The brand kit (issue 33, point 2): logo, colours, fonts, buttons and social links, under Campaigns. */
export default function BrandRoute() {
  const [kit, setKit] = useState<BrandKit | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getBrandKit(controller.signal).then(
      (answer) => {
        if (answer.ok && answer.body) setKit(answer.body.payload);
        else setError(payloadMessage(answer.body) ?? BRAND_TEXTS.loadFailed);
      },
      () => !controller.signal.aborted && setError(BRAND_TEXTS.loadFailed),
    );
    return () => controller.abort();
  }, [attempt]);

  return (
    <div className="brand-page">
      <PageHeader title={BRAND_TEXTS.title} lead={BRAND_TEXTS.lead} />
      {kit ? (
        <BrandKitEditor kit={kit} onSaved={setKit} />
      ) : error ? (
        <div className="dash-card">
          <PageLoadFailed
            title={BRAND_TEXTS.loadFailed}
            message={error}
            onRetry={() => {
              setError(null);
              setAttempt((count) => count + 1);
            }}
          />
        </div>
      ) : (
        <div className="dash-card">
          <PageLoading text={BRAND_TEXTS.loading} />
        </div>
      )}
    </div>
  );
}
