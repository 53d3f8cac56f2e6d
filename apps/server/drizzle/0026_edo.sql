-- Electronic delivery orders (issue 23 item 2): the eDOs a shipping line issues, their containers and their history;
-- the line a user acts for; the eDO that released each container of an order; paper D/O orders that wait for staff.
CREATE SEQUENCE "public"."edo_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "edo_containers" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"edo_no" varchar(30) NOT NULL,
	"container_no" varchar(11) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edo_events" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"edo_no" varchar(30) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"by_user" varchar(50),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "edos" (
	"edo_no" varchar(30) PRIMARY KEY NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"operation_code" varchar(10) NOT NULL,
	"bl_no" varchar(50) NOT NULL,
	"consignee_tax_code" varchar(20) NOT NULL,
	"agent_tax_code" varchar(20),
	"valid_until" timestamp with time zone NOT NULL,
	"status" varchar(1) DEFAULT 'A' NOT NULL,
	"note" text,
	"issued_by" varchar(50) NOT NULL,
	"issued_time" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_by" varchar(50),
	"revoked_time" timestamp with time zone,
	"revoke_reason" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "operation_code" varchar(10);--> statement-breakpoint
ALTER TABLE "order_containers" ADD COLUMN "edo_no" varchar(30);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paper_do" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "edo_containers" ADD CONSTRAINT "edo_containers_edo_no_edos_edo_no_fk" FOREIGN KEY ("edo_no") REFERENCES "public"."edos"("edo_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edo_events" ADD CONSTRAINT "edo_events_edo_no_edos_edo_no_fk" FOREIGN KEY ("edo_no") REFERENCES "public"."edos"("edo_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edos" ADD CONSTRAINT "edos_terminal_code_terminals_terminal_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("terminal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "edo_containers_edo_idx" ON "edo_containers" USING btree ("edo_no");--> statement-breakpoint
CREATE INDEX "edo_containers_cntr_idx" ON "edo_containers" USING btree ("container_no");--> statement-breakpoint
CREATE INDEX "edo_events_edo_idx" ON "edo_events" USING btree ("edo_no","at");--> statement-breakpoint
CREATE INDEX "edos_line_idx" ON "edos" USING btree ("operation_code","issued_time");--> statement-breakpoint
CREATE INDEX "edos_bill_idx" ON "edos" USING btree ("bl_no");--> statement-breakpoint
-- The demo shipping line user acts for MSC (its e-mail is MSC's); other users act for no line.
UPDATE "users" SET "operation_code" = 'MSC' WHERE "user_id" = 'hangtau' AND "operation_code" IS NULL;
