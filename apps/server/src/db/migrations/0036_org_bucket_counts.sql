CREATE TABLE "org_bucket_counts" (
	"org_id" text NOT NULL,
	"form_id" text NOT NULL,
	"bucket" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "org_bucket_counts_org_id_form_id_bucket_pk" PRIMARY KEY("org_id","form_id","bucket")
);
--> statement-breakpoint
-- No transaction may be written between the backfill's count and the triggers' creation (migrations
-- run in one database transaction, so the lock holds until the triggers exist).
LOCK TABLE "transactions" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO "org_bucket_counts" ("org_id", "form_id", "bucket", "n")
	SELECT "org_id", "form_id", "org_bucket", count(*) FROM "transactions" GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Issue 28: the counts follow every insert, bucket move and delete of a transaction. Statement triggers
-- with transition tables apply one statement's net change per key, in key order (so two statements
-- lock the counters they share in the same order), and write nothing when the net change is zero.
CREATE FUNCTION "org_bucket_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "org_bucket_counts" ("org_id", "form_id", "bucket", "n")
			SELECT "org_id", "form_id", "org_bucket", count(*) FROM "new_rows" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
			ON CONFLICT ("org_id", "form_id", "bucket") DO UPDATE SET "n" = "org_bucket_counts"."n" + excluded."n";
	ELSIF TG_OP = 'UPDATE' THEN
		INSERT INTO "org_bucket_counts" ("org_id", "form_id", "bucket", "n")
			SELECT "org_id", "form_id", "bucket", sum("d") FROM (
				SELECT "org_id", "form_id", "org_bucket" AS "bucket", -1 AS "d" FROM "old_rows"
				UNION ALL
				SELECT "org_id", "form_id", "org_bucket", 1 FROM "new_rows"
			) AS "moves" GROUP BY 1, 2, 3 HAVING sum("d") <> 0 ORDER BY 1, 2, 3
			ON CONFLICT ("org_id", "form_id", "bucket") DO UPDATE SET "n" = "org_bucket_counts"."n" + excluded."n";
	ELSE
		INSERT INTO "org_bucket_counts" ("org_id", "form_id", "bucket", "n")
			SELECT "org_id", "form_id", "org_bucket", -count(*) FROM "old_rows" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
			ON CONFLICT ("org_id", "form_id", "bucket") DO UPDATE SET "n" = "org_bucket_counts"."n" + excluded."n";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "org_bucket_counts_insert" AFTER INSERT ON "transactions"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "org_bucket_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "org_bucket_counts_update" AFTER UPDATE ON "transactions"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "org_bucket_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "org_bucket_counts_delete" AFTER DELETE ON "transactions"
	REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "org_bucket_counts_apply"();
