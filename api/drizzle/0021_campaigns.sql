-- Campaign codes (issue 17, docs/campaigns.md).
--
-- A campaign is one shared code (campaigns.code, up to use_quantity uses; NULL = unlimited) or a
-- voucher campaign with generated single-use codes (campaign_codes; use_quantity = their number).
-- remaining_quantity is maintained: the purchase takes a use with
--   UPDATE campaigns SET remaining_quantity = remaining_quantity - 1
--   WHERE id = $1 AND (remaining_quantity IS NULL OR remaining_quantity > 0) RETURNING ...
-- in the order's transaction, and records it as a campaign_redemptions row (one per campaign and
-- order; one live row per voucher code). A use given back (every eSIM of the order returned) sets
-- released_at and adds the use back. CHECK (remaining_quantity >= 0) is the last line.

CREATE TABLE campaigns (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL CHECK (code ~ '^[A-Za-z0-9_-]+$' AND length(code) <= 50),
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('coupon', 'invitation')),
  discount_type text NOT NULL CHECK (discount_type IN ('price', 'percent')),
  discount_value bigint NOT NULL
    CHECK (discount_value > 0 AND (discount_type <> 'percent' OR discount_value <= 100)),
  use_quantity integer CHECK (use_quantity >= 0),
  remaining_quantity integer CHECK (remaining_quantity >= 0),
  valid_from date NOT NULL,
  valid_to date NOT NULL,
  -- No partner named = every partner (row-level security reads it without a join).
  all_partners boolean NOT NULL DEFAULT true,
  all_products boolean NOT NULL DEFAULT true,
  -- Generated single-use codes; > 0: the campaign's own code no longer orders anything.
  voucher_code_count integer NOT NULL DEFAULT 0 CHECK (voucher_code_count >= 0),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  updated_by text NOT NULL,
  CHECK ((use_quantity IS NULL) = (remaining_quantity IS NULL)),
  CHECK (remaining_quantity <= use_quantity),
  CHECK (valid_to >= valid_from)
);
CREATE UNIQUE INDEX campaigns_code_key ON campaigns (lower(code));
CREATE INDEX campaigns_created_idx ON campaigns (created_at DESC, id);

CREATE TABLE campaign_partners (
  campaign_id uuid NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  partner_id uuid NOT NULL REFERENCES partners(id) ON DELETE CASCADE,
  PRIMARY KEY (campaign_id, partner_id)
);
CREATE INDEX campaign_partners_partner_idx ON campaign_partners (partner_id);

CREATE TABLE campaign_products (
  campaign_id uuid NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  PRIMARY KEY (campaign_id, product_id)
);

-- Generated single-use codes, unique across the database (case-insensitive).
CREATE TABLE campaign_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  campaign_id uuid NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  code text NOT NULL,
  status text NOT NULL DEFAULT 'unused' CHECK (status IN ('unused', 'used')),
  used_at timestamptz,
  used_order_id uuid REFERENCES orders(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX campaign_codes_code_key ON campaign_codes (lower(code));
CREATE INDEX campaign_codes_campaign_idx ON campaign_codes (campaign_id, status, code);

-- One use of a campaign by an order.
CREATE TABLE campaign_redemptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  campaign_id uuid NOT NULL REFERENCES campaigns(id) ON DELETE RESTRICT,
  code_id uuid REFERENCES campaign_codes(id) ON DELETE RESTRICT,
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  partner_id uuid NOT NULL REFERENCES partners(id) ON DELETE RESTRICT,
  code text NOT NULL,
  discount bigint NOT NULL CHECK (discount >= 0),
  redeemed_at timestamptz NOT NULL DEFAULT now(),
  released_at timestamptz,
  UNIQUE (campaign_id, order_id)
);
-- A voucher code is used by one order at a time (a released use frees it).
CREATE UNIQUE INDEX campaign_redemptions_code_key ON campaign_redemptions (code_id)
  WHERE code_id IS NOT NULL AND released_at IS NULL;
CREATE INDEX campaign_redemptions_campaign_idx
  ON campaign_redemptions (campaign_id, redeemed_at DESC);
CREATE INDEX campaign_redemptions_order_idx ON campaign_redemptions (order_id);

-- The purchase refuses (and rolls back whole) when the campaign had no use left.
CREATE FUNCTION campaigns_refuse_used_up(code text)
RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'campaign used up' USING ERRCODE = 'P0001', DETAIL = code;
END
$$;

-- Row-level security (decision 0019, migration 0017): within a partner-scoped transaction a
-- campaign is visible when it applies to the partner (names it, or names no partner); the
-- partner's staff see their own partner's links and redemptions only.
ALTER TABLE campaigns ENABLE ROW LEVEL SECURITY;
ALTER TABLE campaigns FORCE ROW LEVEL SECURITY;
CREATE POLICY campaigns_all ON campaigns USING (true) WITH CHECK (true);
CREATE POLICY campaigns_scope ON campaigns AS RESTRICTIVE TO esim_partner_scope
  USING (all_partners OR EXISTS (
    SELECT 1 FROM campaign_partners cp
    WHERE cp.campaign_id = campaigns.id AND cp.partner_id = app_partner_id()))
  WITH CHECK (all_partners OR EXISTS (
    SELECT 1 FROM campaign_partners cp
    WHERE cp.campaign_id = campaigns.id AND cp.partner_id = app_partner_id()));

ALTER TABLE campaign_partners ENABLE ROW LEVEL SECURITY;
ALTER TABLE campaign_partners FORCE ROW LEVEL SECURITY;
CREATE POLICY campaign_partners_all ON campaign_partners USING (true) WITH CHECK (true);
CREATE POLICY campaign_partners_scope ON campaign_partners AS RESTRICTIVE TO esim_partner_scope
  USING (partner_id = app_partner_id()) WITH CHECK (partner_id = app_partner_id());

ALTER TABLE campaign_products ENABLE ROW LEVEL SECURITY;
ALTER TABLE campaign_products FORCE ROW LEVEL SECURITY;
CREATE POLICY campaign_products_all ON campaign_products USING (true) WITH CHECK (true);
CREATE POLICY campaign_products_scope ON campaign_products AS RESTRICTIVE TO esim_partner_scope
  USING (EXISTS (SELECT 1 FROM campaigns c WHERE c.id = campaign_id))
  WITH CHECK (EXISTS (SELECT 1 FROM campaigns c WHERE c.id = campaign_id));

ALTER TABLE campaign_codes ENABLE ROW LEVEL SECURITY;
ALTER TABLE campaign_codes FORCE ROW LEVEL SECURITY;
CREATE POLICY campaign_codes_all ON campaign_codes USING (true) WITH CHECK (true);
CREATE POLICY campaign_codes_scope ON campaign_codes AS RESTRICTIVE TO esim_partner_scope
  USING (EXISTS (SELECT 1 FROM campaigns c WHERE c.id = campaign_id))
  WITH CHECK (EXISTS (SELECT 1 FROM campaigns c WHERE c.id = campaign_id));

ALTER TABLE campaign_redemptions ENABLE ROW LEVEL SECURITY;
ALTER TABLE campaign_redemptions FORCE ROW LEVEL SECURITY;
CREATE POLICY campaign_redemptions_all ON campaign_redemptions USING (true) WITH CHECK (true);
CREATE POLICY campaign_redemptions_scope ON campaign_redemptions AS RESTRICTIVE
  TO esim_partner_scope
  USING (partner_id = app_partner_id()) WITH CHECK (partner_id = app_partner_id());
