-- A version 7 uuid (RFC 9562): 48 bits of Unix time in milliseconds, then random bits. New rows
-- then sort after the old ones, so inserts touch the right edge of each index on the id instead
-- of random pages (an import of a million subscribers spent a third of its time there).
-- Built from gen_random_uuid(): its first 6 bytes replaced by the time, the version nibble 4 -> 7.
CREATE OR REPLACE FUNCTION uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
        PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
        FROM 1 FOR 6),
    52, 1), 53, 1),
  'hex')::uuid
$$;
--> statement-breakpoint
ALTER TABLE "subscribers" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
-- A storage parameter only: no need to rebuild the index (drizzle-kit would drop and create it).
ALTER INDEX "subscribers_search_idx" SET (gin_pending_list_limit = 16384);
