CREATE TABLE "verification_locks" (
	"txn_id" uuid NOT NULL,
	"verification_name" text NOT NULL,
	"staff_id" uuid NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "verification_locks_pk" PRIMARY KEY("txn_id","verification_name")
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "queue" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "queue_rank" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "queue_deadline" timestamp with time zone DEFAULT 'infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "search_name" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "search_mobile" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "assignee_staff_id" uuid;--> statement-breakpoint
ALTER TABLE "verification_locks" ADD CONSTRAINT "verification_locks_txn_id_transactions_id_fk" FOREIGN KEY ("txn_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_locks" ADD CONSTRAINT "verification_locks_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_assignee_staff_id_staff_accounts_id_fk" FOREIGN KEY ("assignee_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_queue_idx" ON "transactions" USING btree ("queue","queue_rank","queue_deadline","submitted_at","id") WHERE "transactions"."queue" is not null;--> statement-breakpoint
CREATE INDEX "transactions_queue_org_idx" ON "transactions" USING btree ("org_id","queue","queue_rank","queue_deadline","submitted_at","id") WHERE "transactions"."queue" is not null;--> statement-breakpoint
CREATE INDEX "transactions_queue_form_idx" ON "transactions" USING btree ("form_id","queue","queue_rank","queue_deadline","submitted_at","id") WHERE "transactions"."queue" is not null;--> statement-breakpoint
CREATE INDEX "transactions_queue_name_idx" ON "transactions" USING btree ("queue",("search_name" collate "C")) WHERE "transactions"."queue" is not null;--> statement-breakpoint
CREATE INDEX "transactions_queue_mobile_idx" ON "transactions" USING btree ("queue",("search_mobile" collate "C")) WHERE "transactions"."queue" is not null;--> statement-breakpoint
CREATE INDEX "transactions_queue_mobile_tail_idx" ON "transactions" USING btree ("queue",(reverse("search_mobile") collate "C")) WHERE "transactions"."queue" is not null;--> statement-breakpoint
CREATE INDEX "transactions_assignee_idx" ON "transactions" USING btree ("assignee_staff_id") WHERE "transactions"."assignee_staff_id" is not null;--> statement-breakpoint
CREATE INDEX "files_txn_idx" ON "files" USING btree ("txn_id","created_at") WHERE "files"."txn_id" is not null;--> statement-breakpoint
-- ADR 0026: a profile's new name or mobile reaches its transactions' search columns in the same
-- statement, whichever module changes it.
CREATE FUNCTION "transactions_follow_profile"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "transactions"
     SET "search_name" = lower(regexp_replace(btrim(NEW."name"), '\s+', ' ', 'g')), "search_mobile" = NEW."mobile"
   WHERE "profile_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "profiles_search_follow" AFTER UPDATE OF "name", "mobile" ON "profiles" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."mobile" IS DISTINCT FROM NEW."mobile")
  EXECUTE FUNCTION "transactions_follow_profile"();
--> statement-breakpoint
-- Backfill (ADR 0026): the queue and search columns of existing rows, by the rule of refreshQueue in
-- modules/transactions/transactions-repository.ts.
UPDATE "transactions" t SET
  "queue" = CASE
    WHEN t."state" NOT IN ('SUBMITTED', 'IN_PROGRESS', 'INSUFFICIENT_DATA') THEN NULL
    WHEN t."state" = 'INSUFFICIENT_DATA' OR EXISTS (SELECT 1 FROM "verification_records" r
      WHERE r."txn_id" = t."id" AND NOT r."marked_as_skip" AND r."state" = 'INSUFFICIENT_DATA') THEN 'action_required'
    WHEN NOT EXISTS (SELECT 1 FROM "verification_records" r WHERE r."txn_id" = t."id" AND NOT r."marked_as_skip"
      AND r."state" NOT IN ('COMPLETED', 'FAILED', 'CLOSED', 'SKIPPED')) THEN 'ready_to_close'
    WHEN t."state" = 'SUBMITTED' THEN 'new'
    ELSE 'in_progress'
  END,
  "queue_rank" = CASE WHEN EXISTS (SELECT 1 FROM "payment_orders" p
    WHERE p."txn_id" = t."id" AND p."status" = 'success' AND p."express") THEN 0 ELSE 1 END,
  "queue_deadline" = coalesce(t."expected_max_date", 'infinity'),
  "submitted_at" = coalesce(
    (SELECT min(c."at") FROM "state_changes" c
      WHERE c."txn_id" = t."id" AND c."entity" = 'transaction' AND c."to_state" = 'SUBMITTED'),
    CASE WHEN t."state" IN ('SUBMITTED', 'IN_PROGRESS', 'INSUFFICIENT_DATA') THEN t."created_at" END
  ),
  "search_name" = (SELECT lower(regexp_replace(btrim(p."name"), '\s+', ' ', 'g')) FROM "profiles" p WHERE p."id" = t."profile_id"),
  "search_mobile" = (SELECT p."mobile" FROM "profiles" p WHERE p."id" = t."profile_id");
