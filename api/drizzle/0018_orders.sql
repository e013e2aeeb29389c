-- Orders (issue 15; api/src/areas/orders, docs/orders.md); mirrors src/db/schema/orders.ts.
-- Money is whole JPY (bigint): JPY has no minor unit and every price the console sells at is JPY.

-- A staff member's cart: one per user, the wizard's draft (it reserves nothing: stock is taken
-- at purchase). `lines` is [{ productId, quantity }]; `idempotency_key` is minted once per wizard
-- run and sent with the purchase, so a reload or a double click places one order.
CREATE TABLE carts (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  partner_id uuid REFERENCES partners(id) ON DELETE SET NULL,
  lines jsonb NOT NULL DEFAULT '[]',
  customer_name text,
  use_countries text[] NOT NULL DEFAULT '{}',
  notes text,
  campaign_code text,
  idempotency_key text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE SEQUENCE order_no_seq;

CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- 'O' + yyMMdd (Asia/Tokyo) + '-' + a sequence number: readable, unique, sortable by day.
  order_no text NOT NULL,
  partner_id uuid NOT NULL REFERENCES partners(id) ON DELETE RESTRICT,
  -- Frozen at purchase: the partner's name, its tariff code and rule, its branch and tax.
  partner_name text NOT NULL,
  branch_id uuid REFERENCES branches(id) ON DELETE RESTRICT,
  tariff_code_id uuid REFERENCES tariff_codes(id) ON DELETE RESTRICT,
  tariff_code text NOT NULL,
  pricing_rule jsonb NOT NULL,
  customer_name text NOT NULL,
  customer_name_lower text GENERATED ALWAYS AS (lower(customer_name)) STORED,
  use_countries text[] NOT NULL DEFAULT '{}',
  notes text,
  payment_provider_order_id text,
  currency text NOT NULL DEFAULT 'JPY' CHECK (currency = 'JPY'),
  -- What the eSIMs cost us (sum of the lines' unit cost in JPY x quantity).
  purchase_price bigint NOT NULL CHECK (purchase_price >= 0),
  -- Sum of the lines at their selling price, before discount and tax.
  sub_total bigint NOT NULL CHECK (sub_total >= 0),
  discount bigint NOT NULL DEFAULT 0 CHECK (discount >= 0 AND discount <= sub_total),
  tax_total bigint NOT NULL CHECK (tax_total >= 0),
  -- sub_total - discount + tax_total.
  total_amount bigint NOT NULL CHECK (total_amount >= 0),
  -- What the partner pays (total_amount; a separate figure so that later adjustments can differ).
  final_price bigint NOT NULL CHECK (final_price >= 0),
  -- [{ name, rate, taxable, tax }]: tax rounded once per rate per order (docs/orders.md).
  taxes jsonb NOT NULL DEFAULT '[]',
  -- [{ currency, rate, effectiveDate, rateId }]: the rates the prices were converted at.
  exchange_rates jsonb NOT NULL DEFAULT '[]',
  campaign_id uuid,
  campaign_code text,
  paid_amount bigint NOT NULL DEFAULT 0,
  payment_status text NOT NULL DEFAULT 'not_yet_paid'
    CHECK (payment_status IN ('not_yet_paid', 'paid', 'partially_paid')),
  processing_status text NOT NULL DEFAULT 'pending'
    CHECK (processing_status IN ('pending', 'processing', 'success', 'failed')),
  processing_error text,
  -- The wizard's Idempotency-Key (also the supplier's transaction reference) and a hash of the
  -- request it came with: the same key with another body is refused.
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  purchased_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  updated_by text NOT NULL
);
CREATE UNIQUE INDEX orders_order_no_unique ON orders (order_no);
CREATE UNIQUE INDEX orders_idempotency_key_unique ON orders (idempotency_key);
-- The list's orders and filters: newest first, by partner, by status.
CREATE INDEX orders_purchased_idx ON orders (purchased_at DESC, id DESC);
CREATE INDEX orders_partner_purchased_idx ON orders (partner_id, purchased_at DESC, id DESC);
CREATE INDEX orders_payment_purchased_idx ON orders (payment_status, purchased_at DESC, id DESC);
CREATE INDEX orders_processing_purchased_idx
  ON orders (processing_status, purchased_at DESC, id DESC);
CREATE INDEX orders_customer_lower_idx ON orders (customer_name_lower text_pattern_ops);
CREATE INDEX orders_campaign_idx ON orders (campaign_id) WHERE campaign_id IS NOT NULL;

-- One product of an order with its quantity, priced and frozen at purchase.
CREATE TABLE order_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  partner_id uuid NOT NULL REFERENCES partners(id) ON DELETE RESTRICT,
  position smallint NOT NULL,
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE RESTRICT,
  product_code text NOT NULL,
  product_name text NOT NULL,
  supplier_id uuid NOT NULL REFERENCES suppliers(id) ON DELETE RESTRICT,
  delivery_type text NOT NULL CHECK (delivery_type IN ('api', 'stock')),
  -- The supplier's bundle name for API delivery (the product code).
  supplier_ref text,
  data_mb integer,
  duration_days integer NOT NULL,
  coverage text[] NOT NULL DEFAULT '{}',
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 1000),
  unit_cost bigint NOT NULL CHECK (unit_cost >= 0),
  unit_price bigint NOT NULL CHECK (unit_price >= 0),
  -- 'manual', 'computed' or 'special': where the unit price came from.
  price_source text NOT NULL,
  line_total bigint NOT NULL CHECK (line_total >= 0),
  discount bigint NOT NULL DEFAULT 0 CHECK (discount >= 0 AND discount <= line_total),
  tax_rate numeric(5, 2) NOT NULL,
  UNIQUE (order_id, position)
);
CREATE INDEX order_lines_product_idx ON order_lines (product_id);

