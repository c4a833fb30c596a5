CREATE TABLE "breaches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "breach_versions" (
	"breach_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"occurred_from" timestamp with time zone,
	"occurred_to" timestamp with time zone,
	"data_classes" jsonb NOT NULL,
	"affected" jsonb NOT NULL,
	"affected_count" integer NOT NULL,
	"notice" jsonb NOT NULL,
	"board_notified_at" timestamp with time zone,
	"author_id" uuid,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "breach_versions_breach_id_version_pk" PRIMARY KEY("breach_id","version"),
	CONSTRAINT "breach_versions_version_positive" CHECK ("breach_versions"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "breach_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"breach_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"profile_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"language" text,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "breach_versions" ADD CONSTRAINT "breach_versions_breach_id_breaches_id_fk" FOREIGN KEY ("breach_id") REFERENCES "public"."breaches"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "breach_notices" ADD CONSTRAINT "breach_notices_breach_id_version_breach_versions_breach_id_version_fk" FOREIGN KEY ("breach_id","version") REFERENCES "public"."breach_versions"("breach_id","version") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "breach_notices_once_uq" ON "breach_notices" USING btree ("breach_id","version","profile_id");
--> statement-breakpoint
CREATE INDEX "breach_notices_due_idx" ON "breach_notices" USING btree ("status","due_at");
--> statement-breakpoint
CREATE INDEX "breaches_created_idx" ON "breaches" USING btree ("created_at");
--> statement-breakpoint
-- ADR 0049: an entry is corrected by a new version, never overwritten; the register is not purged.
CREATE FUNCTION "breach_register_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% is append-only: correct a breach with a new version', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "breaches_no_change" BEFORE UPDATE OR DELETE ON "breaches"
	FOR EACH ROW EXECUTE FUNCTION "breach_register_append_only"();
--> statement-breakpoint
CREATE TRIGGER "breach_versions_no_change" BEFORE UPDATE OR DELETE ON "breach_versions"
	FOR EACH ROW EXECUTE FUNCTION "breach_register_append_only"();
--> statement-breakpoint
-- ADR 0049: staff and organisation access logs are kept at least a year and not deletable by staff. Only
-- the purge job's transaction (SET LOCAL veridocs.purge = 'on') deletes, and only rows past a year.
CREATE FUNCTION "access_log_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND current_setting('veridocs.purge', true) = 'on'
		AND OLD."at" < now() - interval '1 year' THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION '% is an access log: it cannot be changed, and only the purge removes rows older than a year', TG_TABLE_NAME
		USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ops_audit_kept" BEFORE UPDATE OR DELETE ON "ops_audit"
	FOR EACH ROW EXECUTE FUNCTION "access_log_guard"();
--> statement-breakpoint
CREATE TRIGGER "ops_audit_no_truncate" BEFORE TRUNCATE ON "ops_audit"
	FOR EACH STATEMENT EXECUTE FUNCTION "access_log_guard"();
--> statement-breakpoint
CREATE TRIGGER "org_audit_kept" BEFORE UPDATE OR DELETE ON "org_audit"
	FOR EACH ROW EXECUTE FUNCTION "access_log_guard"();
--> statement-breakpoint
CREATE TRIGGER "org_audit_no_truncate" BEFORE TRUNCATE ON "org_audit"
	FOR EACH STATEMENT EXECUTE FUNCTION "access_log_guard"();
