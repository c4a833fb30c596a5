CREATE TABLE "org_bucket_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"form_id" text NOT NULL,
	"txn_id" uuid NOT NULL,
	"from_bucket" text,
	"to_bucket" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "org_notification_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" text NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"digest_day" text,
	"to_email" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "org_bucket_moves" ADD CONSTRAINT "org_bucket_moves_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_bucket_moves" ADD CONSTRAINT "org_bucket_moves_txn_id_transactions_id_fk" FOREIGN KEY ("txn_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_notification_mails" ADD CONSTRAINT "org_notification_mails_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "org_bucket_moves_pending_idx" ON "org_bucket_moves" USING btree ("id") WHERE "org_bucket_moves"."processed_at" is null;
--> statement-breakpoint
CREATE INDEX "org_bucket_moves_org_at_idx" ON "org_bucket_moves" USING btree ("org_id","at");
--> statement-breakpoint
CREATE UNIQUE INDEX "org_notification_mails_key_uq" ON "org_notification_mails" USING btree ("key");
--> statement-breakpoint
CREATE INDEX "org_notification_mails_due_idx" ON "org_notification_mails" USING btree ("due_at") WHERE "org_notification_mails"."sent_at" is null;
--> statement-breakpoint
CREATE INDEX "org_notification_mails_digest_idx" ON "org_notification_mails" USING btree ("org_id","digest_day") WHERE "org_notification_mails"."digest_day" is not null;
