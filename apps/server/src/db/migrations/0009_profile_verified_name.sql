ALTER TABLE "profiles" ADD COLUMN "verified_name" text;--> statement-breakpoint
-- Profiles verified before this column took their name from Aadhaar: that name is the verified one.
UPDATE "profiles" SET "verified_name" = "name" WHERE "aadhaar_verified_at" IS NOT NULL;
