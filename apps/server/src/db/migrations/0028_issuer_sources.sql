CREATE TABLE "digilocker_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"txn_id" uuid NOT NULL,
	"verification_name" text NOT NULL,
	"org_id" text NOT NULL,
	"state_hash" text NOT NULL,
	"code_verifier_enc" text NOT NULL,
	"consent" jsonb NOT NULL,
	"status" text NOT NULL,
	"access_token_enc" text,
	"account" jsonb,
	"documents" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"code_used_at" timestamp with time zone,
	"token_revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "issuer_pulls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"txn_id" uuid NOT NULL,
	"verification_name" text NOT NULL,
	"org_id" text NOT NULL,
	"profile_id" uuid,
	"channel" text NOT NULL,
	"staff_id" uuid,
	"issuer_id" text NOT NULL,
	"issuer_name" text NOT NULL,
	"doctype" text NOT NULL,
	"source_ref" text NOT NULL,
	"xml" text,
	"file_id" uuid,
	"fields" jsonb NOT NULL,
	"comparison" jsonb NOT NULL,
	"matched" boolean NOT NULL,
	"signature" jsonb NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"pulled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_digilocker_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_challenge" text,
	"redirect_uri" text NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"code_used_at" timestamp with time zone,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "digilocker_sessions" ADD CONSTRAINT "digilocker_sessions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "issuer_pulls" ADD CONSTRAINT "issuer_pulls_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "digilocker_sessions_state_uq" ON "digilocker_sessions" USING btree ("state_hash");
--> statement-breakpoint
CREATE INDEX "digilocker_sessions_profile_idx" ON "digilocker_sessions" USING btree ("profile_id","created_at");
--> statement-breakpoint
CREATE INDEX "issuer_pulls_txn_idx" ON "issuer_pulls" USING btree ("txn_id","verification_name","pulled_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_digilocker_grants_code_uq" ON "sandbox_digilocker_grants" USING btree ("code_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_digilocker_grants_token_uq" ON "sandbox_digilocker_grants" USING btree ("token_hash");
