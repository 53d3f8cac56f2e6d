-- The yard's facts from the TOS on order containers (allocated, gate in/out), completed orders (HT) and extension orders (gia hạn).
ALTER TABLE "order_containers" ADD COLUMN "allocated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_containers" ADD COLUMN "gate_in_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_containers" ADD COLUMN "gate_out_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "extends_order_no" varchar(30);--> statement-breakpoint
CREATE INDEX "orders_extends_idx" ON "orders" USING btree ("extends_order_no") WHERE "orders"."extends_order_no" is not null;