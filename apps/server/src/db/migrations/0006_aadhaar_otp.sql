CREATE TABLE "aadhaar_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"txn_id" uuid NOT NULL,
	"number_hash" text NOT NULL,
	"last4" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"stage" text NOT NULL,
	"otp_expires_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "date_of_birth" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "address" jsonb;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "photo" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "aadhaar_hash" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "aadhaar_last4" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "aadhaar_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "aadhaar_requests" ADD CONSTRAINT "aadhaar_requests_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aadhaar_requests_profile_created_idx" ON "aadhaar_requests" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "profiles_aadhaar_hash_idx" ON "profiles" USING btree ("aadhaar_hash");