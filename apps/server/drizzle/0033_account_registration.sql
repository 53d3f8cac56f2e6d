CREATE TABLE "account_tokens" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" varchar(50) NOT NULL,
	"purpose" varchar(10) NOT NULL,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "loyalty_ledger" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_code" varchar(20) NOT NULL,
	"order_no" varchar(30) NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"points" integer NOT NULL,
	"teu" integer,
	"rate" integer NOT NULL,
	"amount" bigint,
	"created_by" varchar(50),
	"created_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connection_alerts" ADD COLUMN "down_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connection_alerts" ADD COLUMN "recovered_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_order_no_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."orders"("order_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_ledger_order_kind_uq" ON "loyalty_ledger" USING btree ("order_no","kind");--> statement-breakpoint
CREATE INDEX "loyalty_ledger_customer_idx" ON "loyalty_ledger" USING btree ("customer_code");