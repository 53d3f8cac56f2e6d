-- The mail module's queue and record of the mails to payers and shipping lines, sent by the mail.queue job.
CREATE TABLE "mail_queue" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" varchar(30) NOT NULL,
	"mail_to" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"body" text NOT NULL,
	"qr_text" text,
	"order_no" text,
	"terminal_code" varchar(10),
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"queued_time" timestamp with time zone DEFAULT now() NOT NULL,
	"next_try_time" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_time" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"result" text,
	CONSTRAINT "mail_queue_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE INDEX "mail_queue_due_idx" ON "mail_queue" USING btree ("next_try_time") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "mail_queue_time_idx" ON "mail_queue" USING btree ("queued_time");