import { BRAND_FROM_WEBSITE_PATH, BRAND_KIT_PATH, BRAND_MESSAGES, brandFromWebsiteSchema, brandKitInputSchema } from '@postlark/shared/brand-kit';
import type { FastifyInstance } from 'fastify';
import type { AccountLimit } from '../../http/account-limit';
import { FORM_BODY_LIMIT } from '../../http/body-limits';
import { HttpError, parseWith } from '../../http/errors';
import { requireCustomer } from '../auth/session.service';
import { type BrandDeps, getBrandKit, putBrandKit } from './brand.service';
import { type BrandWebsiteDeps, suggestFromWebsite } from './brand-website.service';

/** How long a customer's home page may take to arrive, in all (its style sheets and logo get less). */
export const BRAND_WEBSITE_TIMEOUT_MS = 10_000;

export interface BrandRouteDeps extends BrandDeps {
  website: BrandWebsiteDeps;
  websiteReadsPerHour: AccountLimit;
}

/** The Brand page's kit: read it (the defaults before a first save) and save it whole; and suggestions from the customer's site. */
export function brandRoutes(deps: BrandRouteDeps) {
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

    // Counted after the address is checked, so a typo costs nothing of the hour's reads.
    app.post(`/${BRAND_FROM_WEBSITE_PATH}`, { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const owner = await requireCustomer(deps, request);
      const { url } = parseWith(brandFromWebsiteSchema, request.body);
      const verdict = await deps.websiteReadsPerHour.hit(owner.customerId);
      if (!verdict.allowed) throw new HttpError(429, BRAND_MESSAGES.websitePerHour(verdict.retryAfterSeconds), undefined, { 'retry-after': String(verdict.retryAfterSeconds) });
      return { payload: await suggestFromWebsite(deps.website, url) };
    });
  };
}
