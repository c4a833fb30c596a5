CREATE TABLE "report_delivery_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"report_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"partner_id" text NOT NULL,
	"url" text NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"txn_id" uuid NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'generating' NOT NULL,
	"partner_id" text,
	"facts" jsonb,
	"storage_key" text,
	"sha256" text,
	"size" bigint,
	"generated_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_reports_txn_id_unique" UNIQUE("txn_id"),
	CONSTRAINT "verification_reports_code_unique" UNIQUE("code"),
	CONSTRAINT "verification_reports_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "report_delivery_attempts" ADD CONSTRAINT "report_delivery_attempts_report_id_verification_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."verification_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_reports" ADD CONSTRAINT "verification_reports_txn_id_transactions_id_fk" FOREIGN KEY ("txn_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_delivery_attempts_report_idx" ON "report_delivery_attempts" USING btree ("report_id","id");--> statement-breakpoint
CREATE INDEX "verification_reports_due_idx" ON "verification_reports" USING btree ("next_attempt_at") WHERE "verification_reports"."status" in ('generating', 'sending');--> statement-breakpoint
CREATE INDEX "verification_reports_sha256_idx" ON "verification_reports" USING btree ("sha256");