ALTER TABLE "credentials" ADD COLUMN "evidence" jsonb;
