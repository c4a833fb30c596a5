-- The daily digest's change lines (issue 29, ADR 0049 "Erasure"): one row per line naming a candidate,
-- with its transaction and what the line reads once that candidate is erased, so the erasure can blank
-- the candidate's lines in a mail that names others too. Digests written before have no rows.
CREATE TABLE "org_digest_lines" (
	"mail_id" uuid NOT NULL REFERENCES "org_notification_mails"("id") ON DELETE CASCADE,
	"line_no" integer NOT NULL,
	"txn_id" uuid NOT NULL,
	"erased_text" text NOT NULL,
	"erased_at" timestamp with time zone,
	CONSTRAINT "org_digest_lines_pk" PRIMARY KEY ("mail_id", "line_no")
);
--> statement-breakpoint
CREATE INDEX "org_digest_lines_txn_idx" ON "org_digest_lines" ("txn_id") WHERE "erased_at" IS NULL;
