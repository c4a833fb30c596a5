ALTER TABLE "ekyc_forms" ADD COLUMN "edited_at" timestamp with time zone;
