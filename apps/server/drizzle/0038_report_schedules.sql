CREATE TABLE "report_schedules" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" varchar(50) NOT NULL,
	"report_kind" varchar(20) NOT NULL,
	"period" varchar(10) NOT NULL,
	"frequency" varchar(10) NOT NULL,
	"send_time" varchar(5) NOT NULL,
	"week_day" smallint,
	"month_day" smallint,
	"recipients" text NOT NULL,
	"terminal_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"next_run_time" timestamp with time zone,
	"last_run_time" timestamp with time zone,
	"last_status" varchar(10),
	"last_result" text,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "attachment_type" text;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "attachment" "bytea";--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_owner_id_users_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_schedules_owner_idx" ON "report_schedules" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "report_schedules_due_idx" ON "report_schedules" USING btree ("next_run_time") WHERE is_active;