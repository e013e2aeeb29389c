-- Supplier sync (docs/supplier-sync.md): the last catalogue fetched from each API supplier,
-- normalised to our units, one row per supplier product. product/external/product-for-update/list
-- replaces a supplier's rows with what it just fetched; PUT product/external/product-for-update
-- applies a row only when its hash is still the one the person saw (else 409 'reload').
-- Our product matches a supplier product by supplier_id + lower(product_code) = lower(ref).
-- Mirrors src/db/schema/supplier-sync.ts.

CREATE TABLE supplier_catalogue_items (
  supplier_id uuid NOT NULL REFERENCES suppliers (id) ON DELETE CASCADE,
  -- The supplier's product reference (eSIM Go: the bundle name).
  ref text NOT NULL CHECK (char_length(ref) BETWEEN 1 AND 200),
  description text NOT NULL,
  -- Supplier cost in minor units of cost_currency.
  cost_minor integer NOT NULL CHECK (cost_minor >= 0),
  cost_currency text NOT NULL,
  -- NULL = unlimited.
  data_mb integer CHECK (data_mb >= 0),
  duration_days integer NOT NULL CHECK (duration_days >= 0),
  coverage text[] NOT NULL DEFAULT '{}',
  -- sha256 (hex) of the normalised fields: what the person saw.
  hash text NOT NULL CHECK (char_length(hash) = 64),
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (supplier_id, ref)
);
