-- The answer of each finished resumable upload, kept as long as a partial one (issue 31 §1, ADR 0050
-- "Resumable uploads (tus)"): a client whose last PATCH's answer was lost asks again (HEAD or PATCH)
-- and gets the same file, instead of sending the whole file a second time.
CREATE TABLE "finished_uploads" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL,
	"size" bigint NOT NULL,
	"answer" jsonb NOT NULL,
	"finished_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finished_uploads" ADD CONSTRAINT "finished_uploads_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finished_uploads_finished_idx" ON "finished_uploads" USING btree ("finished_at");
