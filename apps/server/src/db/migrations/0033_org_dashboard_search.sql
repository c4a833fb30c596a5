CREATE INDEX "transactions_org_form_name_idx" ON "transactions" USING btree ("form_id",("search_name" collate "C"),"org_bucket_since","id");--> statement-breakpoint
CREATE INDEX "transactions_org_form_mobile_tail_idx" ON "transactions" USING btree ("form_id",(reverse("search_mobile") collate "C"),"org_bucket_since","id");
