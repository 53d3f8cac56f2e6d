CREATE TABLE "order_ratings" (
	"order_no" varchar(30) NOT NULL,
	"rater" varchar(10) NOT NULL,
	"user_id" varchar(50) NOT NULL,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_ratings_order_no_rater_pk" PRIMARY KEY("order_no","rater")
);
--> statement-breakpoint
CREATE TABLE "rating_pin_failures" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" varchar(30) NOT NULL,
	"address" varchar(64),
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rating_pin_failures_order_idx" ON "rating_pin_failures" USING btree ("order_no","failed_at");