-- Stock lists at any depth (issue 13, docs/stock.md "Performance"): the counts users see come
-- from maintained tables instead of counting stock_items per request, and every list order has
-- an index to page on.

-- ------------------------------------------------------------------ expiry buckets
-- Items per product, status and active expire date. "Expiring soon" (on hand, expiring within
-- STOCK_EXPIRING_SOON_DAYS) and the total under an expiringWithinDays filter are sums over the
-- few buckets of a date window instead of a count over the items. A bucket that falls to zero is
-- deleted, so the table holds only dates that have items.
CREATE TABLE stock_expiry_counts (
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  status text NOT NULL,
  active_expire_date date NOT NULL,
  items bigint NOT NULL,
  PRIMARY KEY (product_id, status, active_expire_date)
);
-- The window over all products (the stock list sorted by expiring soon); with product and items
-- in the index, from the index alone where its pages are all-visible.
CREATE INDEX stock_expiry_counts_status_date_idx
  ON stock_expiry_counts (status, active_expire_date) INCLUDE (product_id, items);

-- ------------------------------------------------------------------ all stock, striped
-- The same counts over all products (stock/detail without a product: counts by status, expiring
-- soon, totals), so an all-stock page sums a few hundred rows instead of a row per product. One
-- row per status (and date) would make every import and status change wait for any other
-- running import's commit; the rows are split into 16 stripes by product, so only writers of
-- products in the same stripe share a row (the same wait stock_counts has within one product).
CREATE FUNCTION stock_stripe(product uuid) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT (hashtext(product::text) & 15)::smallint $$;

CREATE TABLE stock_counts_all (
  stripe smallint NOT NULL,
  status text NOT NULL,
  items bigint NOT NULL,
  PRIMARY KEY (status, stripe)
);

CREATE TABLE stock_expiry_counts_all (
  status text NOT NULL,
  active_expire_date date NOT NULL,
  stripe smallint NOT NULL,
  items bigint NOT NULL,
  PRIMARY KEY (status, active_expire_date, stripe)
);

-- ------------------------------------------------------------------ per-product summary
-- Items and the last import per product: the stock list sorts and pages on these without
-- touching stock_items.
CREATE TABLE stock_product_summary (
  product_id uuid PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  items bigint NOT NULL DEFAULT 0,
  last_imported_at timestamptz
);

