CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_profile_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"folder_name" text,
	"file_category" text,
	"state" text DEFAULT 'PROCESSING' NOT NULL,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"page_count" integer,
	"ocr_status" text DEFAULT 'none' NOT NULL,
	"ocr_text" text,
	"ocr_attempts" integer DEFAULT 0 NOT NULL,
	"ocr_next_at" timestamp with time zone,
	"ocr_locked_at" timestamp with time zone,
	"ocr_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_profile_id_profiles_id_fk" FOREIGN KEY ("owner_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_owner_created_idx" ON "files" USING btree ("owner_profile_id","created_at");--> statement-breakpoint
CREATE INDEX "files_ocr_queue_idx" ON "files" USING btree ("ocr_next_at") WHERE "files"."ocr_status" in ('pending', 'running');