import * as z from 'zod/mini';
import { GENERIC_MESSAGES } from './messages';

/** PostgreSQL text cannot hold a NUL: refused with a clear 400, not by the database with a 500. */
export const withoutNul = () => z.refine<string>((text) => !text.includes('\u0000'), GENERIC_MESSAGES.nulCharacter);
