ALTER TABLE "reference_options" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "reference_options" ADD COLUMN "city" text;