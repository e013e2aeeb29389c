-- Products, the whole catalogue record (spec section 3, issue 6): ICCID of single-profile
-- products, display name, throttling speed, APN, description, a special price with an optional
-- validity period, and labels. Mirrors src/db/schema/products.ts. docs/products.md.

ALTER TABLE products
  -- 19-20 digits starting with 89 (the Luhn check digit is checked by the API: isValidIccid).
  ADD COLUMN iccid text CHECK (iccid ~ '^89[0-9]{17,18}$'),
  ADD COLUMN display text CHECK (char_length(display) <= 255),
  -- kbps once the data runs out.
  ADD COLUMN throttling_speed integer NOT NULL DEFAULT 128
    CHECK (throttling_speed BETWEEN 0 AND 10000000),
  ADD COLUMN apn_type text NOT NULL DEFAULT 'automatic' CHECK (apn_type IN ('automatic', 'manual')),
  ADD COLUMN apn_value text CHECK (char_length(apn_value) <= 100),
  ADD COLUMN description text CHECK (char_length(description) <= 1000),
  -- Whole JPY; NULL = none. special_from / special_to: inclusive days (Asia/Tokyo), NULL = open.
  ADD COLUMN special_price_jpy integer CHECK (special_price_jpy > 0),
  ADD COLUMN special_from date,
  ADD COLUMN special_to date,
  -- Free short texts for grouping and filtering, trimmed and unique (ignoring case) per product,
  -- kept sorted (ignoring case) so that sorting by labels compares lists.
  ADD COLUMN labels text[] NOT NULL DEFAULT '{}',
  ADD CONSTRAINT products_apn_value_manual CHECK (apn_type <> 'manual' OR apn_value IS NOT NULL),
  ADD CONSTRAINT products_special_period CHECK (
    special_from IS NULL OR special_to IS NULL OR special_from <= special_to),
  ADD CONSTRAINT products_special_period_needs_price CHECK (
    special_price_jpy IS NOT NULL OR (special_from IS NULL AND special_to IS NULL)),
  ADD CONSTRAINT products_labels_count CHECK (cardinality(labels) <= 20);

-- One product per single-profile ICCID.
CREATE UNIQUE INDEX products_iccid_unique ON products (iccid) WHERE iccid IS NOT NULL;
-- Label filter (labels @> ARRAY[...]) and the label list.
CREATE INDEX products_labels_idx ON products USING gin (labels);
CREATE INDEX products_category_idx ON products (lower(category));
