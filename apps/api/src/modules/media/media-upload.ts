import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@postlark/shared/media';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import type { ImageUpload } from './media.service';

// The upload's form (multipart/form-data): one `file` part and an optional `alt` field, in either
// order, and nothing else (as a JSON body's unknown field is refused). The file is read into memory up to MEDIA_LIMITS.maxBytes and no further: a longer one is
// a 413 the moment it passes the limit, never stored.

const MULTIPART_LIMITS = { fileSize: MEDIA_LIMITS.maxBytes, files: 1, fields: 4, fieldSize: 4096, parts: 6 } as const;

const tooLarge = () => new HttpError(413, MEDIA_MESSAGES.tooLarge(MEDIA_LIMITS.maxBytes / (1024 * 1024)));

/** Multipart's own refusals (a code each) in the library's words. */
function uploadError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, MEDIA_MESSAGES.oneFile);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(400, MEDIA_MESSAGES.noFile);
  return error;
}

export async function readImageUpload(request: FastifyRequest): Promise<ImageUpload> {
  if (!request.isMultipart()) throw new HttpError(415, MEDIA_MESSAGES.noFile);
  const declaredLength = Number(request.headers['content-length'] ?? 0);
  // The form's own few hundred bytes of boundaries and headers aside, a longer body holds a longer file.
  if (declaredLength > MEDIA_LIMITS.maxBytes + 64 * 1024) throw tooLarge();
  let file: Omit<ImageUpload, 'alt'> | null = null;
  let alt = '';
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw new HttpError(400, MEDIA_MESSAGES.unknownField(part.fieldname.slice(0, 40)));
        if (file) throw new HttpError(400, MEDIA_MESSAGES.oneFile);
        file = { data: await part.toBuffer(), declaredType: part.mimetype, fileName: part.filename ?? '' };
      } else if (part.fieldname === 'alt' && typeof part.value === 'string') {
        alt = part.value;
      } else {
        throw new HttpError(400, MEDIA_MESSAGES.unknownField(part.fieldname.slice(0, 40)));
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (!file || file.data.length === 0) throw new HttpError(400, MEDIA_MESSAGES.noFile);
  return { ...file, alt };
}
