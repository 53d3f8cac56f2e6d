CREATE TABLE "customs_declarations" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" serial NOT NULL,
	"id" varchar(20) GENERATED ALWAYS AS ('DK' || lpad(seq::text, 8, '0')) STORED NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"customer_id" varchar(20) NOT NULL,
	"custom_no" varchar(20) NOT NULL,
	"custom_code" varchar(10) NOT NULL,
	"container_qty" integer NOT NULL,
	"custom_date" timestamp with time zone NOT NULL,
	"bl_booking_no" varchar(200) NOT NULL,
	"import_export" varchar(1) NOT NULL,
	"file_patch" uuid NOT NULL,
	"file_lists" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"note" text,
	"created_by" varchar(50) NOT NULL,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"action_by" varchar(50),
	"action_time" timestamp with time zone,
	"telphone" varchar(30),
	CONSTRAINT "customs_declarations_file_patch_unique" UNIQUE("file_patch")
);
--> statement-breakpoint
CREATE TABLE "declaration_files" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_patch" uuid NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"size" integer NOT NULL,
	"mime" varchar(100) NOT NULL,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_folders" (
	"file_patch" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" varchar(50) NOT NULL,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customs_declarations" ADD CONSTRAINT "customs_declarations_terminal_code_terminals_terminal_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("terminal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customs_declarations" ADD CONSTRAINT "customs_declarations_file_patch_upload_folders_file_patch_fk" FOREIGN KEY ("file_patch") REFERENCES "public"."upload_folders"("file_patch") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_files" ADD CONSTRAINT "declaration_files_file_patch_upload_folders_file_patch_fk" FOREIGN KEY ("file_patch") REFERENCES "public"."upload_folders"("file_patch") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_folders" ADD CONSTRAINT "upload_folders_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customs_declarations_id_uq" ON "customs_declarations" USING btree ("id");--> statement-breakpoint
CREATE INDEX "customs_declarations_customer_idx" ON "customs_declarations" USING btree ("customer_id","custom_no");--> statement-breakpoint
CREATE INDEX "customs_declarations_terminal_created_idx" ON "customs_declarations" USING btree ("terminal_code","created_time");--> statement-breakpoint
CREATE UNIQUE INDEX "declaration_files_name_uq" ON "declaration_files" USING btree ("file_patch","file_name");