import { PRODUCT_MESSAGES, productQuerySchema } from '@postlark/shared/products';
import type { FastifyInstance } from 'fastify';
import { PRODUCTS_BODY_LIMIT, SUBSCRIBER_BODY_LIMIT } from '../../http/body-limits';
import { parseWith } from '../../http/errors';
import { requireCustomer } from '../auth/session.service';
import type { ApiCustomerOf } from '../public-api/api-key-gate';
import { getProduct, listProducts, type ProductDeps, putProduct, putProducts, removeProduct } from './products.service';

// A bulk call carries up to 1,000 products (PRODUCTS_BODY_LIMIT: 7 MB, as 1,000 at their longest
// need 6.4 MB; a real call is a few hundred KB). One product (PUT) fits in the subscriber's 128 KB
// whatever its characters.

// The product id is the rest of the address (a wildcard, decoded): ids run to 200 characters, past
// the router's 100 for a parameter, and may hold an encoded "/".
type IdParams = { Params: { '*': string } };
const ONE = '/v1/products/*';

/** The catalogue through the public API: create or replace one, many at once, read, page and delete. */
export function productApiRoutes(deps: ProductDeps & { customerOf: ApiCustomerOf }) {
  return async (app: FastifyInstance) => {
    app.put<IdParams>(ONE, { bodyLimit: SUBSCRIBER_BODY_LIMIT }, async (request, reply) => {
      const { created, product } = await putProduct(deps, await deps.customerOf(request), request.params['*'], request.body);
      return reply.code(created ? 201 : 200).send({ payload: { message: created ? PRODUCT_MESSAGES.created : PRODUCT_MESSAGES.saved, product } });
    });

    app.post('/v1/products', { bodyLimit: PRODUCTS_BODY_LIMIT }, async (request) => ({
      payload: await putProducts(deps, await deps.customerOf(request), request.body),
    }));

    app.get('/v1/products', async (request) => ({
      payload: await listProducts(deps, await deps.customerOf(request), parseWith(productQuerySchema, request.query)),
    }));

    app.get<IdParams>(ONE, async (request) => ({ payload: await getProduct(deps, await deps.customerOf(request), request.params['*']) }));

    app.delete<IdParams>(ONE, async (request) => {
      await removeProduct(deps, await deps.customerOf(request), request.params['*']);
      return { payload: { message: PRODUCT_MESSAGES.deleted } };
    });
  };
}

/** The signed-in customer's catalogue for the dashboard's Products page. */
export function productDashboardRoutes(deps: ProductDeps) {
  return async (app: FastifyInstance) => {
    app.get('/audience/v1/products', async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: await listProducts(deps, owner.customerId, parseWith(productQuerySchema, request.query)) };
    });
  };
}
