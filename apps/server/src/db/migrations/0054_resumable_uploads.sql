-- Resumable uploads by their owner, and the lock one request holds on an upload across instances (issue 31 §1, ADR 0050 "Resumable uploads (tus)"): an erasure finds a
-- candidate's partial uploads, and a finished one keeps its answer as long as a partial one would live, so
-- a client whose last PATCH's answer was lost asks again (HEAD or PATCH) and gets the same file instead of
-- sending the whole file a second time.
CREATE TABLE "resumable_uploads" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"answer" jsonb
);
--> statement-breakpoint
ALTER TABLE "resumable_uploads" ADD CONSTRAINT "resumable_uploads_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resumable_uploads_profile_idx" ON "resumable_uploads" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "resumable_uploads_created_idx" ON "resumable_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "resumable_upload_locks" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
