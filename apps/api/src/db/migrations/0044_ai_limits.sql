-- An AI key is sealed bound to the origin it was typed for from now on (key_origin, also in the
-- seal's associated data). SQL cannot open a seal: the rows already stored keep key_origin null
-- (bound to the account only) and ai.service.ts re-seals each for its address on its next read.
ALTER TABLE "ai_providers" ADD COLUMN "key_origin" text;
