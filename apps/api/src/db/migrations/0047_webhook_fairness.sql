-- Webhook signing secrets are sealed bound to `webhook_endpoints:<id>` from now on (version 2).
-- SQL cannot open a seal, so the rows already stored keep version 1 (bound to the bare id) and the
-- code re-seals them (endpoint-secrets.ts: at the webhook worker's start and whenever one is read).
ALTER TABLE "webhook_endpoints" ADD COLUMN "secret_version" smallint DEFAULT 1 NOT NULL;
