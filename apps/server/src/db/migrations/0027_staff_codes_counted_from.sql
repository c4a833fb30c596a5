ALTER TABLE "staff_accounts" ADD COLUMN "codes_counted_from" timestamp with time zone;
