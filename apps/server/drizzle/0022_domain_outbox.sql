CREATE TABLE "domain_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event" varchar(100) NOT NULL,
	"handler" varchar(100) NOT NULL,
	"payload" jsonb NOT NULL,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"next_try_time" timestamp with time zone DEFAULT now(),
	"done_time" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "domain_outbox_due_idx" ON "domain_outbox" USING btree ("next_try_time") WHERE done_time is null;