-- The dashboard's figures at 1,000,000 orders (issue 18; docs/dashboard.md): maintained
-- aggregates, kept by triggers on orders and order_lines in the same transaction as the order,
-- so a widget sums a few thousand rows instead of reading the orders of its period.
-- Mirrored in src/db/schema/dashboard.ts.
--
-- What counts: every order except a failed one (processing_status 'failed': nothing was
-- delivered, it is not a sale); an order that fails leaves the figures, one retried comes back.
-- The business day is the Asia/Tokyo calendar day of purchased_at (BUSINESS_TIME_ZONE).
--
-- Each figure is kept at two levels, the partner's own rows and the rows of every partner
-- (partner_id = the nil uuid, dashboard_all_partners()), and the eSIM counts at two grains, the
-- business day and the calendar month (period_start = its first day, the sum of its days): a
-- period of three years reads ~36 month rows per key and at most ~30 day rows (grainRanges in
-- src/areas/dashboard/period.ts). A purchase of one plan used in one country writes 6 rows: 2 of
-- sales, 4 of eSIMs.
--
-- Rows are striped like orders_count_all (0019): an order adds to the stripe of its id, so
-- concurrent purchases of one partner on one day rarely wait for each other's commit on the
-- same row. Readers sum the stripes; the scheduled task dashboard.compactAggregates folds the
-- stripes of past days and months into stripe 0 and drops rows that sum to nothing.

-- Revenue (sum of final_price, whole JPY) and orders per business day.
CREATE TABLE dashboard_sales (
  partner_id uuid NOT NULL,
  business_day date NOT NULL,
  stripe smallint NOT NULL,
  orders bigint NOT NULL,
  revenue bigint NOT NULL,
  PRIMARY KEY (partner_id, business_day, stripe)
);

-- eSIMs per product (package plan) and country of use (dashboard_line_countries()), one table for
-- both widgets so that a purchase writes each row once: `esims` counts a line's quantity once (on
-- the row of its first country, or of country '' when it has none): the plan ratio sums it per
-- product; `country_esims` counts it in each of its countries: the users-by-country widget sums it
-- per country ('' left out). An eSIM used in two countries is one eSIM of its plan and a user in
-- each country.
CREATE TABLE dashboard_esims (
  partner_id uuid NOT NULL,
  grain text NOT NULL CHECK (grain IN ('day', 'month')),
  period_start date NOT NULL,
  product_id uuid NOT NULL,
  country text NOT NULL,
  stripe smallint NOT NULL,
  esims bigint NOT NULL,
  country_esims bigint NOT NULL,
  PRIMARY KEY (partner_id, grain, period_start, product_id, country, stripe)
);

