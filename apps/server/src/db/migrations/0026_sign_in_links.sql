ALTER TABLE "refresh_tokens" ADD COLUMN "origin" text DEFAULT 'otp' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "created_by_org_id" text;--> statement-breakpoint
CREATE TABLE "sign_in_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"profile_id" uuid NOT NULL,
	"org_id" text NOT NULL,
	"transaction_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "sign_in_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "sign_in_links" ADD CONSTRAINT "sign_in_links_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_links_profile_idx" ON "sign_in_links" USING btree ("profile_id");
