CREATE TABLE "customer_sales" (
	"customer_code" varchar(20) NOT NULL,
	"business_user_id" varchar(50) NOT NULL,
	CONSTRAINT "customer_sales_customer_code_business_user_id_pk" PRIMARY KEY("customer_code","business_user_id")
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"rowguid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"user_id" varchar(50) NOT NULL,
	"customer_code" varchar(20),
	"order_no" varchar(30),
	"pin_code" varchar(30),
	"screen_name" text,
	"job_mode_code" varchar(10),
	"question_code" integer NOT NULL,
	"rating" smallint,
	"rating_note" text,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_mb" (
	"grain" varchar(1) NOT NULL,
	"period_start" date NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"customer_code" varchar(20) NOT NULL,
	"pay_count" integer DEFAULT 0 NOT NULL,
	"pay_amount" bigint DEFAULT 0 NOT NULL,
	"service_fee" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_mb_grain_period_start_terminal_code_customer_code_pk" PRIMARY KEY("grain","period_start","terminal_code","customer_code")
);
--> statement-breakpoint
CREATE TABLE "stats_order_delta" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"customer_code" varchar(20) NOT NULL,
	"user_id" varchar(50) NOT NULL,
	"job_mode_code" varchar(10) NOT NULL,
	"source" varchar(3) NOT NULL,
	"is_auto_approved" boolean NOT NULL,
	"order_status" varchar(1) NOT NULL,
	"order_count" integer NOT NULL,
	"container_count" integer NOT NULL,
	"total_teus" integer NOT NULL,
	"total_amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_order_facts" (
	"order_no" varchar(30) PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"customer_code" varchar(20) NOT NULL,
	"user_id" varchar(50) NOT NULL,
	"job_mode_code" varchar(10) NOT NULL,
	"source" varchar(3) NOT NULL,
	"is_auto_approved" boolean NOT NULL,
	"order_status" varchar(1) NOT NULL,
	"container_count" integer NOT NULL,
	"total_teus" integer NOT NULL,
	"total_amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_party" (
	"grain" varchar(1) NOT NULL,
	"period_start" date NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"customer_code" varchar(20) NOT NULL,
	"user_id" varchar(50) NOT NULL,
	"job_mode_code" varchar(10) NOT NULL,
	"source" varchar(3) NOT NULL,
	"is_auto_approved" boolean NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"container_count" integer DEFAULT 0 NOT NULL,
	"total_teus" integer DEFAULT 0 NOT NULL,
	"total_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_party_grain_period_start_terminal_code_customer_code_user_id_job_mode_code_source_is_auto_approved_pk" PRIMARY KEY("grain","period_start","terminal_code","customer_code","user_id","job_mode_code","source","is_auto_approved")
);
--> statement-breakpoint
CREATE TABLE "stats_personal" (
	"grain" varchar(1) NOT NULL,
	"period_start" date NOT NULL,
	"user_id" varchar(50) NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"status" varchar(2) NOT NULL,
	"job_mode_code" varchar(10) NOT NULL,
	"counting" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_personal_grain_period_start_user_id_terminal_code_kind_status_job_mode_code_pk" PRIMARY KEY("grain","period_start","user_id","terminal_code","kind","status","job_mode_code")
);
--> statement-breakpoint
CREATE TABLE "stats_rating" (
	"grain" varchar(1) NOT NULL,
	"period_start" date NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"customer_code" varchar(20) NOT NULL,
	"user_id" varchar(50) NOT NULL,
	"question_code" integer NOT NULL,
	"total_rating" integer DEFAULT 0 NOT NULL,
	"count_rating" integer DEFAULT 0 NOT NULL,
	"count1" integer DEFAULT 0 NOT NULL,
	"count2" integer DEFAULT 0 NOT NULL,
	"count3" integer DEFAULT 0 NOT NULL,
	"count4" integer DEFAULT 0 NOT NULL,
	"count5" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_rating_grain_period_start_terminal_code_customer_code_user_id_question_code_pk" PRIMARY KEY("grain","period_start","terminal_code","customer_code","user_id","question_code")
);
--> statement-breakpoint
CREATE TABLE "stats_terminal" (
	"grain" varchar(1) NOT NULL,
	"period_start" date NOT NULL,
	"terminal_code" varchar(10) NOT NULL,
	"job_mode_code" varchar(10) NOT NULL,
	"source" varchar(3) NOT NULL,
	"is_auto_approved" boolean NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"container_count" integer DEFAULT 0 NOT NULL,
	"total_teus" integer DEFAULT 0 NOT NULL,
	"total_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_terminal_grain_period_start_terminal_code_job_mode_code_source_is_auto_approved_pk" PRIMARY KEY("grain","period_start","terminal_code","job_mode_code","source","is_auto_approved")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "service_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_sales" ADD CONSTRAINT "customer_sales_business_user_id_users_user_id_fk" FOREIGN KEY ("business_user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_terminal_code_terminals_terminal_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("terminal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ratings_terminal_time_idx" ON "ratings" USING btree ("terminal_code","created_time");--> statement-breakpoint
CREATE INDEX "ratings_user_time_idx" ON "ratings" USING btree ("user_id","created_time");--> statement-breakpoint
CREATE INDEX "stats_party_customer_idx" ON "stats_party" USING btree ("customer_code","grain","period_start");--> statement-breakpoint
CREATE INDEX "stats_party_user_idx" ON "stats_party" USING btree ("user_id","grain","period_start");--> statement-breakpoint
CREATE INDEX "stats_personal_user_idx" ON "stats_personal" USING btree ("user_id","kind","grain","period_start");--> statement-breakpoint
-- Statistics rollups (issue 11): kept by statement triggers in the transaction that changes orders,
-- containers, payments, invoices or ratings. Days are Vietnam days (UTC+7, no daylight saving).
CREATE FUNCTION stats_vn_day(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((t AT TIME ZONE 'UTC') + interval '7 hours')::date
$$;
--> statement-breakpoint
-- Folds the pending order deltas into the cubes, at day ('D') and month ('M') grain.
CREATE FUNCTION stats_fold_orders() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (DELETE FROM stats_order_delta RETURNING *),
  g AS (
    SELECT 'D'::varchar AS grain, d.day AS period_start, d.terminal_code, d.customer_code, d.user_id, d.job_mode_code, d.source,
           d.is_auto_approved, d.order_status, d.order_count, d.container_count, d.total_teus, d.total_amount FROM d
    UNION ALL
    SELECT 'M', date_trunc('month', d.day)::date, d.terminal_code, d.customer_code, d.user_id, d.job_mode_code, d.source,
           d.is_auto_approved, d.order_status, d.order_count, d.container_count, d.total_teus, d.total_amount FROM d
  ),
  t AS (
    INSERT INTO stats_terminal AS s (grain, period_start, terminal_code, job_mode_code, source, is_auto_approved,
                                     order_count, container_count, total_teus, total_amount)
    SELECT grain, period_start, terminal_code, job_mode_code, source, is_auto_approved,
           sum(order_count)::int, sum(container_count)::int, sum(total_teus)::int, sum(total_amount)
      FROM g WHERE order_status <> 'D'
     GROUP BY grain, period_start, terminal_code, job_mode_code, source, is_auto_approved
    ON CONFLICT (grain, period_start, terminal_code, job_mode_code, source, is_auto_approved) DO UPDATE SET
      order_count = s.order_count + excluded.order_count, container_count = s.container_count + excluded.container_count,
      total_teus = s.total_teus + excluded.total_teus, total_amount = s.total_amount + excluded.total_amount
    RETURNING 1
  ),
  p AS (
    INSERT INTO stats_party AS s (grain, period_start, terminal_code, customer_code, user_id, job_mode_code, source, is_auto_approved,
                                  order_count, container_count, total_teus, total_amount)
    SELECT grain, period_start, terminal_code, customer_code, user_id, job_mode_code, source, is_auto_approved,
           sum(order_count)::int, sum(container_count)::int, sum(total_teus)::int, sum(total_amount)
      FROM g WHERE order_status <> 'D'
     GROUP BY grain, period_start, terminal_code, customer_code, user_id, job_mode_code, source, is_auto_approved
    ON CONFLICT (grain, period_start, terminal_code, customer_code, user_id, job_mode_code, source, is_auto_approved) DO UPDATE SET
      order_count = s.order_count + excluded.order_count, container_count = s.container_count + excluded.container_count,
      total_teus = s.total_teus + excluded.total_teus, total_amount = s.total_amount + excluded.total_amount
    RETURNING 1
  )
  INSERT INTO stats_personal AS s (grain, period_start, user_id, terminal_code, kind, status, job_mode_code, counting)
  SELECT grain, period_start, user_id, terminal_code, 'order', order_status, job_mode_code, sum(order_count)::int
    FROM g WHERE order_count <> 0 AND user_id <> ''
   GROUP BY grain, period_start, user_id, terminal_code, order_status, job_mode_code
  ON CONFLICT (grain, period_start, user_id, terminal_code, kind, status, job_mode_code) DO UPDATE SET
    counting = s.counting + excluded.counting;
END $$;
--> statement-breakpoint
-- Takes orders out of the rollups: their recorded facts, negated. A deleted order keeps its facts row
-- as a tombstone (status 'X', counted nowhere): its payments and invoices, deleted by the foreign
-- keys' cascade after this trigger, still find their terminal, customer and creator there.
CREATE FUNCTION stats_facts_out(nos text[], deleted boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stats_order_delta (day, terminal_code, customer_code, user_id, job_mode_code, source, is_auto_approved, order_status,
                                 order_count, container_count, total_teus, total_amount)
  SELECT day, terminal_code, customer_code, user_id, job_mode_code, source, is_auto_approved, order_status,
         -1, -container_count, -total_teus, -total_amount
    FROM stats_order_facts WHERE order_no = ANY(nos) AND order_status <> 'X';
  IF deleted THEN
    UPDATE stats_order_facts SET order_status = 'X', container_count = 0, total_teus = 0, total_amount = 0 WHERE order_no = ANY(nos);
  ELSE
    DELETE FROM stats_order_facts WHERE order_no = ANY(nos);
  END IF;
END $$;
--> statement-breakpoint
-- Puts orders (as they are now, with their containers) into the rollups and records their facts.
CREATE FUNCTION stats_facts_in(nos text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH f AS (
    INSERT INTO stats_order_facts (order_no, day, terminal_code, customer_code, user_id, job_mode_code, source, is_auto_approved,
                                   order_status, container_count, total_teus, total_amount)
    SELECT o.order_no, stats_vn_day(o.created_time), o.terminal_code, o.customer_code, coalesce(o.created_by, ''), o.job_mode_code,
           o.source, o.is_auto_approved, o.order_status, coalesce(c.n, 0), coalesce(c.teus, 0), o.total_amount
      FROM orders o
      LEFT JOIN (SELECT order_no, count(*)::int n, sum(teu)::int teus FROM order_containers
                  WHERE order_no = ANY(nos) GROUP BY order_no) c ON c.order_no = o.order_no
     WHERE o.order_no = ANY(nos)
    ON CONFLICT (order_no) DO UPDATE SET day = excluded.day, terminal_code = excluded.terminal_code,
      customer_code = excluded.customer_code, user_id = excluded.user_id, job_mode_code = excluded.job_mode_code,
      source = excluded.source, is_auto_approved = excluded.is_auto_approved, order_status = excluded.order_status,
      container_count = excluded.container_count, total_teus = excluded.total_teus, total_amount = excluded.total_amount
    RETURNING *
  )
  INSERT INTO stats_order_delta (day, terminal_code, customer_code, user_id, job_mode_code, source, is_auto_approved, order_status,
                                 order_count, container_count, total_teus, total_amount)
  SELECT day, terminal_code, customer_code, user_id, job_mode_code, source, is_auto_approved, order_status,
         1, container_count, total_teus, total_amount
    FROM f;
END $$;
--> statement-breakpoint
CREATE FUNCTION stats_orders_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_facts_in(ARRAY(SELECT order_no::text FROM new_rows));
  PERFORM stats_fold_orders();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION stats_orders_upd() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_nos text[];
  new_nos text[];
BEGIN
  -- Only orders whose counted keys or figures changed (a payment's transaction id changes nothing here).
  SELECT array_agg(o.order_no::text), array_agg(n.order_no::text) INTO old_nos, new_nos
    FROM old_rows o JOIN new_rows n ON n.rowguid = o.rowguid
   WHERE (o.order_no, o.created_time, o.terminal_code, o.customer_code, o.created_by, o.job_mode_code, o.source,
          o.is_auto_approved, o.order_status, o.total_amount)
         IS DISTINCT FROM
         (n.order_no, n.created_time, n.terminal_code, n.customer_code, n.created_by, n.job_mode_code, n.source,
          n.is_auto_approved, n.order_status, n.total_amount);
  IF old_nos IS NULL THEN RETURN NULL; END IF;
  PERFORM stats_facts_out(old_nos, false);
  PERFORM stats_facts_in(new_nos);
  PERFORM stats_fold_orders();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION stats_orders_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_facts_out(ARRAY(SELECT order_no::text FROM old_rows), true);
  PERFORM stats_fold_orders();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_orders_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_orders_ins();
--> statement-breakpoint
CREATE TRIGGER stats_orders_upd AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_orders_upd();
--> statement-breakpoint
CREATE TRIGGER stats_orders_del AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_orders_del();
--> statement-breakpoint
-- Containers: TG_ARGV[0] is the sign; an update runs as the old rows out (-1) and the new rows in (+1).
CREATE FUNCTION stats_containers_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sgn int := TG_ARGV[0]::int;
BEGIN
  WITH c AS (SELECT order_no, count(*)::int n, sum(teu)::int teus FROM changed_rows GROUP BY order_no),
  f AS (
    UPDATE stats_order_facts f SET container_count = f.container_count + sgn * c.n, total_teus = f.total_teus + sgn * c.teus
      FROM c WHERE f.order_no = c.order_no AND f.order_status <> 'X'
    RETURNING f.*, c.n AS dn, c.teus AS dteus
  )
  INSERT INTO stats_order_delta (day, terminal_code, customer_code, user_id, job_mode_code, source, is_auto_approved, order_status,
                                 order_count, container_count, total_teus, total_amount)
  SELECT day, terminal_code, customer_code, user_id, job_mode_code, source, is_auto_approved, order_status,
         0, sgn * dn, sgn * dteus, 0
    FROM f;
  PERFORM stats_fold_orders();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_containers_ins AFTER INSERT ON order_containers REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_containers_apply('1');
--> statement-breakpoint
CREATE TRIGGER stats_containers_upd_1_old AFTER UPDATE ON order_containers REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_containers_apply('-1');
--> statement-breakpoint
CREATE TRIGGER stats_containers_upd_2_new AFTER UPDATE ON order_containers REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_containers_apply('1');
--> statement-breakpoint
CREATE TRIGGER stats_containers_del AFTER DELETE ON order_containers REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_containers_apply('-1');
--> statement-breakpoint
-- Payments: the MB summary (successful MB payments) and the personal transaction counts.
CREATE FUNCTION stats_payments_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sgn int := TG_ARGV[0]::int;
BEGIN
  WITH r AS (
    SELECT p.*, f.terminal_code, f.customer_code, f.job_mode_code FROM changed_rows p JOIN stats_order_facts f ON f.order_no = p.order_no
  ),
  g AS (
    SELECT 'D'::varchar grain, stats_vn_day(coalesce(completed_time, created_time)) period_start, * FROM r WHERE status = 1 AND partner_code = 'MB'
    UNION ALL
    SELECT 'M', date_trunc('month', stats_vn_day(coalesce(completed_time, created_time)))::date, * FROM r WHERE status = 1 AND partner_code = 'MB'
  ),
  m AS (
    INSERT INTO stats_mb AS s (grain, period_start, terminal_code, customer_code, pay_count, pay_amount, service_fee)
    SELECT grain, period_start, terminal_code, customer_code, sgn * count(*)::int, sgn * sum(amount), sgn * sum(service_fee)
      FROM g GROUP BY grain, period_start, terminal_code, customer_code
    ON CONFLICT (grain, period_start, terminal_code, customer_code) DO UPDATE SET
      pay_count = s.pay_count + excluded.pay_count, pay_amount = s.pay_amount + excluded.pay_amount,
      service_fee = s.service_fee + excluded.service_fee
    RETURNING 1
  ),
  u AS (
    SELECT 'D'::varchar grain, stats_vn_day(created_time) period_start, * FROM r WHERE user_id IS NOT NULL
    UNION ALL
    SELECT 'M', date_trunc('month', stats_vn_day(created_time))::date, * FROM r WHERE user_id IS NOT NULL
  )
  INSERT INTO stats_personal AS s (grain, period_start, user_id, terminal_code, kind, status, job_mode_code, counting)
  SELECT grain, period_start, user_id, terminal_code, 'transaction', status::text, job_mode_code, sgn * count(*)::int
    FROM u GROUP BY grain, period_start, user_id, terminal_code, status, job_mode_code
  ON CONFLICT (grain, period_start, user_id, terminal_code, kind, status, job_mode_code) DO UPDATE SET
    counting = s.counting + excluded.counting;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_payments_ins AFTER INSERT ON payments REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_payments_apply('1');
--> statement-breakpoint
CREATE TRIGGER stats_payments_upd_1_old AFTER UPDATE ON payments REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_payments_apply('-1');
--> statement-breakpoint
CREATE TRIGGER stats_payments_upd_2_new AFTER UPDATE ON payments REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_payments_apply('1');
--> statement-breakpoint
CREATE TRIGGER stats_payments_del AFTER DELETE ON payments REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_payments_apply('-1');
--> statement-breakpoint
-- Invoices: the personal invoice counts, by the creator of the invoice's order.
CREATE FUNCTION stats_invoices_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sgn int := TG_ARGV[0]::int;
BEGIN
  WITH r AS (
    SELECT i.status, i.issue_date, f.user_id, f.terminal_code, f.job_mode_code
      FROM changed_rows i JOIN stats_order_facts f ON f.order_no = i.order_no WHERE f.user_id <> ''
  ),
  u AS (
    SELECT 'D'::varchar grain, stats_vn_day(issue_date) period_start, * FROM r
    UNION ALL
    SELECT 'M', date_trunc('month', stats_vn_day(issue_date))::date, * FROM r
  )
  INSERT INTO stats_personal AS s (grain, period_start, user_id, terminal_code, kind, status, job_mode_code, counting)
  SELECT grain, period_start, user_id, terminal_code, 'invoice', status, job_mode_code, sgn * count(*)::int
    FROM u GROUP BY grain, period_start, user_id, terminal_code, status, job_mode_code
  ON CONFLICT (grain, period_start, user_id, terminal_code, kind, status, job_mode_code) DO UPDATE SET
    counting = s.counting + excluded.counting;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_invoices_ins AFTER INSERT ON invoices REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_invoices_apply('1');
--> statement-breakpoint
CREATE TRIGGER stats_invoices_upd_1_old AFTER UPDATE ON invoices REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_invoices_apply('-1');
--> statement-breakpoint
CREATE TRIGGER stats_invoices_upd_2_new AFTER UPDATE ON invoices REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_invoices_apply('1');
--> statement-breakpoint
CREATE TRIGGER stats_invoices_del AFTER DELETE ON invoices REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_invoices_apply('-1');
--> statement-breakpoint
-- Ratings: star sums and counts per criterion.
CREATE FUNCTION stats_ratings_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sgn int := TG_ARGV[0]::int;
BEGIN
  WITH g AS (
    SELECT 'D'::varchar grain, stats_vn_day(created_time) period_start, * FROM changed_rows
    UNION ALL
    SELECT 'M', date_trunc('month', stats_vn_day(created_time))::date, * FROM changed_rows
  )
  INSERT INTO stats_rating AS s (grain, period_start, terminal_code, customer_code, user_id, question_code,
                                 total_rating, count_rating, count1, count2, count3, count4, count5)
  SELECT grain, period_start, terminal_code, coalesce(customer_code, ''), user_id, question_code,
         sgn * coalesce(sum(rating), 0)::int, sgn * count(*)::int,
         sgn * count(*) FILTER (WHERE rating = 1)::int, sgn * count(*) FILTER (WHERE rating = 2)::int,
         sgn * count(*) FILTER (WHERE rating = 3)::int, sgn * count(*) FILTER (WHERE rating = 4)::int,
         sgn * count(*) FILTER (WHERE rating = 5)::int
    FROM g GROUP BY grain, period_start, terminal_code, coalesce(customer_code, ''), user_id, question_code
  ON CONFLICT (grain, period_start, terminal_code, customer_code, user_id, question_code) DO UPDATE SET
    total_rating = s.total_rating + excluded.total_rating, count_rating = s.count_rating + excluded.count_rating,
    count1 = s.count1 + excluded.count1, count2 = s.count2 + excluded.count2, count3 = s.count3 + excluded.count3,
    count4 = s.count4 + excluded.count4, count5 = s.count5 + excluded.count5;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_ratings_ins AFTER INSERT ON ratings REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_ratings_apply('1');
--> statement-breakpoint
CREATE TRIGGER stats_ratings_upd_1_old AFTER UPDATE ON ratings REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_ratings_apply('-1');
--> statement-breakpoint
CREATE TRIGGER stats_ratings_upd_2_new AFTER UPDATE ON ratings REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_ratings_apply('1');
--> statement-breakpoint
CREATE TRIGGER stats_ratings_del AFTER DELETE ON ratings REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_ratings_apply('-1');
