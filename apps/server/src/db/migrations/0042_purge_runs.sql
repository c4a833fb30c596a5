-- ADR 0049 "Retention schedule": each daily purge's report (what each class lost, the ledger's head hash).
-- One row per day (IST); the run that holds the lease does the work, another instance skips it.
CREATE TABLE "purge_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"lease_until" timestamp with time zone NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ledger_head_hash" text,
	"ledger_ok" boolean,
	"error" text,
	CONSTRAINT "purge_runs_status_known" CHECK ("purge_runs"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "purge_runs_day_uq" ON "purge_runs" USING btree ("day");
--> statement-breakpoint
-- The access logs' triggers refuse deletes (0038): a staff account or an organisation with an access log is
-- not deleted either, rather than nulling the log's staff or cascading into it.
ALTER TABLE "ops_audit" DROP CONSTRAINT "ops_audit_staff_id_staff_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "ops_audit" ADD CONSTRAINT "ops_audit_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_audit" DROP CONSTRAINT "org_audit_org_id_organisations_id_fk";
--> statement-breakpoint
ALTER TABLE "org_audit" ADD CONSTRAINT "org_audit_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