-- The rows still striped (today's, this month's, and a past period an order's change touched):
-- what the compaction task folds into stripe 0. Small, and it leaves updates HOT (the stripe
-- never changes).
CREATE INDEX dashboard_sales_striped_idx ON dashboard_sales (business_day) WHERE stripe <> 0;
CREATE INDEX dashboard_esims_striped_idx ON dashboard_esims (period_start) WHERE stripe <> 0;

-- The partner admin's scope (decision 0019): the same two policies as orders. The rows of every
-- partner (the nil uuid) are never app_partner_id(), so a scoped transaction cannot see them.
ALTER TABLE dashboard_sales ENABLE ROW LEVEL SECURITY;
ALTER TABLE dashboard_sales FORCE ROW LEVEL SECURITY;
CREATE POLICY dashboard_sales_all ON dashboard_sales USING (true) WITH CHECK (true);
CREATE POLICY dashboard_sales_scope ON dashboard_sales AS RESTRICTIVE TO esim_partner_scope
  USING (partner_id = app_partner_id()) WITH CHECK (partner_id = app_partner_id());

ALTER TABLE dashboard_esims ENABLE ROW LEVEL SECURITY;
ALTER TABLE dashboard_esims FORCE ROW LEVEL SECURITY;
CREATE POLICY dashboard_esims_all ON dashboard_esims USING (true) WITH CHECK (true);
CREATE POLICY dashboard_esims_scope ON dashboard_esims AS RESTRICTIVE TO esim_partner_scope
  USING (partner_id = app_partner_id()) WITH CHECK (partner_id = app_partner_id());

-- ------------------------------------------------------------------ definitions

-- The key of the rows that sum every partner.
CREATE FUNCTION dashboard_all_partners() RETURNS uuid
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT '00000000-0000-0000-0000-000000000000'::uuid
$$;

-- The business day of an instant: its calendar day in Asia/Tokyo (no daylight saving time).
CREATE FUNCTION dashboard_business_day(at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (at AT TIME ZONE 'Asia/Tokyo')::date
$$;

CREATE FUNCTION dashboard_stripe(order_id uuid) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (hashtext(order_id::text) & 7)::smallint
$$;

-- Where an order line's eSIMs are used: the order's use countries when it names any (the
-- purchase checks each is in every line's coverage), else the line's coverage when that is one
-- country (a local plan); a regional plan bought without use countries counts in no country:
-- counting it in each of the 30 countries it covers would say 30 times more than was sold.
CREATE FUNCTION dashboard_line_countries(use_countries text[], coverage text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN cardinality(use_countries) > 0 THEN use_countries
    WHEN cardinality(coverage) = 1 THEN coverage
    ELSE '{}'::text[]
  END
$$;

-- ------------------------------------------------------------------ applying changes

CREATE TYPE dashboard_sales_delta AS (
  partner_id uuid,
  business_day date,
  stripe smallint,
  orders bigint,
  revenue bigint
);

CREATE TYPE dashboard_line_delta AS (
  partner_id uuid,
  business_day date,
  stripe smallint,
  countries text[],
  product_id uuid,
  esims bigint
);

-- Adds the deltas to the partner's rows and to every partner's. SECURITY DEFINER: a partner's own
-- staff purchase in a scoped transaction (row-level security), and their order must still count
-- in the rows of every partner, which that transaction may neither see nor write. Rows are
-- written in key order, so concurrent purchases lock them in the same order (no deadlock).
-- A generic plan: with the array's length known, PostgreSQL would plan the upsert again on every
-- call (0.3 ms, more than running it), as a custom plan always looks cheaper than the generic one.
CREATE FUNCTION dashboard_apply_sales(deltas dashboard_sales_delta[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF coalesce(cardinality(deltas), 0) = 0 THEN RETURN; END IF;
  INSERT INTO dashboard_sales AS t (partner_id, business_day, stripe, orders, revenue)
  SELECT s.partner_id, d.business_day, d.stripe, sum(d.orders), sum(d.revenue)
  FROM unnest(deltas) d
  CROSS JOIN LATERAL (VALUES (d.partner_id), (dashboard_all_partners())) s(partner_id)
  GROUP BY 1, 2, 3
  HAVING sum(d.orders) <> 0 OR sum(d.revenue) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (partner_id, business_day, stripe)
  DO UPDATE SET orders = t.orders + excluded.orders, revenue = t.revenue + excluded.revenue;
END $$;

CREATE FUNCTION dashboard_apply_lines(deltas dashboard_line_delta[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF coalesce(cardinality(deltas), 0) = 0 THEN RETURN; END IF;
  INSERT INTO dashboard_esims AS t (partner_id, grain, period_start, product_id, country, stripe,
    esims, country_esims)
  SELECT s.partner_id, g.grain, g.period_start, d.product_id, c.country, d.stripe,
    sum(CASE WHEN c.n = 1 THEN d.esims ELSE 0 END),
    sum(CASE WHEN c.country <> '' THEN d.esims ELSE 0 END)
  FROM unnest(deltas) d
  CROSS JOIN LATERAL unnest(CASE WHEN cardinality(d.countries) > 0 THEN d.countries
    ELSE ARRAY[''] END) WITH ORDINALITY c(country, n)
  CROSS JOIN LATERAL (VALUES (d.partner_id), (dashboard_all_partners())) s(partner_id)
  CROSS JOIN LATERAL (VALUES ('day', d.business_day),
    ('month', date_trunc('month', d.business_day::timestamp)::date)) g(grain, period_start)
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(CASE WHEN c.n = 1 THEN d.esims ELSE 0 END) <> 0
    OR sum(CASE WHEN c.country <> '' THEN d.esims ELSE 0 END) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (partner_id, grain, period_start, product_id, country, stripe)
  DO UPDATE SET esims = t.esims + excluded.esims,
    country_esims = t.country_esims + excluded.country_esims;
END $$;

-- ------------------------------------------------------------------ triggers on orders

-- Whether an order's change moves its sales (counted or not, partner, business day, final
-- price) or its eSIMs (counted or not, partner, business day, use countries). A payment or a
-- delivery step moves neither.
CREATE FUNCTION dashboard_sales_moved(o orders, n orders) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT (o.processing_status = 'failed') <> (n.processing_status = 'failed')
    OR o.partner_id <> n.partner_id
    OR dashboard_business_day(o.purchased_at) <> dashboard_business_day(n.purchased_at)
    OR o.final_price <> n.final_price
$$;

CREATE FUNCTION dashboard_esims_moved(o orders, n orders) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT (o.processing_status = 'failed') <> (n.processing_status = 'failed')
    OR o.partner_id <> n.partner_id
    OR dashboard_business_day(o.purchased_at) <> dashboard_business_day(n.purchased_at)
    OR o.use_countries <> n.use_countries
$$;

-- New orders: their sales. Their lines count through the trigger on order_lines, which fires
-- after this one when one statement writes both (the purchase does).
CREATE FUNCTION dashboard_orders_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_apply_sales(ARRAY(
    SELECT ROW(d.partner_id, d.business_day, d.stripe, d.orders, d.revenue)::dashboard_sales_delta
    FROM (
      SELECT n.partner_id, dashboard_business_day(n.purchased_at) AS business_day,
        dashboard_stripe(n.id) AS stripe, count(*) AS orders, sum(n.final_price) AS revenue
      FROM new_rows n
      WHERE n.processing_status <> 'failed'
      GROUP BY 1, 2, 3
    ) d));
  RETURN NULL;
END $$;

-- Changed orders: out of the figures as they were, into them as they are (order ids never
-- change). Sales first, then eSIMs, as a purchase writes them: the same lock order.
CREATE FUNCTION dashboard_orders_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE dashboard_sales_moved(o, n) OR dashboard_esims_moved(o, n)
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM dashboard_apply_sales(ARRAY(
    SELECT ROW(x.partner_id, dashboard_business_day(x.purchased_at), dashboard_stripe(x.id),
      x.sign, x.sign * x.final_price)::dashboard_sales_delta
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (
      SELECT o.id, o.partner_id, o.purchased_at, o.final_price, -1 AS sign
      WHERE o.processing_status <> 'failed'
      UNION ALL
      SELECT n.id, n.partner_id, n.purchased_at, n.final_price, 1
      WHERE n.processing_status <> 'failed'
    ) x
    WHERE dashboard_sales_moved(o, n)));
  PERFORM dashboard_apply_lines(ARRAY(
    SELECT ROW(x.partner_id, dashboard_business_day(x.purchased_at), dashboard_stripe(x.id),
      dashboard_line_countries(x.use_countries, l.coverage), l.product_id,
      x.sign * l.quantity)::dashboard_line_delta
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (
      SELECT o.id, o.partner_id, o.purchased_at, o.use_countries, -1 AS sign
      WHERE o.processing_status <> 'failed'
      UNION ALL
      SELECT n.id, n.partner_id, n.purchased_at, n.use_countries, 1
      WHERE n.processing_status <> 'failed'
    ) x
    JOIN order_lines l ON l.order_id = x.id
    WHERE dashboard_esims_moved(o, n)));
  RETURN NULL;
END $$;

CREATE FUNCTION dashboard_orders_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_apply_sales(ARRAY(
    SELECT ROW(d.partner_id, d.business_day, d.stripe, -d.orders, -d.revenue)::dashboard_sales_delta
    FROM (
      SELECT o.partner_id, dashboard_business_day(o.purchased_at) AS business_day,
        dashboard_stripe(o.id) AS stripe, count(*) AS orders, sum(o.final_price) AS revenue
      FROM old_rows o
      WHERE o.processing_status <> 'failed'
      GROUP BY 1, 2, 3
    ) d));
  RETURN NULL;
END $$;

-- A deleted order's lines go with it (ON DELETE CASCADE) after the order row is gone, when the
-- trigger on order_lines finds no order to count them by: they leave the figures here, while
-- the order can still be read.
CREATE FUNCTION dashboard_order_lines_leaving() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.processing_status <> 'failed' THEN
    PERFORM dashboard_apply_lines(ARRAY(
      SELECT ROW(OLD.partner_id, dashboard_business_day(OLD.purchased_at),
        dashboard_stripe(OLD.id), dashboard_line_countries(OLD.use_countries, l.coverage),
        l.product_id, -l.quantity)::dashboard_line_delta
      FROM order_lines l WHERE l.order_id = OLD.id));
  END IF;
  RETURN OLD;
END $$;

-- Emptied: so are the figures (TRUNCATE orders takes order_lines with it).
CREATE FUNCTION dashboard_orders_truncated() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN
    TRUNCATE dashboard_sales, dashboard_esims;
  ELSE
    TRUNCATE dashboard_esims;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER dashboard_orders_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_inserted();
CREATE TRIGGER dashboard_orders_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_updated();
CREATE TRIGGER dashboard_orders_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_deleted();
CREATE TRIGGER dashboard_orders_delete_lines BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION dashboard_order_lines_leaving();
CREATE TRIGGER dashboard_orders_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_truncated();

-- ------------------------------------------------------------------ triggers on order_lines

-- Lines count by their order. An order that existed before this transaction is locked FOR SHARE
-- first: a concurrent change of its status (which reads the lines the order has) waits for these
-- lines, or these lines wait for it and see its outcome. A purchase's own new order needs no lock
-- (nobody else sees it yet), and locking it would cost the purchase a WAL record.
CREATE FUNCTION dashboard_order_lines_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM orders o WHERE o.id IN (SELECT n.order_id FROM new_rows n)
      AND o.xmin <> xid(pg_current_xact_id())
      ORDER BY o.id FOR SHARE;
    PERFORM dashboard_apply_lines(ARRAY(
      SELECT ROW(d.partner_id, d.business_day, d.stripe, d.countries, d.product_id,
        d.esims)::dashboard_line_delta
      FROM (
        SELECT o.partner_id, dashboard_business_day(o.purchased_at) AS business_day,
          dashboard_stripe(o.id) AS stripe,
          dashboard_line_countries(o.use_countries, n.coverage) AS countries, n.product_id,
          sum(n.quantity) AS esims
        FROM new_rows n JOIN orders o ON o.id = n.order_id
        WHERE o.processing_status <> 'failed'
        GROUP BY 1, 2, 3, 4, 5
      ) d));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM orders o WHERE o.id IN (SELECT r.order_id FROM old_rows r)
      ORDER BY o.id FOR SHARE;
    PERFORM dashboard_apply_lines(ARRAY(
      SELECT ROW(d.partner_id, d.business_day, d.stripe, d.countries, d.product_id,
        -d.esims)::dashboard_line_delta
      FROM (
        SELECT o.partner_id, dashboard_business_day(o.purchased_at) AS business_day,
          dashboard_stripe(o.id) AS stripe,
          dashboard_line_countries(o.use_countries, r.coverage) AS countries, r.product_id,
          sum(r.quantity) AS esims
        FROM old_rows r JOIN orders o ON o.id = r.order_id
        WHERE o.processing_status <> 'failed'
        GROUP BY 1, 2, 3, 4, 5
      ) d));
  ELSE
    IF NOT EXISTS (
      SELECT 1 FROM old_rows r JOIN new_rows n ON n.id = r.id
      WHERE r.order_id <> n.order_id OR r.product_id <> n.product_id
        OR r.quantity <> n.quantity OR r.coverage <> n.coverage
    ) THEN
      RETURN NULL;
    END IF;
    PERFORM 1 FROM orders o
      WHERE o.id IN (SELECT r.order_id FROM old_rows r UNION SELECT n.order_id FROM new_rows n)
      ORDER BY o.id FOR SHARE;
    PERFORM dashboard_apply_lines(ARRAY(
      SELECT ROW(d.partner_id, d.business_day, d.stripe, d.countries, d.product_id,
        d.esims)::dashboard_line_delta
      FROM (
        SELECT o.partner_id, dashboard_business_day(o.purchased_at) AS business_day,
          dashboard_stripe(o.id) AS stripe,
          dashboard_line_countries(o.use_countries, x.coverage) AS countries, x.product_id,
          sum(x.quantity) AS esims
        FROM (
          SELECT r.order_id, r.coverage, r.product_id, -r.quantity AS quantity FROM old_rows r
          UNION ALL
          SELECT n.order_id, n.coverage, n.product_id, n.quantity FROM new_rows n
        ) x
        JOIN orders o ON o.id = x.order_id
        WHERE o.processing_status <> 'failed'
        GROUP BY 1, 2, 3, 4, 5
      ) d));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER dashboard_order_lines_insert AFTER INSERT ON order_lines
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_order_lines_changed();
CREATE TRIGGER dashboard_order_lines_update AFTER UPDATE ON order_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_order_lines_changed();
CREATE TRIGGER dashboard_order_lines_delete AFTER DELETE ON order_lines
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_order_lines_changed();
CREATE TRIGGER dashboard_order_lines_truncate AFTER TRUNCATE ON order_lines
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_truncated();

-- ------------------------------------------------------------------ rebuilding

-- The aggregates from the orders as they are, in stripe 0: the backfill below, and a restore or
-- a bulk load that wrote orders without triggers (session_replication_role = replica).
CREATE FUNCTION dashboard_rebuild_aggregates() RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  TRUNCATE dashboard_sales, dashboard_esims;
  INSERT INTO dashboard_sales (partner_id, business_day, stripe, orders, revenue)
  SELECT s.partner_id, d.business_day, 0, sum(d.orders), sum(d.revenue)
  FROM (
    SELECT o.partner_id, dashboard_business_day(o.purchased_at) AS business_day,
      count(*) AS orders, sum(o.final_price) AS revenue
    FROM orders o WHERE o.processing_status <> 'failed'
    GROUP BY 1, 2
  ) d
  CROSS JOIN LATERAL (VALUES (d.partner_id), (dashboard_all_partners())) s(partner_id)
  GROUP BY 1, 2
  ORDER BY 1, 2;

  -- The lines summed per partner, day, product and countries first (a few rows per order day),
  -- then spread over countries, levels and grains as dashboard_apply_lines() does.
  INSERT INTO dashboard_esims (partner_id, grain, period_start, product_id, country, stripe,
    esims, country_esims)
  SELECT s.partner_id, g.grain, g.period_start, d.product_id, c.country, 0,
    sum(CASE WHEN c.n = 1 THEN d.esims ELSE 0 END),
    sum(CASE WHEN c.country <> '' THEN d.esims ELSE 0 END)
  FROM (
    SELECT o.partner_id, dashboard_business_day(o.purchased_at) AS business_day,
      dashboard_line_countries(o.use_countries, l.coverage) AS countries, l.product_id,
      sum(l.quantity)::bigint AS esims
    FROM orders o JOIN order_lines l ON l.order_id = o.id
    WHERE o.processing_status <> 'failed'
    GROUP BY 1, 2, 3, 4
  ) d
  CROSS JOIN LATERAL unnest(CASE WHEN cardinality(d.countries) > 0 THEN d.countries
    ELSE ARRAY[''] END) WITH ORDINALITY c(country, n)
  CROSS JOIN LATERAL (VALUES (d.partner_id), (dashboard_all_partners())) s(partner_id)
  CROSS JOIN LATERAL (VALUES ('day', d.business_day),
    ('month', date_trunc('month', d.business_day::timestamp)::date)) g(grain, period_start)
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5;
END $$;

-- The orders placed before this migration.
SELECT dashboard_rebuild_aggregates();
