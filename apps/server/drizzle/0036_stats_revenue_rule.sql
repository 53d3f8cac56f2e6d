-- hand-written, first (the rollups are rebuilt at the end): the cubes' keys change, so their rows go before the new
-- NOT NULL columns and primary keys are added.
TRUNCATE stats_order_facts, stats_order_delta, stats_terminal, stats_party;--> statement-breakpoint
DELETE FROM stats_personal WHERE kind = 'order';--> statement-breakpoint
ALTER TABLE "stats_party" DROP CONSTRAINT "stats_party_grain_period_start_terminal_code_customer_code_user_id_job_mode_code_source_is_auto_approved_pk";--> statement-breakpoint
ALTER TABLE "stats_terminal" DROP CONSTRAINT "stats_terminal_grain_period_start_terminal_code_job_mode_code_source_is_auto_approved_pk";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expired_unpaid_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_unpaid_expiry_idx" ON "orders" USING btree ("exp_date") WHERE "orders"."order_status" = 'A' and "orders"."expired_unpaid_at" is null;--> statement-breakpoint
ALTER TABLE "stats_order_delta" DROP COLUMN "is_auto_approved";--> statement-breakpoint
ALTER TABLE "stats_order_facts" DROP COLUMN "is_auto_approved";--> statement-breakpoint
ALTER TABLE "stats_party" DROP COLUMN "is_auto_approved";--> statement-breakpoint
ALTER TABLE "stats_terminal" DROP COLUMN "is_auto_approved";--> statement-breakpoint
ALTER TABLE "stats_order_delta" ADD COLUMN "state" varchar(1) NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_order_delta" ADD COLUMN "wait_seconds" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_order_facts" ADD COLUMN "state" varchar(1) NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_order_facts" ADD COLUMN "approved_by" varchar(50) NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_order_facts" ADD COLUMN "wait_seconds" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_party" ADD COLUMN "state" varchar(1) NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_party" ADD COLUMN "wait_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_terminal" ADD COLUMN "state" varchar(1) NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_terminal" ADD COLUMN "wait_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_party" ADD CONSTRAINT "stats_party_grain_period_start_terminal_code_customer_code_user_id_job_mode_code_source_state_pk" PRIMARY KEY("grain","period_start","terminal_code","customer_code","user_id","job_mode_code","source","state");--> statement-breakpoint
ALTER TABLE "stats_terminal" ADD CONSTRAINT "stats_terminal_grain_period_start_terminal_code_job_mode_code_source_state_pk" PRIMARY KEY("grain","period_start","terminal_code","job_mode_code","source","state");
--> statement-breakpoint
-- hand-written (keep at merge)
-- Which orders the statistics count (docs/decisions.md "Which orders the statistics count"): an order's state.
-- A approved automatically, M approved by staff, P paid and waiting in 'Duyệt lệnh' (these three count), W a pay-later
-- order waiting in 'Duyệt lệnh', U unpaid and not expired (both shown apart), O out (cancelled, rejected, expired unpaid).
CREATE FUNCTION stats_order_state(status text, auto boolean, paid boolean, expired boolean) RETURNS varchar
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN status = 'C' THEN CASE WHEN auto THEN 'A' ELSE 'M' END
              WHEN status = 'P' THEN CASE WHEN paid THEN 'P' ELSE 'W' END
              WHEN status = 'A' AND NOT expired THEN 'U'
              ELSE 'O' END
$$;
--> statement-breakpoint
-- A staff approval's wait: from entering 'Duyệt lệnh' to the approval, whole seconds (0 for any other state).
CREATE FUNCTION stats_order_wait(state text, approved timestamptz, waiting timestamptz) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN state = 'M' THEN coalesce(greatest(0, floor(extract(epoch FROM approved - waiting)))::bigint, 0) ELSE 0 END
$$;
--> statement-breakpoint
-- Every path that puts an order in 'Duyệt lệnh' (payment, pay-later confirmation, customs wait) records when.
CREATE FUNCTION orders_waiting_since() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.waiting_since := CASE WHEN TG_OP = 'INSERT' THEN coalesce(NEW.created_time, now()) ELSE now() END;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_waiting_since_ins BEFORE INSERT ON orders FOR EACH ROW
  WHEN (NEW.order_status = 'P' AND NEW.waiting_since IS NULL) EXECUTE FUNCTION orders_waiting_since();
