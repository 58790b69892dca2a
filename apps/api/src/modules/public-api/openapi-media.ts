import { MEDIA_INPUT_TYPES, MEDIA_LIMITS, mediaFromProductSchema, mediaListQuerySchema, mediaUpdateSchema } from '@postlark/shared/media';
import { common, idParam, json, type PathSpec, problem, quota, ref } from './openapi-parts';

// The media library's part of the public API's route table (issue 33, point 7): images uploaded
// for emails, processed into the widths mail needs and served from /media/… The answers are
// components (openapi-media-schemas.ts).

const notYours = problem('Not yours, or no such image');

export const mediaPaths: Record<string, PathSpec> = {
  '/v1/media': {
    get: {
      summary: `Your media library, newest first, ${MEDIA_LIMITS.pageSize} a page, with the storage it takes`,
      query: mediaListQuerySchema,
      queryNotes: { q: 'Part of a name or alt text', sort: 'newest (the default), oldest, name or largest', page: 'From 1' },
      responses: { '200': json('A page of the library', ref('MediaList')), '400': problem('A bad query'), ...common },
    },
    post: {
      summary: 'Upload an image: checked by its bytes, turned upright, stripped of metadata (EXIF, GPS), scaled and compressed',
      description: `A form (multipart/form-data) with one \`file\` (${MEDIA_INPUT_TYPES.join(', ')}; at most ${MEDIA_LIMITS.maxBytes / (1024 * 1024)} MB) and an optional \`alt\`. WebP is served as PNG or JPEG, which every inbox shows; SVG is refused. \`url\` is the image at most ${MEDIA_LIMITS.widths[0]} px wide (a 600 px column at twice its pixels); \`variants\` add a ${MEDIA_LIMITS.widths[1]} px one for phones when the image is wider.`,
      body: {
        schema: {
          type: 'object',
          properties: {
            file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'The image file' },
            alt: { type: 'string', maxLength: MEDIA_LIMITS.altChars, description: 'What the image shows, for readers who cannot see it' },
          },
          required: ['file'],
          additionalProperties: false,
        },
        mediaType: 'multipart/form-data',
        example: { file: 'logo.png', alt: 'The Postlark logo' },
      },
      responses: {
        '201': json('Uploaded', ref('MediaUpload')),
        '400': problem('No file, more than one, a damaged image or alt text too long'),
        '413': problem('Too large: the file, its pixels, or the account’s storage'),
        '415': problem('Not a JPEG, PNG, GIF or WebP image, an SVG, or a file whose declared type is not its contents'),
        ...common,
        '429': quota('the account’s uploads an hour, or another upload of the account still being processed'),
      },
    },
  },
  '/v1/media/from-product': {
    post: {
      summary: 'Copy a catalogue product’s image into the library, so mail shows it from this product’s own address',
      description:
        'The product’s `image_url` is fetched (public addresses only, a few redirects, 15 seconds at most), then checked and processed as an upload is. `alt` defaults to the product’s title. It counts as an upload.',
      body: { name: 'MediaFromProduct', schema: mediaFromProductSchema, example: { product_id: 'sku-123', alt: 'The linen shirt in sand' } },
      responses: {
        '201': json('Added to the library', ref('MediaUpload')),
        '400': problem('Alt text too long'),
        '404': problem('No such product in your catalogue'),
        '409': problem('The product has no image address'),
        '413': problem('Too large: its pixels, or the account’s storage'),
        '415': problem('Not a JPEG, PNG, GIF or WebP image'),
        '422': problem('The image address is private, or did not answer with an image'),
        ...common,
        '429': quota('the account’s uploads an hour, or another upload of the account still being processed'),
      },
    },
  },
  '/v1/media/{id}': {
    parameters: [idParam],
    get: { summary: 'One image with its variants', responses: { '200': json('The image', ref('MediaAsset')), '404': notYours, ...common } },
    patch: {
      summary: 'Change an image’s alt text',
      body: { name: 'MediaUpdate', schema: mediaUpdateSchema, example: { alt: 'Our shop front in spring' } },
      responses: { '200': json('Saved', ref('MediaUpload')), '400': problem('Alt text too long'), '404': notYours, ...common },
    },
    delete: {
      summary: 'Delete an image: mail already sent that shows it then shows none (see its usage first)',
      responses: { '200': json('Deleted', ref('Message')), '404': notYours, ...common },
    },
  },
  '/v1/media/{id}/usage': {
    parameters: [idParam],
    get: { summary: 'The campaigns and flows whose content shows the image', responses: { '200': json('Where it is used', ref('MediaUsage')), '404': notYours, ...common } },
  },
};
