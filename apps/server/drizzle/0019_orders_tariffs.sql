CREATE TABLE "contract_tariffs" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"tariff_code" varchar(30) NOT NULL,
	"tariff_name" text NOT NULL,
	"charge_kind" varchar(10) DEFAULT 'job' NOT NULL,
	"job_mode_code" varchar(10) DEFAULT '*' NOT NULL,
	"cont_size" varchar(4) DEFAULT '*' NOT NULL,
	"cargo_type_code" varchar(10) DEFAULT '*' NOT NULL,
	"fe" varchar(1) DEFAULT '*' NOT NULL,
	"is_local_foreign" varchar(1) DEFAULT '*' NOT NULL,
	"currency_code" varchar(3) DEFAULT 'VND' NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"vat_rate" smallint DEFAULT 8 NOT NULL,
	"apply_date" timestamp with time zone NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	"contract_no" varchar(30) NOT NULL,
	"customer_code" varchar(20) DEFAULT '*' NOT NULL,
	"operation_code" varchar(10) DEFAULT '*' NOT NULL,
	CONSTRAINT "contract_tariffs_party_ck" CHECK ("contract_tariffs"."customer_code" <> '*' or "contract_tariffs"."operation_code" <> '*'),
	CONSTRAINT "contract_tariffs_period_ck" CHECK ("contract_tariffs"."expire_date" >= "contract_tariffs"."apply_date"),
	CONSTRAINT "contract_tariffs_price_ck" CHECK ("contract_tariffs"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_cancellations" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" varchar(30) NOT NULL,
	"invoice_no" varchar(40),
	"step" varchar(20) NOT NULL,
	"message" text,
	"created_by" varchar(50),
	"created_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_charges" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" varchar(30) NOT NULL,
	"line_no" integer NOT NULL,
	"container_no" varchar(11),
	"job_mode_code" varchar(10) NOT NULL,
	"job_mode_name" text NOT NULL,
	"charge_kind" varchar(10) NOT NULL,
	"source" varchar(10) NOT NULL,
	"tariff_code" varchar(30) NOT NULL,
	"tariff_name" text NOT NULL,
	"iso_sizetype" varchar(4),
	"fe" varchar(1),
	"cargo_type_code" varchar(10),
	"quantity" numeric(12, 2) NOT NULL,
	"unit" varchar(10) NOT NULL,
	"unit_price" bigint NOT NULL,
	"tariff_currency" varchar(3) NOT NULL,
	"tariff_price" numeric(14, 2) NOT NULL,
	"exchange_rate" numeric(14, 4),
	"amount" bigint NOT NULL,
	"vat_rate" smallint NOT NULL,
	"vat_amount" bigint NOT NULL,
	"total" bigint NOT NULL,
	"explanation" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standard_tariffs" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"tariff_code" varchar(30) NOT NULL,
	"tariff_name" text NOT NULL,
	"charge_kind" varchar(10) DEFAULT 'job' NOT NULL,
	"job_mode_code" varchar(10) DEFAULT '*' NOT NULL,
	"cont_size" varchar(4) DEFAULT '*' NOT NULL,
	"cargo_type_code" varchar(10) DEFAULT '*' NOT NULL,
	"fe" varchar(1) DEFAULT '*' NOT NULL,
	"is_local_foreign" varchar(1) DEFAULT '*' NOT NULL,
	"currency_code" varchar(3) DEFAULT 'VND' NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"vat_rate" smallint DEFAULT 8 NOT NULL,
	"apply_date" timestamp with time zone NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	CONSTRAINT "standard_tariffs_period_ck" CHECK ("standard_tariffs"."expire_date" >= "standard_tariffs"."apply_date"),
	CONSTRAINT "standard_tariffs_price_ck" CHECK ("standard_tariffs"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tariff_surcharges" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"extra_mode" smallint NOT NULL,
	"from_value" numeric(12, 2) NOT NULL,
	"to_value" numeric(12, 2),
	"percent" numeric(6, 2) NOT NULL,
	"note" text,
	CONSTRAINT "tariff_surcharges_mode_ck" CHECK ("tariff_surcharges"."extra_mode" between 1 and 4)
);
--> statement-breakpoint
ALTER TABLE "order_containers" ADD COLUMN "local_sizetype" varchar(10);--> statement-breakpoint
ALTER TABLE "order_containers" ADD COLUMN "date_in" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_containers" ADD COLUMN "plug_hours" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_type" varchar(20);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_amount" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "priced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approved_by" varchar(50);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approved_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_by" varchar(50);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tos_status" varchar(10) DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tos_message" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tos_order_no" varchar(40);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tos_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tos_next_try" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contract_tariffs" ADD CONSTRAINT "contract_tariffs_terminal_code_terminals_terminal_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("terminal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_cancellations" ADD CONSTRAINT "invoice_cancellations_order_no_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."orders"("order_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_charges" ADD CONSTRAINT "order_charges_order_no_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."orders"("order_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_tariffs" ADD CONSTRAINT "standard_tariffs_terminal_code_terminals_terminal_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("terminal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_surcharges" ADD CONSTRAINT "tariff_surcharges_terminal_code_terminals_terminal_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("terminal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_tariffs_key_uq" ON "contract_tariffs" USING btree ("terminal_code","customer_code","operation_code","charge_kind","job_mode_code","cont_size","cargo_type_code","fe","is_local_foreign","apply_date");--> statement-breakpoint
CREATE INDEX "invoice_cancellations_order_idx" ON "invoice_cancellations" USING btree ("order_no","created_time");--> statement-breakpoint
CREATE UNIQUE INDEX "order_charges_line_uq" ON "order_charges" USING btree ("order_no","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "standard_tariffs_key_uq" ON "standard_tariffs" USING btree ("terminal_code","charge_kind","job_mode_code","cont_size","cargo_type_code","fe","is_local_foreign","apply_date");--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_surcharges_key_uq" ON "tariff_surcharges" USING btree ("terminal_code","extra_mode","from_value");--> statement-breakpoint
CREATE INDEX "orders_tos_queue_idx" ON "orders" USING btree ("tos_next_try") WHERE "orders"."tos_status" in ('pending', 'failed');