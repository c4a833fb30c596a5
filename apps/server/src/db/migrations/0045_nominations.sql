-- Nomination (issue 29, DPDP Act s. 14, ADR 0049): the person a candidate names to exercise their rights
-- on their behalf. Append-only by the code: every change is a row, so the history keeps its times; the
-- erasure path deletes a candidate's rows.
CREATE TABLE "nominations" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL REFERENCES "profiles"("id"),
	"action" text NOT NULL,
	"name" text,
	"relationship" text,
	"mobile" text,
	"email" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "nominations_action_ck" CHECK ("action" IN ('named', 'changed', 'removed')),
	CONSTRAINT "nominations_nominee_ck" CHECK (("action" = 'removed') = ("name" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "nominations_profile_idx" ON "nominations" ("profile_id", "seq");
