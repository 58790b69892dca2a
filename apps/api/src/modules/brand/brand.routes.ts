import { BRAND_KIT_PATH, BRAND_MESSAGES, brandKitInputSchema } from '@postlark/shared/brand-kit';
import type { FastifyInstance } from 'fastify';
import { FORM_BODY_LIMIT } from '../../http/body-limits';
import { parseWith } from '../../http/errors';
import { requireCustomer } from '../auth/session.service';
import { type BrandDeps, getBrandKit, putBrandKit } from './brand.service';

/** The Brand page's kit: read it (the defaults before a first save) and save it whole. */
export function brandRoutes(deps: BrandDeps) {
  return async (app: FastifyInstance) => {
    app.get(`/${BRAND_KIT_PATH}`, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      return reply.header('cache-control', 'no-store').send({ payload: await getBrandKit(deps, owner.customerId) });
    });

    app.put(`/${BRAND_KIT_PATH}`, { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const owner = await requireCustomer(deps, request);
      const kit = await putBrandKit(deps, owner.customerId, parseWith(brandKitInputSchema, request.body));
      return { payload: { message: BRAND_MESSAGES.saved, ...kit } };
    });
  };
}
