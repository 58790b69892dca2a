import { z } from 'zod';

// Pieces the settings' schema (env.ts and the files spread into it) writes often.

export const wholeNumber = z.coerce.number({ error: 'must be a whole number' }).int();

export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
