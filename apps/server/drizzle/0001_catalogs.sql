CREATE TABLE "cargo_types" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cargo_type_code" varchar(10) NOT NULL,
	"cargo_type_name" text NOT NULL,
	CONSTRAINT "cargo_types_cargo_type_code_unique" UNIQUE("cargo_type_code")
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_code" varchar(10) NOT NULL,
	"class_name" text NOT NULL,
	CONSTRAINT "classes_class_code_unique" UNIQUE("class_code")
);
--> statement-breakpoint
CREATE TABLE "commodities" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"commodity_code" varchar(20) NOT NULL,
	"commodity_name" text NOT NULL,
	CONSTRAINT "commodities_commodity_code_unique" UNIQUE("commodity_code")
);
--> statement-breakpoint
CREATE TABLE "container_statuses" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"container_status_code" varchar(10) NOT NULL,
	"container_status_name" text NOT NULL,
	CONSTRAINT "container_statuses_container_status_code_unique" UNIQUE("container_status_code")
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"rate" numeric(14, 4) NOT NULL,
	"date_of_rate" timestamp with time zone NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_mode_commodities" (
	"job_mode_code" varchar(10) NOT NULL,
	"commodity_code" varchar(20) NOT NULL,
	CONSTRAINT "job_mode_commodities_job_mode_code_commodity_code_pk" PRIMARY KEY("job_mode_code","commodity_code")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_code" varchar(10) NOT NULL,
	"job_name" text NOT NULL,
	"is_quay" boolean DEFAULT false NOT NULL,
	"is_yard" boolean DEFAULT false NOT NULL,
	"is_gate" boolean DEFAULT false NOT NULL,
	CONSTRAINT "jobs_job_code_unique" UNIQUE("job_code")
);
--> statement-breakpoint
CREATE TABLE "methods" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"method_code" varchar(10) NOT NULL,
	"method_name" text NOT NULL,
	"mapping_method" varchar(20),
	CONSTRAINT "methods_method_code_unique" UNIQUE("method_code")
);
--> statement-breakpoint
CREATE TABLE "payment_types" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_type_code" varchar(10) NOT NULL,
	"payment_type_name" text NOT NULL,
	"money_credit" varchar(1) DEFAULT 'M' NOT NULL,
	CONSTRAINT "payment_types_payment_type_code_unique" UNIQUE("payment_type_code")
);
--> statement-breakpoint
CREATE TABLE "transits" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transit_code" varchar(10) NOT NULL,
	"transit_name" text NOT NULL,
	"note" text,
	CONSTRAINT "transits_transit_code_unique" UNIQUE("transit_code")
);
--> statement-breakpoint
ALTER TABLE "job_mode_commodities" ADD CONSTRAINT "job_mode_commodities_job_mode_code_job_modes_job_mode_code_fk" FOREIGN KEY ("job_mode_code") REFERENCES "public"."job_modes"("job_mode_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "job_mode_commodities" ADD CONSTRAINT "job_mode_commodities_commodity_code_commodities_commodity_code_fk" FOREIGN KEY ("commodity_code") REFERENCES "public"."commodities"("commodity_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_key_uq" ON "exchange_rates" USING btree ("currency_code","date_of_rate");