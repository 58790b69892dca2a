-- Issue 31, point 3: the engine claims steps and entries per customer (a share each, round robin),
-- webhook steps on lanes of their own. Each active flow's due steps of one kind, and its pending
-- entries, are read from an index in order; the hourly cap on an account's entries counts the
-- runs it started in the last hour.
CREATE INDEX "flow_step_runs_flow_due_idx" ON "flow_step_runs" USING btree ("flow_id","due_at") WHERE "flow_step_runs"."status" in ('pending', 'waiting') and "flow_step_runs"."step_type" <> 'webhook';--> statement-breakpoint
CREATE INDEX "flow_step_runs_flow_webhook_due_idx" ON "flow_step_runs" USING btree ("flow_id","due_at") WHERE "flow_step_runs"."status" in ('pending', 'waiting') and "flow_step_runs"."step_type" = 'webhook';--> statement-breakpoint
CREATE INDEX "flow_entries_flow_pending_idx" ON "flow_entries" USING btree ("flow_id","id") WHERE "flow_entries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "flow_runs_customer_started_idx" ON "flow_runs" USING btree ("customer_id","started_at");
