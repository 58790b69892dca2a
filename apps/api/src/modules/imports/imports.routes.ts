import { Readable } from 'node:stream';
import { IMPORT_LIMITS, IMPORT_MESSAGES, importConsentSchema, importCreateSchema } from '@postlark/shared/imports';
import type { FastifyInstance } from 'fastify';
import { FORM_BODY_LIMIT } from '../../http/body-limits';
import { HttpError, parseWith } from '../../http/errors';
import { withUtf8Bom } from '../../lib/csv';
import { requireCustomer } from '../auth/session.service';
import { confirmConsent, createImport, getImport, type ImportDeps, listImports, receiveFile, rejectionsCsv } from './imports.service';

type IdParams = { Params: { id: string } };

const BASE = '/audience/v1/imports';

/**
 * CSV imports of the signed-in customer: create with the mapping, send the file, confirm the
 * people's consent when a larger file asks for it, follow progress, read the rejections.
 */
export function importRoutes(deps: ImportDeps) {
  return async (app: FastifyInstance) => {
    // The file arrives as the body itself and is read as a stream, piece by piece (see receiveFile).
    for (const type of ['text/csv', 'application/octet-stream']) {
      app.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
    }

    app.get(BASE, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { imports: await listImports(deps, owner.customerId) } };
    });

    app.post(BASE, { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const created = await createImport(deps, owner, parseWith(importCreateSchema, request.body));
      return reply.code(201).send({ payload: { message: IMPORT_MESSAGES.created, import: created } });
    });

    app.put<IdParams>(`${BASE}/:id/file`, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      if (!(request.body instanceof Readable)) throw new HttpError(415, 'Send the file as text/csv.');
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > IMPORT_LIMITS.maxBytes) throw new HttpError(413, IMPORT_MESSAGES.tooLarge);
      const progress = await receiveFile(deps, owner.customerId, request.params.id, request.body);
      return reply.code(202).send({ payload: { message: IMPORT_MESSAGES.queued, import: progress } });
    });

    app.post<IdParams>(`${BASE}/:id/consent`, { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      parseWith(importConsentSchema, request.body);
      const progress = await confirmConsent(deps, owner, request.params.id);
      // Queued again (it had stopped for this, or waits its turn): the run follows; otherwise only recorded.
      const queued = progress.status === 'queued' || progress.status === 'running';
      return reply.code(queued ? 202 : 200).send({ payload: { message: queued ? IMPORT_MESSAGES.queued : IMPORT_MESSAGES.consentRecorded, import: progress } });
    });

    app.get<IdParams>(`${BASE}/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: await getImport(deps, owner.customerId, request.params.id) };
    });

    app.get<IdParams>(`${BASE}/:id/rejections.csv`, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const progress = await getImport(deps, owner.customerId, request.params.id);
      if (progress.status !== 'done') throw new HttpError(404, IMPORT_MESSAGES.notFound);
      const chunks = rejectionsCsv(deps, owner.customerId, progress.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="rejected-rows.csv"`)
        .send(Readable.from(withUtf8Bom(chunks)));
    });
  };
}
