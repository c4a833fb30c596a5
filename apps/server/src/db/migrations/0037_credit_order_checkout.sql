ALTER TABLE "org_credit_orders" ADD COLUMN "checkout_url" text;
