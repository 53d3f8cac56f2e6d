CREATE TABLE "depots" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"depot_code" varchar(20) NOT NULL,
	"depot_name" text NOT NULL,
	"address" text,
	"lift_charge" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "depot_code" varchar(20);--> statement-breakpoint
ALTER TABLE "depots" ADD CONSTRAINT "depots_terminal_code_terminals_terminal_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("terminal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "depots_key_uq" ON "depots" USING btree ("terminal_code","depot_code");