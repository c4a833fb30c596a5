CREATE TABLE "credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"txn_id" uuid,
	"verification_name" text,
	"credential_type" text NOT NULL,
	"credential_attributes" jsonb NOT NULL,
	"status_index" serial NOT NULL,
	"share_id" text NOT NULL,
	"jwt" text,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_txn_id_transactions_id_fk" FOREIGN KEY ("txn_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_share_id_uq" ON "credentials" USING btree ("share_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_status_index_uq" ON "credentials" USING btree ("status_index");--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_verification_uq" ON "credentials" USING btree ("txn_id","verification_name");--> statement-breakpoint
CREATE INDEX "credentials_profile_idx" ON "credentials" USING btree ("profile_id","issued_at");