--> statement-breakpoint
CREATE TRIGGER orders_waiting_since_upd BEFORE UPDATE OF order_status ON orders FOR EACH ROW
  WHEN (NEW.order_status = 'P' AND OLD.order_status <> 'P') EXECUTE FUNCTION orders_waiting_since();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_fold_orders() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (DELETE FROM stats_order_delta RETURNING *),
  g AS (
    SELECT 'D'::varchar AS grain, d.day AS period_start, d.terminal_code, d.customer_code, d.user_id, d.job_mode_code, d.source,
           d.state, d.order_status, d.order_count, d.container_count, d.total_teus, d.total_amount, d.wait_seconds FROM d
    UNION ALL
    SELECT 'M', date_trunc('month', d.day)::date, d.terminal_code, d.customer_code, d.user_id, d.job_mode_code, d.source,
           d.state, d.order_status, d.order_count, d.container_count, d.total_teus, d.total_amount, d.wait_seconds FROM d
  ),
  t AS (
    INSERT INTO stats_terminal AS s (grain, period_start, terminal_code, job_mode_code, source, state,
                                     order_count, container_count, total_teus, total_amount, wait_seconds)
    SELECT grain, period_start, terminal_code, job_mode_code, source, state,
           sum(order_count)::int, sum(container_count)::int, sum(total_teus)::int, sum(total_amount), sum(wait_seconds)
      FROM g WHERE state <> 'O'
     GROUP BY grain, period_start, terminal_code, job_mode_code, source, state
    ON CONFLICT (grain, period_start, terminal_code, job_mode_code, source, state) DO UPDATE SET
      order_count = s.order_count + excluded.order_count, container_count = s.container_count + excluded.container_count,
      total_teus = s.total_teus + excluded.total_teus, total_amount = s.total_amount + excluded.total_amount,
      wait_seconds = s.wait_seconds + excluded.wait_seconds
    RETURNING 1
  ),
  p AS (
    INSERT INTO stats_party AS s (grain, period_start, terminal_code, customer_code, user_id, job_mode_code, source, state,
                                  order_count, container_count, total_teus, total_amount, wait_seconds)
    SELECT grain, period_start, terminal_code, customer_code, user_id, job_mode_code, source, state,
           sum(order_count)::int, sum(container_count)::int, sum(total_teus)::int, sum(total_amount), sum(wait_seconds)
      FROM g WHERE state <> 'O'
     GROUP BY grain, period_start, terminal_code, customer_code, user_id, job_mode_code, source, state
    ON CONFLICT (grain, period_start, terminal_code, customer_code, user_id, job_mode_code, source, state) DO UPDATE SET
      order_count = s.order_count + excluded.order_count, container_count = s.container_count + excluded.container_count,
      total_teus = s.total_teus + excluded.total_teus, total_amount = s.total_amount + excluded.total_amount,
      wait_seconds = s.wait_seconds + excluded.wait_seconds
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
CREATE OR REPLACE FUNCTION stats_facts_out(nos text[], deleted boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stats_order_delta (day, terminal_code, customer_code, user_id, job_mode_code, source, state, order_status,
                                 order_count, container_count, total_teus, total_amount, wait_seconds)
  SELECT day, terminal_code, customer_code, user_id, job_mode_code, source, state, order_status,
         -1, -container_count, -total_teus, -total_amount, -wait_seconds
    FROM stats_order_facts WHERE order_no = ANY(nos) AND order_status <> 'X';
  IF deleted THEN
    UPDATE stats_order_facts SET order_status = 'X', state = 'O', container_count = 0, total_teus = 0, total_amount = 0, wait_seconds = 0
     WHERE order_no = ANY(nos);
  ELSE
    DELETE FROM stats_order_facts WHERE order_no = ANY(nos);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_facts_in(nos text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH o AS (
    SELECT o.*, stats_order_state(o.order_status, o.is_auto_approved, o.transaction_id IS NOT NULL, o.expired_unpaid_at IS NOT NULL) AS state
      FROM orders o WHERE o.order_no = ANY(nos)
  ),
  f AS (
    INSERT INTO stats_order_facts (order_no, day, terminal_code, customer_code, user_id, job_mode_code, source, state,
                                   order_status, container_count, total_teus, total_amount, approved_by, wait_seconds)
    SELECT o.order_no, stats_vn_day(o.created_time), o.terminal_code, o.customer_code, coalesce(o.created_by, ''), o.job_mode_code,
           o.source, o.state, o.order_status, coalesce(c.n, 0), coalesce(c.teus, 0), o.total_amount,
           CASE WHEN o.state = 'M' THEN coalesce(o.approved_by, '') ELSE '' END, stats_order_wait(o.state, o.approved_time, o.waiting_since)
      FROM o
      LEFT JOIN (SELECT order_no, count(*)::int n, sum(teu)::int teus FROM order_containers
                  WHERE order_no = ANY(nos) GROUP BY order_no) c ON c.order_no = o.order_no
    ON CONFLICT (order_no) DO UPDATE SET day = excluded.day, terminal_code = excluded.terminal_code,
      customer_code = excluded.customer_code, user_id = excluded.user_id, job_mode_code = excluded.job_mode_code,
      source = excluded.source, state = excluded.state, order_status = excluded.order_status,
      container_count = excluded.container_count, total_teus = excluded.total_teus, total_amount = excluded.total_amount,
      approved_by = excluded.approved_by, wait_seconds = excluded.wait_seconds
    RETURNING *
  )
  INSERT INTO stats_order_delta (day, terminal_code, customer_code, user_id, job_mode_code, source, state, order_status,
                                 order_count, container_count, total_teus, total_amount, wait_seconds)
  SELECT day, terminal_code, customer_code, user_id, job_mode_code, source, state, order_status,
         1, container_count, total_teus, total_amount, wait_seconds
    FROM f;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_orders_upd() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_nos text[];
  new_nos text[];
BEGIN
  -- Only orders whose counted keys, figures or state changed (a payment's transaction id counts only as paid / not paid).
  SELECT array_agg(o.order_no::text), array_agg(n.order_no::text) INTO old_nos, new_nos
    FROM old_rows o JOIN new_rows n ON n.rowguid = o.rowguid
   WHERE (o.order_no, o.created_time, o.terminal_code, o.customer_code, o.created_by, o.job_mode_code, o.source,
          o.is_auto_approved, o.order_status, o.total_amount, o.transaction_id IS NULL, o.expired_unpaid_at IS NULL,
          o.approved_by, o.approved_time, o.waiting_since)
         IS DISTINCT FROM
         (n.order_no, n.created_time, n.terminal_code, n.customer_code, n.created_by, n.job_mode_code, n.source,
          n.is_auto_approved, n.order_status, n.total_amount, n.transaction_id IS NULL, n.expired_unpaid_at IS NULL,
          n.approved_by, n.approved_time, n.waiting_since);
  IF old_nos IS NULL THEN RETURN NULL; END IF;
  PERFORM stats_facts_out(old_nos, false);
  PERFORM stats_facts_in(new_nos);
  PERFORM stats_fold_orders();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_containers_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sgn int := TG_ARGV[0]::int;
BEGIN
  WITH c AS (SELECT order_no, count(*)::int n, sum(teu)::int teus FROM changed_rows GROUP BY order_no),
  f AS (
    UPDATE stats_order_facts f SET container_count = f.container_count + sgn * c.n, total_teus = f.total_teus + sgn * c.teus
      FROM c WHERE f.order_no = c.order_no AND f.order_status <> 'X'
    RETURNING f.*, c.n AS dn, c.teus AS dteus
  )
  INSERT INTO stats_order_delta (day, terminal_code, customer_code, user_id, job_mode_code, source, state, order_status,
                                 order_count, container_count, total_teus, total_amount, wait_seconds)
  SELECT day, terminal_code, customer_code, user_id, job_mode_code, source, state, order_status,
         0, sgn * dn, sgn * dteus, 0, 0
    FROM f;
  PERFORM stats_fold_orders();
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Orders already waiting or approved: their wait starts at their payment, else at their creation (pay-later
-- confirmations were not timed before this migration). Unpaid orders already past their expiry are expired.
UPDATE orders o SET waiting_since = coalesce(
    (SELECT max(p.completed_time) FROM payments p WHERE p.order_no = o.order_no AND p.status = 1), o.created_time)
 WHERE o.order_status IN ('P', 'C') AND o.waiting_since IS NULL;
--> statement-breakpoint
UPDATE orders SET expired_unpaid_at = exp_date WHERE order_status = 'A' AND expired_unpaid_at IS NULL AND exp_date <= now();
--> statement-breakpoint
-- The rollups again from the orders under the rule (the updates above went through the triggers: start clean).
TRUNCATE stats_order_facts, stats_order_delta, stats_terminal, stats_party;
--> statement-breakpoint
DELETE FROM stats_personal WHERE kind = 'order';
--> statement-breakpoint
SELECT stats_facts_in(ARRAY(SELECT order_no::text FROM orders));
--> statement-breakpoint
SELECT stats_fold_orders();
