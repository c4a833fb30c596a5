CREATE TABLE "consent_ledger" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL,
	"org_id" text NOT NULL,
	"form_id" text NOT NULL,
	"txn_id" uuid,
	"notice_hash" text NOT NULL,
	"action" text NOT NULL,
	"purposes" jsonb NOT NULL,
	"channel" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "consent_ledger_seq_positive" CHECK ("consent_ledger"."seq" > 0)
);
--> statement-breakpoint
CREATE TABLE "privacy_notices" (
	"hash" text PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"template_version" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "consent_ledger_profile_idx" ON "consent_ledger" USING btree ("profile_id","seq");
--> statement-breakpoint
-- ADR 0049: the ledger is append-only at the database, whoever connects.
CREATE FUNCTION "consent_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'consent_ledger is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "consent_ledger_no_change" BEFORE UPDATE OR DELETE ON "consent_ledger"
	FOR EACH ROW EXECUTE FUNCTION "consent_ledger_append_only"();
--> statement-breakpoint
CREATE TRIGGER "consent_ledger_no_truncate" BEFORE TRUNCATE ON "consent_ledger"
	FOR EACH STATEMENT EXECUTE FUNCTION "consent_ledger_append_only"();