-- Rare paths (deletions, an item moved to another product or import time): recount the touched
-- products from their (product_id, imported_at) index.
CREATE FUNCTION stock_product_summary_recount(touched uuid[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO stock_product_summary (product_id, items, last_imported_at)
    SELECT t.product_id,
           (SELECT count(*) FROM stock_items s WHERE s.product_id = t.product_id),
           (SELECT max(s.imported_at) FROM stock_items s WHERE s.product_id = t.product_id)
    FROM unnest(touched) AS t (product_id)
    WHERE EXISTS (SELECT 1 FROM products p WHERE p.id = t.product_id)
    ORDER BY t.product_id
  ON CONFLICT (product_id) DO UPDATE
    SET items = excluded.items, last_imported_at = excluded.last_imported_at;
$$;

-- One statement-level function keeps stock_counts (0009), the buckets and the summary from the
-- same transition tables. Upserts go in key order so concurrent statements lock alike.
CREATE OR REPLACE FUNCTION stock_counts_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO stock_counts (product_id, status, items)
      SELECT product_id, status, -count(*) FROM old_rows GROUP BY product_id, status
      ORDER BY product_id, status
    ON CONFLICT (product_id, status) DO UPDATE SET items = stock_counts.items + excluded.items;
    INSERT INTO stock_expiry_counts (product_id, status, active_expire_date, items)
      SELECT product_id, status, active_expire_date, -count(*) FROM old_rows
      GROUP BY product_id, status, active_expire_date
      ORDER BY product_id, status, active_expire_date
    ON CONFLICT (product_id, status, active_expire_date)
      DO UPDATE SET items = stock_expiry_counts.items + excluded.items;
    INSERT INTO stock_counts_all (stripe, status, items)
      SELECT stock_stripe(product_id), status, -count(*) FROM old_rows
      GROUP BY 1, 2 ORDER BY 2, 1
    ON CONFLICT (status, stripe) DO UPDATE SET items = stock_counts_all.items + excluded.items;
    INSERT INTO stock_expiry_counts_all (status, active_expire_date, stripe, items)
      SELECT status, active_expire_date, stock_stripe(product_id), -count(*) FROM old_rows
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (status, active_expire_date, stripe)
      DO UPDATE SET items = stock_expiry_counts_all.items + excluded.items;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO stock_counts (product_id, status, items)
      SELECT product_id, status, count(*) FROM new_rows GROUP BY product_id, status
      ORDER BY product_id, status
    ON CONFLICT (product_id, status) DO UPDATE SET items = stock_counts.items + excluded.items;
    INSERT INTO stock_expiry_counts (product_id, status, active_expire_date, items)
      SELECT product_id, status, active_expire_date, count(*) FROM new_rows
      GROUP BY product_id, status, active_expire_date
      ORDER BY product_id, status, active_expire_date
    ON CONFLICT (product_id, status, active_expire_date)
      DO UPDATE SET items = stock_expiry_counts.items + excluded.items;
    INSERT INTO stock_counts_all (stripe, status, items)
      SELECT stock_stripe(product_id), status, count(*) FROM new_rows
      GROUP BY 1, 2 ORDER BY 2, 1
    ON CONFLICT (status, stripe) DO UPDATE SET items = stock_counts_all.items + excluded.items;
    INSERT INTO stock_expiry_counts_all (status, active_expire_date, stripe, items)
      SELECT status, active_expire_date, stock_stripe(product_id), count(*) FROM new_rows
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (status, active_expire_date, stripe)
      DO UPDATE SET items = stock_expiry_counts_all.items + excluded.items;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM stock_expiry_counts_all e
      USING (SELECT DISTINCT status, active_expire_date, stock_stripe(product_id) AS stripe
             FROM old_rows) o
      WHERE e.status = o.status AND e.active_expire_date = o.active_expire_date
        AND e.stripe = o.stripe AND e.items = 0;
    DELETE FROM stock_expiry_counts e
      USING (SELECT DISTINCT product_id, status, active_expire_date FROM old_rows) o
      WHERE e.product_id = o.product_id AND e.status = o.status
        AND e.active_expire_date = o.active_expire_date AND e.items = 0;
  END IF;

  IF TG_OP = 'INSERT' THEN
    INSERT INTO stock_product_summary (product_id, items, last_imported_at)
      SELECT product_id, count(*), max(imported_at) FROM new_rows GROUP BY product_id
      ORDER BY product_id
    ON CONFLICT (product_id) DO UPDATE
      SET items = stock_product_summary.items + excluded.items,
          last_imported_at = greatest(stock_product_summary.last_imported_at,
                                      excluded.last_imported_at);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM stock_product_summary_recount(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  ELSIF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.product_id <> o.product_id OR n.imported_at <> o.imported_at
  ) THEN
    PERFORM stock_product_summary_recount(ARRAY(
      SELECT product_id FROM old_rows UNION SELECT product_id FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;

-- The triggers of 0009 already call stock_counts_apply(). plpgsql plans a statement when it
-- first runs it, so new_rows appears only in branches a DELETE trigger never reaches.

INSERT INTO stock_expiry_counts (product_id, status, active_expire_date, items)
  SELECT product_id, status, active_expire_date, count(*) FROM stock_items
  GROUP BY product_id, status, active_expire_date;
INSERT INTO stock_product_summary (product_id, items, last_imported_at)
  SELECT product_id, count(*), max(imported_at) FROM stock_items GROUP BY product_id;
INSERT INTO stock_counts_all (stripe, status, items)
  SELECT stock_stripe(product_id), status, count(*) FROM stock_items GROUP BY 1, 2;
INSERT INTO stock_expiry_counts_all (status, active_expire_date, stripe, items)
  SELECT status, active_expire_date, stock_stripe(product_id), count(*) FROM stock_items
  GROUP BY 1, 2, 3;

-- ------------------------------------------------------------------ stock_items indexes
-- All products, newest first (stock/detail without a product, the whole-stock export).
CREATE INDEX stock_items_imported_idx ON stock_items (imported_at DESC, id DESC);
-- All products by expiry (the expiry sort without a product, expiringWithinDays, the expiry task).
CREATE INDEX stock_items_expire_idx ON stock_items (active_expire_date, id);
-- One product by expiry, any status (keyset on (active_expire_date, id)). Replaces
-- (product_id, status, active_expire_date): expiring-soon counts now come from the buckets.
DROP INDEX stock_items_product_status_expire_idx;
CREATE INDEX stock_items_product_expire_idx ON stock_items (product_id, active_expire_date, id);

-- ------------------------------------------------------------------ products
-- The stock list's default order (name, then id): a page is a walk of this index.
CREATE INDEX products_name_lower_idx ON products (lower(name), id);
