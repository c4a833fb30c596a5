-- ADR 0049 "Disclosures": every time a candidate's data leaves the team, a row written in the act's
-- database transaction; the candidate's access page lists them newest first.
CREATE TABLE "disclosures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"txn_id" uuid,
	"recipient_kind" text NOT NULL,
	"recipient_name" text NOT NULL,
	"what" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "disclosures_recipient_kind" CHECK ("disclosures"."recipient_kind" in ('organisation', 'partner', 'institution', 'issuer', 'verifier'))
);
--> statement-breakpoint
CREATE INDEX "disclosures_profile_at_idx" ON "disclosures" USING btree ("profile_id","at","id");
