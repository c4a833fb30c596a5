CREATE TABLE "evaluation_otps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"txn_id" uuid NOT NULL,
	"partner" text NOT NULL,
	"reference" text NOT NULL,
	"masked_email" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "eval_provider" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "eval_reference" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "eval_email_masked" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "eval_validated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "evaluation_otps" ADD CONSTRAINT "evaluation_otps_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_otps" ADD CONSTRAINT "evaluation_otps_txn_id_transactions_id_fk" FOREIGN KEY ("txn_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluation_otps_profile_created_idx" ON "evaluation_otps" USING btree ("profile_id","created_at");