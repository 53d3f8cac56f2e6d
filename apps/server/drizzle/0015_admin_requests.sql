CREATE TABLE "issue_images" (
	"image_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue_rowguid" uuid,
	"file_name" varchar(40) NOT NULL,
	"mime" varchar(50) NOT NULL,
	"size" integer NOT NULL,
	"created_by" varchar(50) NOT NULL,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"order_by" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issues" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"issue_name" text NOT NULL,
	"issue_type" varchar(30) NOT NULL,
	"planner" text NOT NULL,
	"planner_id" varchar(50) NOT NULL,
	"performer" varchar(100),
	"performer_comment" text,
	"release_date" timestamp with time zone,
	"release_comment" text,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(50),
	"updated_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "issue_images" ADD CONSTRAINT "issue_images_issue_rowguid_issues_rowguid_fk" FOREIGN KEY ("issue_rowguid") REFERENCES "public"."issues"("rowguid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_terminal_code_terminals_terminal_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("terminal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_images_issue_idx" ON "issue_images" USING btree ("issue_rowguid");--> statement-breakpoint
CREATE INDEX "issue_images_pending_idx" ON "issue_images" USING btree ("created_time");--> statement-breakpoint
CREATE INDEX "issues_terminal_idx" ON "issues" USING btree ("terminal_code","created_time");