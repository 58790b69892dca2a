import type { FieldErrors } from './validation';

// Every answer of our API wraps its content in `payload`, as the spec's calls read `payload.message`.
export interface ApiMessage {
  payload: { message: string; errors?: FieldErrors };
}
