import { useCallback, useState } from 'react';
import type { MediaAsset } from '@postlark/shared/media';
import { payloadMessage } from '../../lib/api-client';
import { uploadMedia } from './media-api';
import { MEDIA_TEXTS } from './media-content';

export interface UploadProgress {
  key: number;
  name: string;
  /** Sent, 0 to 100; at 100 the server is still processing until `state` changes. */
  percent: number;
  state: 'sending' | 'processing' | 'done' | 'failed';
  message: string;
}

let nextKey = 0;

/**
 * Uploads files one after another (the server takes one per account at a time), each with its
 * progress, and answers the images that were stored. A failed file says why and the rest go on.
 */
export function useMediaUploads() {
  const [uploads, setUploads] = useState<UploadProgress[]>([]);

  const update = useCallback((key: number, change: Partial<UploadProgress>) => {
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
  }, []);

  const start = useCallback(
    async (files: readonly File[], alt = ''): Promise<MediaAsset[]> => {
      const queued = files.map((file) => ({ file, key: (nextKey += 1) }));
      setUploads((current) => [...current.filter((upload) => upload.state !== 'done'), ...queued.map(({ file, key }) => ({ key, name: file.name, percent: 0, state: 'sending' as const, message: MEDIA_TEXTS.uploading(file.name, 0) }))]);
      const stored: MediaAsset[] = [];
      for (const { file, key } of queued) {
        try {
          const answer = await uploadMedia(file, alt, (sent) => {
            const percent = Math.round(sent * 100);
            update(key, percent < 100 ? { percent, message: MEDIA_TEXTS.uploading(file.name, percent) } : { percent, state: 'processing', message: MEDIA_TEXTS.processing(file.name) });
          });
          if (answer.ok && answer.body) {
            stored.push(answer.body.payload);
            update(key, { percent: 100, state: 'done', message: '' });
          } else {
            update(key, { state: 'failed', message: `${file.name}: ${payloadMessage(answer.body) ?? MEDIA_TEXTS.uploadFailed}` });
          }
        } catch {
          update(key, { state: 'failed', message: `${file.name}: ${MEDIA_TEXTS.uploadFailed}` });
        }
      }
      setUploads((current) => current.filter((upload) => upload.state !== 'done'));
      return stored;
    },
    [update],
  );

  const dismiss = useCallback((key: number) => setUploads((current) => current.filter((upload) => upload.key !== key)), []);

  return { uploads, start, dismiss };
}
