CREATE TABLE "port_containers" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"container_no" varchar(11) NOT NULL,
	"class_code" varchar(10) NOT NULL,
	"iso_sizetype" varchar(4) NOT NULL,
	"operation_code" varchar(10) NOT NULL,
	"fe" varchar(1) NOT NULL,
	"date_in" timestamp with time zone NOT NULL,
	"date_out" timestamp with time zone,
	"vessel_key" varchar(30),
	"vessel_code" varchar(20),
	"vessel_name" text,
	"vessel_im_voy" varchar(20),
	"vessel_ex_voy" varchar(20),
	"call_seq" integer,
	"call_year" smallint,
	"bl_no" varchar(50),
	"booking_no" varchar(50),
	"container_status_code" varchar(10) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "port_containers" ADD CONSTRAINT "port_containers_terminal_code_terminals_terminal_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("terminal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "port_containers_visit_uq" ON "port_containers" USING btree ("terminal_code","container_no","date_in");--> statement-breakpoint
CREATE INDEX "port_containers_cntr_idx" ON "port_containers" USING btree ("container_no","date_in");