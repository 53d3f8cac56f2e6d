CREATE TABLE "approval_configs" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"job_mode_code" varchar(10) NOT NULL,
	"operation_code" varchar(10) DEFAULT '*' NOT NULL,
	"customer_code" varchar(20) DEFAULT '*' NOT NULL,
	"money_credit" varchar(1) DEFAULT '*' NOT NULL,
	"from_date" timestamp with time zone NOT NULL,
	"to_date" timestamp with time zone NOT NULL,
	"is_approval" boolean DEFAULT false NOT NULL,
	"is_un_approval" boolean DEFAULT false NOT NULL,
	"updated_by" varchar(50),
	"updated_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_configs_exclusive" CHECK (not ("approval_configs"."is_approval" and "approval_configs"."is_un_approval")),
	CONSTRAINT "approval_configs_period" CHECK ("approval_configs"."to_date" >= "approval_configs"."from_date")
);
--> statement-breakpoint
ALTER TABLE "approval_configs" ADD CONSTRAINT "approval_configs_terminal_code_terminals_terminal_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("terminal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_configs_key_uq" ON "approval_configs" USING btree ("terminal_code","job_mode_code","operation_code","customer_code","money_credit","from_date","to_date");--> statement-breakpoint
CREATE INDEX "approval_configs_lookup_idx" ON "approval_configs" USING btree ("terminal_code","job_mode_code","from_date");