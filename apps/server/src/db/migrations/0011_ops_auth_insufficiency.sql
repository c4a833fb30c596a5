CREATE TABLE "ops_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" uuid,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"failed_passwords" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_sign_in_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insufficiency_answers" (
	"request_id" uuid NOT NULL,
	"document_key" text NOT NULL,
	"file_id" uuid NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insufficiency_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"txn_id" uuid NOT NULL,
	"verification_name" text NOT NULL,
	"reason" text NOT NULL,
	"documents" jsonb NOT NULL,
	"raised_by" uuid,
	"raised_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ops_audit" ADD CONSTRAINT "ops_audit_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sign_in_codes" ADD CONSTRAINT "staff_sign_in_codes_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insufficiency_answers" ADD CONSTRAINT "insufficiency_answers_request_id_insufficiency_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."insufficiency_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insufficiency_requests" ADD CONSTRAINT "insufficiency_requests_txn_id_transactions_id_fk" FOREIGN KEY ("txn_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insufficiency_requests" ADD CONSTRAINT "insufficiency_requests_raised_by_staff_accounts_id_fk" FOREIGN KEY ("raised_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ops_audit_at_idx" ON "ops_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "ops_audit_target_idx" ON "ops_audit" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_accounts_email_idx" ON "staff_accounts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "staff_sign_in_codes_staff_idx" ON "staff_sign_in_codes" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "insufficiency_answers_file_idx" ON "insufficiency_answers" USING btree ("request_id","document_key","file_id");--> statement-breakpoint
CREATE INDEX "insufficiency_requests_record_idx" ON "insufficiency_requests" USING btree ("txn_id","verification_name","raised_at");--> statement-breakpoint
CREATE UNIQUE INDEX "insufficiency_requests_open_idx" ON "insufficiency_requests" USING btree ("txn_id","verification_name") WHERE "insufficiency_requests"."answered_at" is null;--> statement-breakpoint
-- ADR 0020: a verification already waiting for the candidate gets its round (one document named by the reason).
INSERT INTO "insufficiency_requests" ("txn_id", "verification_name", "reason", "documents", "raised_at")
SELECT "txn_id", "name", "insufficiency"->>'reason',
       jsonb_build_array(jsonb_build_object('key', 'document', 'label', "insufficiency"->>'reason')),
       coalesce(("insufficiency"->>'raisedAt')::timestamptz, "updated_at")
  FROM "verification_records"
 WHERE "state" = 'INSUFFICIENT_DATA' AND "insufficiency" IS NOT NULL AND "insufficiency" ? 'reason';--> statement-breakpoint
UPDATE "verification_records" v
   SET "insufficiency" = jsonb_build_object('id', r."id", 'reason', r."reason", 'raisedAt', v."insufficiency"->>'raisedAt', 'documents', r."documents")
  FROM "insufficiency_requests" r
 WHERE r."txn_id" = v."txn_id" AND r."verification_name" = v."name" AND r."answered_at" IS NULL
   AND v."state" = 'INSUFFICIENT_DATA';
