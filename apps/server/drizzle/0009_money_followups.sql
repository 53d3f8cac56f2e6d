CREATE TABLE "payment_followups" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(10) NOT NULL,
	"order_no" varchar(30) NOT NULL,
	"partner_code" varchar(20),
	"idempotency_key" varchar(80),
	"transaction_id" varchar(64),
	"amount" bigint,
	"reason" varchar(30) NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_try_time" timestamp with time zone,
	"last_error" text,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "otp_length" smallint;--> statement-breakpoint
CREATE INDEX "payment_followups_order_idx" ON "payment_followups" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_followups_refund_uq" ON "payment_followups" USING btree ("partner_code","transaction_id") WHERE kind = 'refund';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_followups_invoice_uq" ON "payment_followups" USING btree ("order_no") WHERE kind = 'invoice';