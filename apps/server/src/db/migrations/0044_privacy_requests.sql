-- Correction requests and grievance tickets (issue 29, ADR 0049): filed by the candidate, due 90 days
-- later (the DPDP Rules' limit for the grievance officer), answered once by the team with an outcome.
CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"profile_id" uuid NOT NULL REFERENCES "profiles"("id"),
	"kind" text NOT NULL,
	"category" text,
	"txn_id" uuid REFERENCES "transactions"("id"),
	"subject" text,
	"text" text NOT NULL,
	"proposed" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	"closed_at" timestamp with time zone,
	"erased_at" timestamp with time zone,
	CONSTRAINT "privacy_requests_number_unique" UNIQUE("number"),
	CONSTRAINT "privacy_requests_kind_ck" CHECK ("kind" IN ('correction', 'grievance')),
	CONSTRAINT "privacy_requests_status_ck" CHECK ("status" IN ('open', 'answered', 'closed')),
	CONSTRAINT "privacy_requests_outcome_ck" CHECK (
		("kind" = 'correction' AND ("outcome" IS NULL OR "outcome" IN ('corrected', 'refused')))
		OR ("kind" = 'grievance' AND ("outcome" IS NULL OR "outcome" IN ('resolved', 'rejected')))
	),
	CONSTRAINT "privacy_requests_answered_ck" CHECK (("status" = 'answered') = ("outcome" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "privacy_requests_profile_idx" ON "privacy_requests" ("profile_id", "created_at");
--> statement-breakpoint
CREATE INDEX "privacy_requests_due_idx" ON "privacy_requests" ("status", "due_at");
