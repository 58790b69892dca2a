import { MEDIA_LIMITS, MEDIA_MESSAGES, mediaFromProductSchema, mediaFromUrlSchema, mediaListQuerySchema, mediaUpdateSchema } from '@postlark/shared/media';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FORM_BODY_LIMIT } from '../../http/body-limits';
import type { AccountLimit } from '../../http/account-limit';
import { HttpError, parseWith } from '../../http/errors';
import { deleteMedia, getMedia, importImageFromUrl, importProductImage, listMedia, type MediaDeps, mediaUsage, setMediaAlt, uploadImage } from './media.service';
import { readImageUpload } from './media-upload';

type IdParams = { Params: { id: string } };

export interface MediaRouteDeps extends MediaDeps {
  /** The account a request acts for: the session's on the dashboard's paths, the key's on /v1. */
  customerOf: (request: FastifyRequest) => Promise<string>;
  uploadsPerHour: AccountLimit;
  /** POST …/from-url as well: the dashboard's (the Brand page's logo from the customer's site), not yet the public API's. */
  fromUrl?: boolean;
}

/**
 * The media library's routes under `base`: the dashboard's (/media/v1/images, the session) and
 * the public API's (/v1/media, a key) are the same calls on the same service.
 */
export function mediaRoutes(deps: MediaRouteDeps, base: string) {
  return async (app: FastifyInstance) => {
    // multipart/form-data in this scope only; each file is read as media-upload.ts limits it.
    await app.register(multipart, { throwFileSizeLimit: true });

    app.get(base, async (request) => ({ payload: await listMedia(deps, await deps.customerOf(request), parseWith(mediaListQuerySchema, request.query)) }));

    /**
     * One more image for the account, counted against its uploads per hour, while it holds its one
     * claim on the gate: claimed before a file is read into memory or an image is fetched.
     */
    async function asUpload<T>(customerId: string, work: () => Promise<T>): Promise<T> {
      const verdict = await deps.uploadsPerHour.hit(customerId);
      if (!verdict.allowed) {
        throw new HttpError(429, MEDIA_MESSAGES.uploadsPerHour(verdict.retryAfterSeconds), undefined, { 'retry-after': String(verdict.retryAfterSeconds) });
      }
      const release = deps.gate.claim(customerId);
      if (!release) throw new HttpError(429, MEDIA_MESSAGES.busy, undefined, { 'retry-after': '2' });
      try {
        return await work();
      } finally {
        release();
      }
    }

    // The body limit is the file's, and the multipart reader holds the file to it (media-upload.ts).
    app.post(base, { bodyLimit: MEDIA_LIMITS.maxBytes + 64 * 1024 }, async (request, reply) => {
      const customerId = await deps.customerOf(request);
      const asset = await asUpload(customerId, async () => uploadImage(deps, customerId, await readImageUpload(request)));
      return reply.code(201).send({ payload: { message: MEDIA_MESSAGES.uploaded, ...asset } });
    });

    app.post(`${base}/from-product`, { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const customerId = await deps.customerOf(request);
      const { product_id: productId, alt } = parseWith(mediaFromProductSchema, request.body);
      const asset = await asUpload(customerId, () => importProductImage(deps, customerId, productId, alt));
      return reply.code(201).send({ payload: { message: MEDIA_MESSAGES.productImported, ...asset } });
    });

    if (deps.fromUrl) {
      app.post(`${base}/from-url`, { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
        const customerId = await deps.customerOf(request);
        const { url, alt } = parseWith(mediaFromUrlSchema, request.body);
        const asset = await asUpload(customerId, () => importImageFromUrl(deps, customerId, url, alt));
        return reply.code(201).send({ payload: { message: MEDIA_MESSAGES.urlImported, ...asset } });
      });
    }

    app.get<IdParams>(`${base}/:id`, async (request) => ({ payload: await getMedia(deps, await deps.customerOf(request), request.params.id) }));

    app.get<IdParams>(`${base}/:id/usage`, async (request) => ({ payload: await mediaUsage(deps, await deps.customerOf(request), request.params.id) }));

    app.patch<IdParams>(`${base}/:id`, { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const { alt } = parseWith(mediaUpdateSchema, request.body);
      const asset = await setMediaAlt(deps, await deps.customerOf(request), request.params.id, alt);
      return { payload: { message: MEDIA_MESSAGES.updated, ...asset } };
    });

    app.delete<IdParams>(`${base}/:id`, async (request) => {
      await deleteMedia(deps, await deps.customerOf(request), request.params.id);
      return { payload: { message: MEDIA_MESSAGES.deleted } };
    });
  };
}
