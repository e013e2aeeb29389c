-- Products (minimal: what tariffs price; the products area extends it) and tariffs: tariff groups
-- (tariff profiles, the pricing rule), tariff codes (the price lists partners are assigned to,
-- inheriting the group's rule with optional overrides) and manual prices per code and product.
-- Mirrors src/db/schema/{products,tariffs}.ts. docs/pricing.md explains the computation.

-- ------------------------------------------------------------------ products
CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  supplier_id uuid NOT NULL REFERENCES suppliers (id) ON DELETE RESTRICT,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
  -- The SKU: unique case-insensitively, what CSV imports name a product by.
  product_code text NOT NULL CHECK (char_length(product_code) BETWEEN 1 AND 50),
  category text CHECK (char_length(category) <= 100),
  -- Supplier cost in minor units of cost_currency (USD 12.34 = 1234; JPY has none).
  cost_minor integer NOT NULL CHECK (cost_minor >= 0),
  cost_currency text NOT NULL REFERENCES round_currency (iso_code),
  -- Supplier list price, same currency; NULL = the supplier gives none.
  price_minor integer CHECK (price_minor >= 0),
  -- NULL = unlimited data.
  data_mb integer CHECK (data_mb >= 0),
  duration_days integer NOT NULL CHECK (duration_days BETWEEN 1 AND 3650),
  -- ISO 3166-1 alpha-2 codes of the countries the product works in.
  coverage text[] NOT NULL DEFAULT '{}',
  type text NOT NULL CHECK (type IN ('daypass', 'package')),
  network text NOT NULL CHECK (network IN ('local', 'round')),
  -- The product's own selling price (products area); tariffs price per code.
  selling_price_jpy integer CHECK (selling_price_jpy >= 0),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  updated_by text NOT NULL
);
CREATE UNIQUE INDEX products_code_unique ON products (lower(product_code));
CREATE INDEX products_supplier_idx ON products (supplier_id);
CREATE INDEX products_currency_idx ON products (cost_currency);

-- ------------------------------------------------------------------ tariff groups (profiles)
CREATE TABLE tariff_groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tariff_group text NOT NULL CHECK (char_length(tariff_group) BETWEEN 1 AND 50),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  description text CHECK (char_length(description) <= 1000),
  base_tariff text NOT NULL DEFAULT 'cost' CHECK (base_tariff IN ('cost', 'price')),
  -- Markup percent: 100 down to 0 in steps of 5, then -5 to -50.
  logic1 smallint NOT NULL DEFAULT 40 CHECK (logic1 BETWEEN -50 AND 100 AND logic1 % 5 = 0),
  -- Whole JPY added to the base; 0 = not used.
  logic2 integer NOT NULL DEFAULT 0 CHECK (logic2 BETWEEN 0 AND 10000000),
  -- When both are used: 1 = the higher result, 0 = the lower.
  logic3 smallint NOT NULL DEFAULT 0 CHECK (logic3 IN (0, 1)),
  input_mode text NOT NULL DEFAULT 'auto' CHECK (input_mode IN ('auto', 'manual')),
  -- The group this one was created from (its rule was the starting point).
  import_from uuid REFERENCES tariff_groups (id) ON DELETE SET NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  updated_by text NOT NULL,
  CONSTRAINT tariff_groups_not_own_source CHECK (import_from IS NULL OR import_from <> id)
);
CREATE UNIQUE INDEX tariff_groups_code_unique ON tariff_groups (lower(tariff_group));
CREATE INDEX tariff_groups_created_idx ON tariff_groups (created_at, id);

-- ------------------------------------------------------------------ tariff codes
-- Globally unique codes (partners are assigned to codes). NULL override = the group's value.
CREATE TABLE tariff_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES tariff_groups (id) ON DELETE RESTRICT,
  tariff_code text NOT NULL CHECK (char_length(tariff_code) BETWEEN 1 AND 50),
  name text CHECK (char_length(name) <= 100),
  description text CHECK (char_length(description) <= 1000),
  base_tariff text CHECK (base_tariff IN ('cost', 'price')),
  logic1 smallint CHECK (logic1 BETWEEN -50 AND 100 AND logic1 % 5 = 0),
  logic2 integer CHECK (logic2 BETWEEN 0 AND 10000000),
  logic3 smallint CHECK (logic3 IN (0, 1)),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  updated_by text NOT NULL
);
CREATE UNIQUE INDEX tariff_codes_code_unique ON tariff_codes (lower(tariff_code));
CREATE INDEX tariff_codes_group_idx ON tariff_codes (group_id, tariff_code);

-- ------------------------------------------------------------------ manual prices
-- A manual selling price of one product in one tariff code (whole JPY, above the cost when set).
CREATE TABLE tariff_prices (
  tariff_code_id uuid NOT NULL REFERENCES tariff_codes (id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  price_jpy integer NOT NULL CHECK (price_jpy > 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL,
  PRIMARY KEY (tariff_code_id, product_id)
);
CREATE INDEX tariff_prices_product_idx ON tariff_prices (product_id);
