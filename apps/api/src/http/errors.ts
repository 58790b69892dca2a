import type { ApiMessage } from '@postlark/shared/api-response';
import { type FieldErrors, fieldErrors, firstErrorMessage } from '@postlark/shared/validation';
import type * as z from 'zod/mini';

/** An answer meant for the client: its status and message are shown as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  get body(): ApiMessage {
    return { payload: this.errors ? { message: this.message, errors: this.errors } : { message: this.message } };
  }
}

/** Validates with the shared schema, the same object the web form uses; bad input is a 400 naming each field. */
export function parseWith<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new HttpError(400, firstErrorMessage(result.error), fieldErrors(result.error));
}
