-- Bookings (issue 23 item 3): a line's empty release orders, per size type and quantity; orders name them by
-- (operation_code, booking_no), and what they use is counted from the orders.
CREATE TABLE "booking_lines" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_rowguid" uuid NOT NULL,
	"iso_sizetype" varchar(4) NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_no" varchar(50) NOT NULL,
	"operation_code" varchar(10) NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"shipper_tax_code" varchar(20),
	"valid_until" timestamp with time zone NOT NULL,
	"status" varchar(1) DEFAULT 'A' NOT NULL,
	"note" text,
	"issued_by" varchar(50) NOT NULL,
	"issued_time" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_by" varchar(50),
	"cancelled_time" timestamp with time zone,
	"cancel_reason" text
);
--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_booking_rowguid_bookings_rowguid_fk" FOREIGN KEY ("booking_rowguid") REFERENCES "public"."bookings"("rowguid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_terminal_code_terminals_terminal_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("terminal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_lines_size_uq" ON "booking_lines" USING btree ("booking_rowguid","iso_sizetype");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_line_no_uq" ON "bookings" USING btree ("operation_code","booking_no");--> statement-breakpoint
CREATE INDEX "bookings_terminal_idx" ON "bookings" USING btree ("terminal_code");