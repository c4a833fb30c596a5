-- The results retention class (issue 29, ADR 0049 "Retention schedule"): when a closed request's results
-- (answers, verification data, report, credentials) were purged. The daily purge walks only the closed
-- requests not yet purged, by id (the partial index); screens can say the results were deleted, and when.
ALTER TABLE "transactions" ADD COLUMN "results_purged_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "transactions_results_due_idx" ON "transactions" ("id")
	WHERE "results_purged_at" IS NULL AND "state" IN ('COMPLETED', 'FAILED', 'CLOSED');
