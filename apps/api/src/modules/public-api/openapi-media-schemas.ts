import { MEDIA_FORMATS } from '@postlark/shared/media';
import { type JsonSchema, record, ref } from './openapi-parts';

// What the media library's calls answer (openapi-media.ts).

const variant = record({
  url: { type: 'string', format: 'uri' },
  width: { type: 'integer' },
  height: { type: 'integer' },
  bytes: { type: 'integer' },
});

const asset = {
  id: { type: 'string', format: 'uuid' },
  url: { type: 'string', format: 'uri', description: 'The widest variant: use it in an <img> at the width you want' },
  width: { type: 'integer' },
  height: { type: 'integer' },
  alt: { type: 'string' },
  name: { type: 'string' },
  format: { enum: MEDIA_FORMATS, description: 'What is served' },
  animated: { type: 'boolean' },
  bytes: { type: 'integer', description: 'All variants together: what the storage quota counts' },
  variants: { type: 'array', items: variant, description: 'Widest first' },
  created_at: { type: 'string', format: 'date-time' },
};

export function mediaSchemas(): Record<string, JsonSchema> {
  return {
    MediaAsset: record(asset),
    MediaUpload: record({ message: { type: 'string' }, ...asset }),
    MediaList: record({
      media: { type: 'array', items: ref('MediaAsset') },
      page: { type: 'integer' },
      total: { type: 'integer' },
      storage: record({ used_bytes: { type: 'integer' }, limit_bytes: { type: 'integer' } }),
    }),
    MediaUsage: record({
      campaigns: { type: 'array', items: record({ id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, status: { type: 'string' } }) },
      flows: { type: 'array', items: record({ id: { type: 'string', format: 'uuid' }, name: { type: 'string' } }) },
    }),
  };
}
