DROP INDEX IF EXISTS "transactions_queue_name_idx";--> statement-breakpoint
CREATE INDEX "transactions_queue_name_idx" ON "transactions" USING btree ("queue",("search_name" collate "C"),"queue_rank","queue_deadline","submitted_at","id") WHERE "transactions"."queue" is not null;
