CREATE TABLE "attach_configs" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"operation_code" varchar(10) DEFAULT '*' NOT NULL,
	"vessel_key" varchar(30) DEFAULT '*' NOT NULL,
	"customer_code" varchar(20) DEFAULT '*' NOT NULL,
	"is_local_foreign" varchar(1) DEFAULT '*' NOT NULL,
	"job_mode_code" varchar(10) NOT NULL,
	"attach_service_code" varchar(10) NOT NULL,
	"is_fixed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attach_configs" ADD CONSTRAINT "attach_configs_terminal_code_terminals_terminal_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("terminal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attach_configs" ADD CONSTRAINT "attach_configs_job_mode_code_job_modes_job_mode_code_fk" FOREIGN KEY ("job_mode_code") REFERENCES "public"."job_modes"("job_mode_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "attach_configs" ADD CONSTRAINT "attach_configs_attach_service_code_job_modes_job_mode_code_fk" FOREIGN KEY ("attach_service_code") REFERENCES "public"."job_modes"("job_mode_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "attach_configs_scope_uq" ON "attach_configs" USING btree ("terminal_code","job_mode_code","operation_code","vessel_key","customer_code","is_local_foreign","attach_service_code");