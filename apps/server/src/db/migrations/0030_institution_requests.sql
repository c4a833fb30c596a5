CREATE TABLE "contact_consents" (
	"txn_id" uuid PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"language" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institution_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"txn_id" uuid NOT NULL,
	"verification_name" text NOT NULL,
	"contact_id" uuid NOT NULL,
	"from_email" text NOT NULL,
	"responder_name" text NOT NULL,
	"designation" text NOT NULL,
	"facts" jsonb NOT NULL,
	"all_confirmed" boolean NOT NULL,
	"letter_file_id" uuid,
	"declaration" text NOT NULL,
	"corrects_answer_id" uuid,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institution_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institution_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"email" text NOT NULL,
	"batch_daily" boolean DEFAULT false NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"failed_codes" smallint DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institution_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"seq" smallint DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institution_request_items" (
	"request_id" uuid NOT NULL,
	"txn_id" uuid NOT NULL,
	"verification_name" text NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	CONSTRAINT "institution_request_items_pk" PRIMARY KEY("request_id","verification_name")
);
--> statement-breakpoint
CREATE TABLE "institution_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"txn_id" uuid NOT NULL,
	"org_id" text NOT NULL,
	"staff_id" uuid,
	"claims" jsonb NOT NULL,
	"consent" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"link_token_hash" text NOT NULL,
	"link_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"turnaround_days" integer,
	"reminders_sent" smallint DEFAULT 0 NOT NULL,
	"next_reminder_at" timestamp with time zone,
	"escalated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "institution_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"contact_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institution_turnaround" (
	"institution_id" uuid NOT NULL,
	"working_days" integer NOT NULL,
	"answers" integer NOT NULL,
	CONSTRAINT "institution_turnaround_pk" PRIMARY KEY("institution_id","working_days")
);
--> statement-breakpoint
CREATE TABLE "institutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"ref_value" text,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"method" text DEFAULT 'page' NOT NULL,
	"fee_paise" integer,
	"notes" text,
	"requests_sent" integer DEFAULT 0 NOT NULL,
	"requests_answered" integer DEFAULT 0 NOT NULL,
	"median_days" integer,
	"p90_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "institution_answers" ADD CONSTRAINT "institution_answers_request_id_institution_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."institution_requests"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "institution_answers" ADD CONSTRAINT "institution_answers_contact_id_institution_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."institution_contacts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "institution_codes" ADD CONSTRAINT "institution_codes_contact_id_institution_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."institution_contacts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "institution_codes" ADD CONSTRAINT "institution_codes_request_id_institution_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."institution_requests"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "institution_contacts" ADD CONSTRAINT "institution_contacts_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "institution_messages" ADD CONSTRAINT "institution_messages_request_id_institution_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."institution_requests"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "institution_messages" ADD CONSTRAINT "institution_messages_contact_id_institution_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."institution_contacts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "institution_request_items" ADD CONSTRAINT "institution_request_items_request_id_institution_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."institution_requests"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "institution_requests" ADD CONSTRAINT "institution_requests_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "institution_requests" ADD CONSTRAINT "institution_requests_contact_id_institution_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."institution_contacts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "institution_requests" ADD CONSTRAINT "institution_requests_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "institution_sessions" ADD CONSTRAINT "institution_sessions_contact_id_institution_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."institution_contacts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "institution_turnaround" ADD CONSTRAINT "institution_turnaround_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "institution_answers_request_idx" ON "institution_answers" USING btree ("request_id","answered_at");
--> statement-breakpoint
CREATE INDEX "institution_answers_txn_idx" ON "institution_answers" USING btree ("txn_id","verification_name","answered_at");
--> statement-breakpoint
CREATE INDEX "institution_codes_contact_idx" ON "institution_codes" USING btree ("contact_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "institution_contacts_email_uq" ON "institution_contacts" USING btree ("institution_id","email");
--> statement-breakpoint
CREATE UNIQUE INDEX "institution_contacts_confirm_uq" ON "institution_contacts" USING btree ("confirm_token_hash") WHERE "institution_contacts"."confirm_token_hash" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "institution_messages_once_uq" ON "institution_messages" USING btree ("request_id","kind","seq");
--> statement-breakpoint
CREATE INDEX "institution_messages_unsent_idx" ON "institution_messages" USING btree ("due_at") WHERE "institution_messages"."sent_at" is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "institution_request_items_open_uq" ON "institution_request_items" USING btree ("txn_id","verification_name") WHERE "institution_request_items"."open";
--> statement-breakpoint
CREATE UNIQUE INDEX "institution_requests_link_uq" ON "institution_requests" USING btree ("link_token_hash");
--> statement-breakpoint
CREATE INDEX "institution_requests_txn_idx" ON "institution_requests" USING btree ("txn_id","created_at");
--> statement-breakpoint
CREATE INDEX "institution_requests_contact_idx" ON "institution_requests" USING btree ("contact_id","status","created_at");
--> statement-breakpoint
CREATE INDEX "institution_requests_open_idx" ON "institution_requests" USING btree ("institution_id","sent_at") WHERE "institution_requests"."status" = 'open';
--> statement-breakpoint
CREATE INDEX "institution_requests_due_idx" ON "institution_requests" USING btree ("next_reminder_at") WHERE "institution_requests"."next_reminder_at" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_kind_name_uq" ON "institutions" USING btree ("kind","name_key");
--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_ref_uq" ON "institutions" USING btree ("kind","ref_value") WHERE "institutions"."ref_value" is not null;
--> statement-breakpoint
CREATE INDEX "institutions_median_idx" ON "institutions" USING btree ("median_days","id");
--> statement-breakpoint
CREATE INDEX "institutions_p90_idx" ON "institutions" USING btree ("p90_days","id");
