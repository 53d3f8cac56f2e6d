CREATE TABLE "data_shares" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"terminal_target" varchar(500) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"data_table" varchar(30) DEFAULT 'DELIVERY_ORDER' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holiday_periods" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"config_name" varchar(150) NOT NULL,
	"operation_code" varchar(10) DEFAULT '*' NOT NULL,
	"customer_code" varchar(20) DEFAULT '*' NOT NULL,
	"descriptions" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imo_alerts" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"class" varchar(5) NOT NULL,
	"unno" varchar(4) NOT NULL,
	"alert_msg" text
);
--> statement-breakpoint
CREATE TABLE "mb_charges" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"total_sum" numeric(14, 3) NOT NULL,
	"charge" numeric(8, 4) NOT NULL,
	CONSTRAINT "mb_charges_total_sum_unique" UNIQUE("total_sum")
);
--> statement-breakpoint
CREATE TABLE "mb_fee_schedules" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fee_schedule" bigint NOT NULL,
	CONSTRAINT "mb_fee_schedules_fee_schedule_unique" UNIQUE("fee_schedule")
);
--> statement-breakpoint
CREATE TABLE "release_points" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"diemph" varchar(20) NOT NULL,
	"name" text NOT NULL,
	"block_prefix" varchar(500) DEFAULT '' NOT NULL,
	"madvi" varchar(20),
	"server" varchar(100),
	"enable" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariff_mappings" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tariff_code" varchar(30) NOT NULL,
	"tos_tariff_code" varchar(30) NOT NULL,
	"tos_description" text,
	CONSTRAINT "tariff_mappings_tariff_code_unique" UNIQUE("tariff_code")
);
--> statement-breakpoint
ALTER TABLE "data_shares" ADD CONSTRAINT "data_shares_terminal_code_terminals_terminal_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("terminal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday_periods" ADD CONSTRAINT "holiday_periods_terminal_code_terminals_terminal_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("terminal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imo_alerts" ADD CONSTRAINT "imo_alerts_terminal_code_terminals_terminal_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("terminal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_points" ADD CONSTRAINT "release_points_terminal_code_terminals_terminal_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("terminal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_shares_key_uq" ON "data_shares" USING btree ("terminal_code","data_table");--> statement-breakpoint
CREATE UNIQUE INDEX "holiday_periods_key_uq" ON "holiday_periods" USING btree ("terminal_code","config_name","start_time");--> statement-breakpoint
CREATE INDEX "holiday_periods_scope_idx" ON "holiday_periods" USING btree ("terminal_code","operation_code","customer_code");--> statement-breakpoint
CREATE UNIQUE INDEX "imo_alerts_key_uq" ON "imo_alerts" USING btree ("terminal_code","class","unno");--> statement-breakpoint
CREATE UNIQUE INDEX "release_points_key_uq" ON "release_points" USING btree ("terminal_code","diemph");