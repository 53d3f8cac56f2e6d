CREATE TABLE "customs_messages" (
	"msg_group_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"declare_no" varchar(20) NOT NULL,
	"office" varchar(10) NOT NULL,
	"sender_by" varchar(50) NOT NULL,
	"sent_time" timestamp with time zone DEFAULT now() NOT NULL,
	"gateway_msg_id" varchar(64),
	"state" varchar(10) DEFAULT 'queued' NOT NULL,
	"failure_code" varchar(40),
	"response_func" smallint,
	"result" jsonb,
	"finished_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customs_request_log" (
	"request_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_time" timestamp with time zone DEFAULT now() NOT NULL,
	"sender_by" varchar(50) NOT NULL,
	"request_type" varchar(10) NOT NULL,
	"voyage_key" varchar(30),
	"terminal_code" varchar(10),
	"declare_nos" text[] DEFAULT '{}'::text[] NOT NULL,
	"container_nos" text[] DEFAULT '{}'::text[] NOT NULL,
	"raw_request" text NOT NULL,
	"raw_response" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "customs_messages_decl_idx" ON "customs_messages" USING btree ("declare_no","office","sent_time");--> statement-breakpoint
CREATE INDEX "customs_request_log_time_idx" ON "customs_request_log" USING btree ("request_time");