-- One eSIM of an order: taken from stock at purchase, or delivered by the supplier afterwards.
CREATE TABLE order_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  line_id uuid NOT NULL REFERENCES order_lines(id) ON DELETE CASCADE,
  partner_id uuid NOT NULL REFERENCES partners(id) ON DELETE RESTRICT,
  position integer NOT NULL,
  -- The stock item it was allocated (stock delivery); null once returned or for API delivery.
  stock_item_id uuid REFERENCES stock_items(id) ON DELETE SET NULL,
  -- pending -> processing -> delivered | failed; delivered -> returned | removed.
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'processing', 'delivered', 'failed', 'returned', 'removed')),
  iccid text,
  smdp_address text,
  -- Sealed (api/src/secrets) like stock activation codes; the masked hint is for lists.
  activation_code_sealed text,
  activation_code_masked text,
  supplier_reference text,
  delivery_error text,
  delivery_attempts integer NOT NULL DEFAULT 0,
  returned_to text CHECK (returned_to IN ('on_hand', 'wasted')),
  return_reason text,
  returned_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL,
  UNIQUE (order_id, position)
);
CREATE INDEX order_items_line_idx ON order_items (line_id);
-- Items waiting for supplier delivery: the sweep that restarts a lost delivery reads only these.
CREATE INDEX order_items_waiting_idx ON order_items (updated_at)
  WHERE status IN ('pending', 'processing');
-- One live order item per stock item: a stock item is never sold twice.
CREATE UNIQUE INDEX order_items_stock_item_unique ON order_items (stock_item_id)
  WHERE stock_item_id IS NOT NULL AND status IN ('pending', 'processing', 'delivered');
CREATE INDEX order_items_iccid_idx ON order_items (iccid) WHERE iccid IS NOT NULL;
-- The purchase takes a product's on-hand items earliest expiry first (FOR UPDATE SKIP LOCKED):
-- this index holds only the items still on hand, so a purchase reads the items it takes and not
-- every item sold before them (stock_items_product_expire_idx keeps every status).
CREATE INDEX stock_items_on_hand_expire_idx ON stock_items (product_id, active_expire_date, id)
  WHERE status = 'on_hand';
-- The purchase's allocation statement refuses itself when a line got fewer items than it asked
-- for (api/src/areas/orders/allocation.ts): the error rolls the purchase back, also when the
-- purchase's COMMIT travels to the server in the same message as the allocation.
CREATE FUNCTION orders_refuse_short_allocation(line_id uuid, wanted integer, taken integer)
RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock allocation short' USING ERRCODE = 'P0001',
    DETAIL = json_build_object('lineId', line_id, 'wanted', wanted, 'taken', taken)::text;
END
$$;

-- Payments received for an order: the payment status follows from their sum.
CREATE TABLE order_payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  partner_id uuid NOT NULL REFERENCES partners(id) ON DELETE RESTRICT,
  amount bigint NOT NULL CHECK (amount > 0),
  paid_on date NOT NULL,
  method text NOT NULL,
  reference text,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL
);
CREATE INDEX order_payments_order_idx ON order_payments (order_id, paid_on, id);
-- A revenue import must not record the same payment twice.
CREATE UNIQUE INDEX order_payments_reference_unique ON order_payments (order_id, reference)
  WHERE reference IS NOT NULL;

-- The partner admin's scope (decision 0019): the same two policies as the partner tables.
ALTER TABLE carts ENABLE ROW LEVEL SECURITY;
ALTER TABLE carts FORCE ROW LEVEL SECURITY;
CREATE POLICY carts_all ON carts USING (true) WITH CHECK (true);
CREATE POLICY carts_scope ON carts AS RESTRICTIVE TO esim_partner_scope
  USING (partner_id IS NULL OR partner_id = app_partner_id())
  WITH CHECK (partner_id IS NULL OR partner_id = app_partner_id());

ALTER TABLE orders ENABLE ROW LEVEL SECURITY;
ALTER TABLE orders FORCE ROW LEVEL SECURITY;
CREATE POLICY orders_all ON orders USING (true) WITH CHECK (true);
CREATE POLICY orders_scope ON orders AS RESTRICTIVE TO esim_partner_scope
  USING (partner_id = app_partner_id()) WITH CHECK (partner_id = app_partner_id());

ALTER TABLE order_lines ENABLE ROW LEVEL SECURITY;
ALTER TABLE order_lines FORCE ROW LEVEL SECURITY;
CREATE POLICY order_lines_all ON order_lines USING (true) WITH CHECK (true);
CREATE POLICY order_lines_scope ON order_lines AS RESTRICTIVE TO esim_partner_scope
  USING (partner_id = app_partner_id()) WITH CHECK (partner_id = app_partner_id());

ALTER TABLE order_items ENABLE ROW LEVEL SECURITY;
ALTER TABLE order_items FORCE ROW LEVEL SECURITY;
CREATE POLICY order_items_all ON order_items USING (true) WITH CHECK (true);
CREATE POLICY order_items_scope ON order_items AS RESTRICTIVE TO esim_partner_scope
  USING (partner_id = app_partner_id()) WITH CHECK (partner_id = app_partner_id());

ALTER TABLE order_payments ENABLE ROW LEVEL SECURITY;
ALTER TABLE order_payments FORCE ROW LEVEL SECURITY;
CREATE POLICY order_payments_all ON order_payments USING (true) WITH CHECK (true);
CREATE POLICY order_payments_scope ON order_payments AS RESTRICTIVE TO esim_partner_scope
  USING (partner_id = app_partner_id()) WITH CHECK (partner_id = app_partner_id());
