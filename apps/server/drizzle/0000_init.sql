CREATE TABLE "customer_types" (
	"customer_type_code" varchar(10) PRIMARY KEY NOT NULL,
	"customer_type_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_code" varchar(20) NOT NULL,
	"tax_code" varchar(20) NOT NULL,
	"customer_name" text NOT NULL,
	"address" text,
	"email" varchar(200),
	"represent" text,
	"phone" varchar(30),
	"money_credit" varchar(1) DEFAULT 'M' NOT NULL,
	"customer_level_code" smallint DEFAULT 1 NOT NULL,
	"customer_type_code" varchar(10),
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "customers_customer_code_unique" UNIQUE("customer_code")
);
--> statement-breakpoint
CREATE TABLE "group_menus" (
	"user_group_code" varchar(50) NOT NULL,
	"menu_id" varchar(50) NOT NULL,
	CONSTRAINT "group_menus_user_group_code_menu_id_pk" PRIMARY KEY("user_group_code","menu_id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" varchar(30) NOT NULL,
	"invoice_series" varchar(10) NOT NULL,
	"invoice_no" varchar(20) NOT NULL,
	"tax_authority_code" varchar(40),
	"status" varchar(1) DEFAULT 'Y' NOT NULL,
	"amount" bigint NOT NULL,
	"issue_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_modes" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_mode_code" varchar(10) NOT NULL,
	"job_mode_name" text NOT NULL,
	"is_lolo" boolean DEFAULT false NOT NULL,
	"is_cfs_stuff" boolean DEFAULT false NOT NULL,
	"is_cfs_unstuff" boolean DEFAULT false NOT NULL,
	"is_cfs_change" boolean DEFAULT false NOT NULL,
	"is_service_yard" boolean DEFAULT false NOT NULL,
	"is_service_non_cont" boolean DEFAULT false NOT NULL,
	"extra_mode" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "job_modes_job_mode_code_unique" UNIQUE("job_mode_code")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" varchar(120) PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"menu_id" varchar(50) PRIMARY KEY NOT NULL,
	"parent_id" varchar(50),
	"menu_name" text NOT NULL,
	"path" varchar(200),
	"view_class" varchar(50),
	"view_page" varchar(100),
	"icon" varchar(50),
	"order_by" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_containers" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" varchar(30) NOT NULL,
	"container_no" varchar(11) NOT NULL,
	"iso_sizetype" varchar(4) NOT NULL,
	"fe" varchar(1) NOT NULL,
	"teu" smallint NOT NULL,
	"cargo_type_code" varchar(3),
	"commodity" text,
	"class_code" smallint,
	"is_local_foreign" varchar(1),
	"pol" varchar(5),
	"pod" varchar(5),
	"fpod" varchar(5),
	"mc_weight" numeric(10, 2),
	"seal_no" varchar(30),
	"cus_hold" boolean,
	"temperature" numeric(5, 1),
	"vent" varchar(10),
	"vent_unit" varchar(10),
	"imo_class" varchar(10),
	"unno" varchar(10),
	"oog_top" integer,
	"oog_left" integer,
	"oog_right" integer,
	"oog_back" integer,
	"oog_front" integer,
	"amount" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" varchar(30) NOT NULL,
	"parent_order_no" varchar(30),
	"pin_code" varchar(30) NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"customer_code" varchar(20) NOT NULL,
	"job_mode_code" varchar(10) NOT NULL,
	"money_credit" varchar(1) NOT NULL,
	"order_status" varchar(1) DEFAULT 'A' NOT NULL,
	"total_amount" bigint NOT NULL,
	"currency_code" varchar(3) DEFAULT 'VND' NOT NULL,
	"operation_code" varchar(10),
	"vessel_key" varchar(30),
	"booking_no" varchar(50),
	"bl_no" varchar(50),
	"shipper_name" text,
	"exp_date" timestamp with time zone,
	"transaction_id" varchar(64),
	"skip_approval" boolean DEFAULT false NOT NULL,
	"is_auto_approved" boolean DEFAULT true NOT NULL,
	"source" varchar(3) DEFAULT 'SMP' NOT NULL,
	"note" text,
	"created_by" varchar(50),
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" varchar(30) NOT NULL,
	"partner_code" varchar(20) NOT NULL,
	"idempotency_key" varchar(80) NOT NULL,
	"amount" bigint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"transaction_id" varchar(64),
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"jti" uuid PRIMARY KEY NOT NULL,
	"user_id" varchar(50) NOT NULL,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"client_ip" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "shipping_lines" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_code" varchar(10) NOT NULL,
	"operation_name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_edo" boolean DEFAULT false NOT NULL,
	"is_lf" varchar(1),
	"money_credit" varchar(1) DEFAULT 'M' NOT NULL,
	CONSTRAINT "shipping_lines_operation_code_unique" UNIQUE("operation_code")
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"terminal_code" varchar(10) PRIMARY KEY NOT NULL,
	"terminal_name" text NOT NULL,
	"terminal_name_english" text NOT NULL,
	"address" text NOT NULL,
	"tel" varchar(50) NOT NULL,
	"fax" varchar(50) NOT NULL,
	"web" varchar(200) NOT NULL,
	"chart_color" varchar(9) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"user_group_code" varchar(50) PRIMARY KEY NOT NULL,
	"user_group_name" text NOT NULL,
	"rank" smallint DEFAULT 10 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" varchar(50) PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"user_group_code" varchar(50) NOT NULL,
	"terminal_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"customer_code" varchar(20),
	"email" varchar(200),
	"phone" varchar(30),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"rowguid" uuid DEFAULT gen_random_uuid() NOT NULL,
	CONSTRAINT "users_rowguid_unique" UNIQUE("rowguid")
);
--> statement-breakpoint
CREATE TABLE "vessel_voyages" (
	"vessel_key" varchar(30) PRIMARY KEY NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"vessel_name" text NOT NULL,
	"vessel_im_voy" varchar(20) NOT NULL,
	"vessel_ex_voy" varchar(20) NOT NULL,
	"operation_code" varchar(10),
	"eta" timestamp with time zone,
	"etb" timestamp with time zone,
	"etd" timestamp with time zone,
	"status" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_customer_type_code_customer_types_customer_type_code_fk" FOREIGN KEY ("customer_type_code") REFERENCES "public"."customer_types"("customer_type_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_menus" ADD CONSTRAINT "group_menus_user_group_code_user_groups_user_group_code_fk" FOREIGN KEY ("user_group_code") REFERENCES "public"."user_groups"("user_group_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_menus" ADD CONSTRAINT "group_menus_menu_id_menus_menu_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("menu_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_no_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."orders"("order_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_containers" ADD CONSTRAINT "order_containers_order_no_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."orders"("order_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_terminal_code_terminals_terminal_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("terminal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_no_orders_order_no_fk" FOREIGN KEY ("order_no") REFERENCES "public"."orders"("order_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_group_code_user_groups_user_group_code_fk" FOREIGN KEY ("user_group_code") REFERENCES "public"."user_groups"("user_group_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vessel_voyages" ADD CONSTRAINT "vessel_voyages_terminal_code_terminals_terminal_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("terminal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_tax_idx" ON "customers" USING btree ("tax_code");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_no_uq" ON "invoices" USING btree ("invoice_series","invoice_no");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "order_containers_order_idx" ON "order_containers" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "order_containers_cntr_idx" ON "order_containers" USING btree ("container_no");--> statement-breakpoint
CREATE INDEX "orders_terminal_created_idx" ON "orders" USING btree ("terminal_code","created_time");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_code");--> statement-breakpoint
CREATE INDEX "orders_pin_idx" ON "orders" USING btree ("pin_code");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_uq" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_group_idx" ON "users" USING btree ("user_group_code");--> statement-breakpoint
CREATE INDEX "vessel_voyages_terminal_etb_idx" ON "vessel_voyages" USING btree ("terminal_code","etb");