CREATE TABLE "free_day_rules" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"name" varchar(100) NOT NULL,
	"apply_date" timestamp with time zone NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	"operation_code" varchar(10) DEFAULT '*' NOT NULL,
	"is_local_foreign" varchar(1) DEFAULT '*' NOT NULL,
	"money_credit" varchar(1) NOT NULL,
	"customer_code" varchar(20) DEFAULT '*' NOT NULL,
	"is_rf_check" smallint DEFAULT 0 NOT NULL,
	"lane_code" varchar(10) DEFAULT '*' NOT NULL,
	"vessel_code" varchar(20) DEFAULT '*' NOT NULL,
	"class_code" varchar(10) DEFAULT '*' NOT NULL,
	"fe" varchar(1) NOT NULL,
	"cargo_type_code" varchar(10) DEFAULT '*' NOT NULL,
	"start_time" varchar(7) NOT NULL,
	"end_time" varchar(7) NOT NULL,
	"free_day" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "free_day_rules_free_day_ck" CHECK ("free_day_rules"."free_day" between 0 and 365),
	CONSTRAINT "free_day_rules_period_ck" CHECK ("free_day_rules"."expire_date" >= "free_day_rules"."apply_date")
);
--> statement-breakpoint
CREATE TABLE "reefer_configs" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"operation_code" varchar(10) DEFAULT '*' NOT NULL,
	"name" varchar(100),
	"apply_date" timestamp with time zone NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	"rounding" varchar(2) DEFAULT 'R0' NOT NULL,
	"hour_adding" integer DEFAULT 0 NOT NULL,
	"money_credit" varchar(1) NOT NULL,
	CONSTRAINT "reefer_configs_hour_adding_ck" CHECK ("reefer_configs"."hour_adding" >= 0),
	CONSTRAINT "reefer_configs_period_ck" CHECK ("reefer_configs"."expire_date" >= "reefer_configs"."apply_date")
);
--> statement-breakpoint
ALTER TABLE "free_day_rules" ADD CONSTRAINT "free_day_rules_terminal_code_terminals_terminal_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("terminal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reefer_configs" ADD CONSTRAINT "reefer_configs_terminal_code_terminals_terminal_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("terminal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "free_day_rules_key_uq" ON "free_day_rules" USING btree ("terminal_code","name","class_code","fe","cargo_type_code");--> statement-breakpoint
CREATE INDEX "free_day_rules_terminal_period_idx" ON "free_day_rules" USING btree ("terminal_code","apply_date","expire_date");--> statement-breakpoint
CREATE UNIQUE INDEX "reefer_configs_key_uq" ON "reefer_configs" USING btree ("terminal_code","operation_code","money_credit","apply_date");--> statement-breakpoint
CREATE INDEX "reefer_configs_terminal_period_idx" ON "reefer_configs" USING btree ("terminal_code","apply_date","expire_date");