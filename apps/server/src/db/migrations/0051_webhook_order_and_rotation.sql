-- Standard Webhooks and ordered deliveries (issue 30 §2, ADR 0025 "Standard Webhooks"): a rotated secret
-- keeps signing beside the new one until `previous_secret_expires_at`; every event of a transaction has a
-- sequence number, and one endpoint gets one transaction's events one at a time, in that order.
ALTER TABLE "org_webhook_endpoints" ADD COLUMN "previous_secret_enc" text;--> statement-breakpoint
ALTER TABLE "org_webhook_endpoints" ADD COLUMN "previous_secret_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "org_webhook_deliveries" ADD COLUMN "transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "org_webhook_deliveries" ADD COLUMN "sequence" bigint;--> statement-breakpoint
CREATE INDEX "org_webhook_deliveries_order_idx" ON "org_webhook_deliveries" USING btree ("endpoint_id","transaction_id","sequence") WHERE "status" = 'pending';--> statement-breakpoint
CREATE TABLE "org_webhook_sequences" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"last_sequence" bigint NOT NULL
);
