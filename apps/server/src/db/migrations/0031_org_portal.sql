CREATE TABLE "candidate_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" text NOT NULL,
	"form_id" text NOT NULL,
	"transaction_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"email" text,
	"language" text DEFAULT 'en' NOT NULL,
	"source" text NOT NULL,
	"batch_id" uuid,
	"created_by" uuid,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invite_batch_rows" (
	"batch_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"email" text,
	"form_id" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"invitation_id" uuid,
	CONSTRAINT "invite_batch_rows_batch_id_row_pk" PRIMARY KEY("batch_id","row")
);
--> statement-breakpoint
CREATE TABLE "invite_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"valid" integer NOT NULL,
	"refused" integer NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "org_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"user_id" uuid,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_billing_accounts" (
	"org_id" text PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'prepaid' NOT NULL,
	"legal_name" text,
	"gstin" text,
	"address" text,
	"state_code" text,
	"billing_email" text,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_branding" (
	"org_id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"primary_color" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"transaction_id" uuid,
	"credit_order_id" uuid,
	"note" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_credit_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"total" bigint NOT NULL,
	"gateway" text NOT NULL,
	"gateway_order_id" text,
	"status" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "org_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" text NOT NULL,
	"period" text NOT NULL,
	"number" text NOT NULL,
	"content" jsonb NOT NULL,
	"taxable" bigint NOT NULL,
	"cgst" bigint NOT NULL,
	"sgst" bigint NOT NULL,
	"igst" bigint NOT NULL,
	"total" bigint NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_notification_settings" (
	"org_id" text PRIMARY KEY NOT NULL,
	"email" text,
	"on_action_required" boolean DEFAULT true NOT NULL,
	"on_finished" boolean DEFAULT true NOT NULL,
	"daily_digest" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_user_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_user_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "org_user_sign_in_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"failed_passwords" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"codes_counted_from" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidate_invitations" ADD CONSTRAINT "candidate_invitations_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "candidate_invitations" ADD CONSTRAINT "candidate_invitations_form_id_ekyc_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."ekyc_forms"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invite_batch_rows" ADD CONSTRAINT "invite_batch_rows_batch_id_invite_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."invite_batches"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invite_batches" ADD CONSTRAINT "invite_batches_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_audit" ADD CONSTRAINT "org_audit_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_billing_accounts" ADD CONSTRAINT "org_billing_accounts_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_branding" ADD CONSTRAINT "org_branding_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_credit_ledger" ADD CONSTRAINT "org_credit_ledger_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_credit_orders" ADD CONSTRAINT "org_credit_orders_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_invoices" ADD CONSTRAINT "org_invoices_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_notification_settings" ADD CONSTRAINT "org_notification_settings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_user_invitations" ADD CONSTRAINT "org_user_invitations_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_user_invitations" ADD CONSTRAINT "org_user_invitations_invited_by_org_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."org_users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_user_sessions" ADD CONSTRAINT "org_user_sessions_user_id_org_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."org_users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_user_sign_in_codes" ADD CONSTRAINT "org_user_sign_in_codes_user_id_org_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."org_users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "org_users" ADD CONSTRAINT "org_users_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ekyc_forms" ADD COLUMN "payer" text DEFAULT 'candidate' NOT NULL;
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "org_bucket" text DEFAULT 'invited' NOT NULL;
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "org_bucket_since" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- The organisation portal's bucket (ADR 0047), by the rule refreshQueue applies from now on.
UPDATE "transactions" SET "org_bucket" = CASE
  WHEN "state" = 'NOT_INITIALIZED' THEN 'invited'
  WHEN "state" = 'DATA_SAVED' THEN 'started'
  WHEN "queue" = 'action_required' THEN 'action_required'
  WHEN "state" = 'SUBMITTED' THEN 'submitted'
  WHEN "state" IN ('IN_PROGRESS', 'INSUFFICIENT_DATA') THEN 'in_progress'
  WHEN "state" = 'COMPLETED' THEN 'verified'
  ELSE 'closed'
END, "org_bucket_since" = "updated_at";
--> statement-breakpoint
CREATE INDEX "transactions_org_form_since_idx" ON "transactions" USING btree ("form_id","org_bucket_since","id");
--> statement-breakpoint
CREATE INDEX "transactions_org_form_bucket_idx" ON "transactions" USING btree ("form_id","org_bucket","org_bucket_since","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "candidate_invitations_txn_uq" ON "candidate_invitations" USING btree ("transaction_id");
--> statement-breakpoint
CREATE INDEX "candidate_invitations_org_form_idx" ON "candidate_invitations" USING btree ("org_id","form_id","created_at");
--> statement-breakpoint
CREATE INDEX "invite_batch_rows_status_idx" ON "invite_batch_rows" USING btree ("batch_id","status");
--> statement-breakpoint
CREATE INDEX "invite_batches_org_idx" ON "invite_batches" USING btree ("org_id","created_at");
--> statement-breakpoint
CREATE INDEX "org_audit_org_idx" ON "org_audit" USING btree ("org_id","at");
--> statement-breakpoint
CREATE INDEX "org_credit_ledger_org_idx" ON "org_credit_ledger" USING btree ("org_id","at");
--> statement-breakpoint
CREATE UNIQUE INDEX "org_credit_ledger_usage_uq" ON "org_credit_ledger" USING btree ("transaction_id") WHERE "org_credit_ledger"."kind" = 'usage';
--> statement-breakpoint
CREATE UNIQUE INDEX "org_credit_ledger_purchase_uq" ON "org_credit_ledger" USING btree ("credit_order_id") WHERE "org_credit_ledger"."kind" = 'purchase';
--> statement-breakpoint
CREATE INDEX "org_credit_orders_org_idx" ON "org_credit_orders" USING btree ("org_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "org_invoices_period_uq" ON "org_invoices" USING btree ("org_id","period");
--> statement-breakpoint
CREATE UNIQUE INDEX "org_invoices_number_uq" ON "org_invoices" USING btree ("number");
--> statement-breakpoint
CREATE UNIQUE INDEX "org_user_invitations_token_uq" ON "org_user_invitations" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "org_user_invitations_org_idx" ON "org_user_invitations" USING btree ("org_id");
--> statement-breakpoint
CREATE INDEX "org_user_sessions_user_idx" ON "org_user_sessions" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "org_user_sign_in_codes_user_idx" ON "org_user_sign_in_codes" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "org_users_email_uq" ON "org_users" USING btree ("email");
--> statement-breakpoint
CREATE INDEX "org_users_org_idx" ON "org_users" USING btree ("org_id");
