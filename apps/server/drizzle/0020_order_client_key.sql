ALTER TABLE "order_containers" ALTER COLUMN "cargo_type_code" SET DATA TYPE varchar(10);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_client_key_uq" ON "orders" USING btree ("created_by","client_key") WHERE "orders"."client_key" is not null;