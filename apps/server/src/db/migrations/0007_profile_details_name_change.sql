CREATE TABLE "name_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"txn_id" uuid NOT NULL,
	"org_id" text NOT NULL,
	"verification_name" text NOT NULL,
	"document_list" jsonb NOT NULL,
	"state" text DEFAULT 'REQUESTED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "name_change_requests_txn_verification" UNIQUE("txn_id","verification_name")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "basic_details" jsonb;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "contact_details" jsonb;--> statement-breakpoint
ALTER TABLE "name_change_requests" ADD CONSTRAINT "name_change_requests_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "name_change_requests" ADD CONSTRAINT "name_change_requests_txn_id_transactions_id_fk" FOREIGN KEY ("txn_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;