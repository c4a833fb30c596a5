-- The right to erasure (issue 29, ADR 0049 "Erasure"): a candidate's request, carried out by the erasure
-- job once due_at (requested_at + 7 days) has passed; one open request per profile.
CREATE TABLE "erasure_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL REFERENCES "profiles"("id"),
	"origin" text DEFAULT 'candidate' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"held_reason" text,
	"done_at" timestamp with time zone,
	"kept" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confirmation_sent_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	CONSTRAINT "erasure_requests_status_ck" CHECK ("status" IN ('requested', 'held', 'done')),
	CONSTRAINT "erasure_requests_origin_ck" CHECK ("origin" IN ('candidate', 'minor'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_requests_open_uq" ON "erasure_requests" ("profile_id") WHERE "status" <> 'done';
--> statement-breakpoint
CREATE INDEX "erasure_requests_due_idx" ON "erasure_requests" ("due_at") WHERE "status" <> 'done';
--> statement-breakpoint
-- A legal hold an admin set on a candidate's erasure, with the reason: a live dispute (ADR 0049). Released
-- by deleting the row (the admin's action is in ops_audit).
CREATE TABLE "legal_holds" (
	"profile_id" uuid PRIMARY KEY NOT NULL REFERENCES "profiles"("id"),
	"reason" text NOT NULL,
	"set_by" text NOT NULL,
	"set_at" timestamp with time zone NOT NULL
);
