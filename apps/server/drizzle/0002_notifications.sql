CREATE TABLE "notifications" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mail_title" text NOT NULL,
	"notify_content" text,
	"notify_from" timestamp with time zone NOT NULL,
	"notify_to" timestamp with time zone NOT NULL,
	"notify_note" text,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_key_uq" ON "notifications" USING btree ("mail_title","notify_from");--> statement-breakpoint
CREATE INDEX "notifications_window_idx" ON "notifications" USING btree ("notify_from","notify_to");