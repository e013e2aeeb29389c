-- The order list at 1,000,000 orders (issue 15, docs/orders.md "Managing orders"): every sort
-- pages on an index of (sort key, purchased_at DESC, id DESC) and the total of all orders is
-- maintained, so a page reads 50 index entries and 50 rows instead of sorting or counting orders.
-- A descending sort is the exact reverse of the ascending one, so one index serves both.

-- Sorts (0018 has purchased_at, and payment/processing status). Texts sort in the "C" collation
-- (code point order, the same on every server), case-insensitively.
-- The order number's index also answers the search by its prefix (LIKE 'o2611%' on a "C" key).
CREATE INDEX orders_order_no_c_idx
  ON orders ((lower(order_no) COLLATE "C"), purchased_at DESC, id DESC);
CREATE INDEX orders_partner_name_c_idx
  ON orders ((lower(partner_name) COLLATE "C"), purchased_at DESC, id DESC);
-- The customer's name: also the search by its prefix (LIKE on the "C" key).
CREATE INDEX orders_customer_c_idx
  ON orders ((customer_name_lower COLLATE "C"), purchased_at DESC, id DESC);
CREATE INDEX orders_final_price_idx ON orders (final_price, purchased_at DESC, id DESC);

-- The eSIMs an order counts (all but the removed ones) from the index alone: the list's 50
-- orders, the exports' 5,000 a batch (reading order_items' rows for it was most of an export).
CREATE INDEX order_items_live_order_idx ON order_items (order_id) WHERE status <> 'removed';

-- The total of the unfiltered list: 16 stripes by order id, so concurrent purchases rarely wait
-- for each other's commit on the same counter row (the all-stock counters' reasoning, 0016).
-- Filtered lists count their orders up to ORDER_COUNT_CAP instead.
CREATE TABLE orders_count_all (
  stripe smallint PRIMARY KEY,
  orders bigint NOT NULL
);

CREATE FUNCTION orders_count_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO orders_count_all AS c (stripe, orders)
      SELECT (hashtext(n.id::text) & 15)::smallint, count(*) FROM new_rows n GROUP BY 1 ORDER BY 1
    ON CONFLICT (stripe) DO UPDATE SET orders = c.orders + excluded.orders;
  ELSE
    UPDATE orders_count_all c SET orders = c.orders - d.orders
    FROM (SELECT (hashtext(o.id::text) & 15)::smallint AS stripe, count(*) AS orders
          FROM old_rows o GROUP BY 1) d
    WHERE c.stripe = d.stripe;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER orders_count_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_count_apply();
CREATE TRIGGER orders_count_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_count_apply();

INSERT INTO orders_count_all (stripe, orders)
  SELECT (hashtext(id::text) & 15)::smallint, count(*) FROM orders GROUP BY 1;
