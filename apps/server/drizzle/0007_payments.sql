CREATE TABLE "pay_partners" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"partner_code" varchar(20) NOT NULL,
	"bank_code" varchar(20) NOT NULL,
	"bank_name" text,
	"partner_name" text,
	"recon_folder" text,
	"is_qr" boolean DEFAULT false NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"order_by" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "user_id" varchar(50);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "confirming" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_partners" ADD CONSTRAINT "pay_partners_terminal_code_terminals_terminal_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("terminal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_partners_key_uq" ON "pay_partners" USING btree ("terminal_code","partner_code","bank_code");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_issued_once_uq" ON "invoices" USING btree ("order_no") WHERE status = 'Y';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_live_once_uq" ON "payments" USING btree ("order_no") WHERE status = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_paid_once_uq" ON "payments" USING btree ("order_no") WHERE status = 1;