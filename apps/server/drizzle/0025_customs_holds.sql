-- Customs holds (issue 23 item 4): the yard records local/foreign goods and customs' last status per visit (fed by the 367 and
-- 363 answers); visits recorded before keep null local/foreign, so the hold does not apply to them until the TOS says.
-- orders.customs_wait: paid while held, approved by itself once customs releases it.
ALTER TABLE "port_containers" ADD COLUMN "is_local_foreign" varchar(1);--> statement-breakpoint
ALTER TABLE "port_containers" ADD COLUMN "customs_status" varchar(10);--> statement-breakpoint
ALTER TABLE "port_containers" ADD COLUMN "customs_declare_no" varchar(30);--> statement-breakpoint
ALTER TABLE "port_containers" ADD COLUMN "customs_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customs_wait" boolean DEFAULT false NOT NULL;