CREATE TABLE "verification_configs" (
	"name" text PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prestart_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"form_id" text NOT NULL,
	"position" integer NOT NULL,
	"question" text NOT NULL,
	"options" jsonb NOT NULL,
	"required" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"org_id" text NOT NULL,
	"form_id" text NOT NULL,
	"state" text DEFAULT 'NOT_INITIALIZED' NOT NULL,
	"expected_max_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_profile_form_uq" UNIQUE("profile_id","form_id")
);
--> statement-breakpoint
CREATE TABLE "transaction_answers" (
	"txn_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"answer" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_answers_pk" PRIMARY KEY("txn_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "verification_records" (
	"txn_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"category" text NOT NULL,
	"sub_type" text,
	"state" text DEFAULT 'NOT_INITIALIZED' NOT NULL,
	"marked_as_skip" boolean DEFAULT false NOT NULL,
	"skip_allowed" boolean DEFAULT false NOT NULL,
	"marksheet_required" boolean DEFAULT false NOT NULL,
	"insufficiency" jsonb,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_records_pk" PRIMARY KEY("txn_id","name")
);
--> statement-breakpoint
CREATE TABLE "state_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"txn_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"verification_name" text,
	"from_state" text,
	"to_state" text NOT NULL,
	"action" text NOT NULL,
	"profile_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_options" (
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "reference_options_pk" PRIMARY KEY("kind","value")
);
--> statement-breakpoint
ALTER TABLE "ekyc_forms" ADD COLUMN "verifications" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ekyc_forms" ADD COLUMN "manual_profile_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ekyc_forms" ADD COLUMN "basic_details_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ekyc_forms" ADD COLUMN "payment_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ekyc_forms" ADD COLUMN "user_payment_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ekyc_forms" ADD COLUMN "express_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ekyc_forms" ADD COLUMN "price_list" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ekyc_forms" ADD COLUMN "discount_percentage" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ekyc_forms" ADD COLUMN "questionnaire_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ekyc_forms" ADD COLUMN "expected_working_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "prestart_questions" ADD CONSTRAINT "prestart_questions_form_id_ekyc_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."ekyc_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_form_id_ekyc_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."ekyc_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_answers" ADD CONSTRAINT "transaction_answers_txn_id_transactions_id_fk" FOREIGN KEY ("txn_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_answers" ADD CONSTRAINT "transaction_answers_question_id_prestart_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."prestart_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_records" ADD CONSTRAINT "verification_records_txn_id_transactions_id_fk" FOREIGN KEY ("txn_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_changes" ADD CONSTRAINT "state_changes_txn_id_transactions_id_fk" FOREIGN KEY ("txn_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prestart_questions_form_idx" ON "prestart_questions" USING btree ("form_id","position");--> statement-breakpoint
CREATE INDEX "transactions_profile_created_idx" ON "transactions" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "state_changes_txn_idx" ON "state_changes" USING btree ("txn_id","id");--> statement-breakpoint
CREATE INDEX "reference_options_kind_name_idx" ON "reference_options" USING btree ("kind","name");