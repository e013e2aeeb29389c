-- Staged stock imports (docs/stock.md "Import", docs/decisions/0014-stock-import-staging.md) and
-- the stock_items index review.

-- ------------------------------------------------------------------ staging
-- A dry run whose file has no row error keeps its checked rows here, activation codes already
-- sealed, under an import id that only the user who checked it may apply until expires_at. The
-- apply moves them into stock_items with INSERT ... SELECT (no parsing, checking or sealing
-- again) and then deletes them; the task stock.pruneStagedImports removes what is left behind.
-- UNLOGGED: no WAL for rows that live minutes. After a crash PostgreSQL empties these tables;
-- the apply then answers 'The checked file is no longer available; check it again.'
CREATE UNLOGGED TABLE stock_import_staging (
  -- The import id: the items' import_id and the entity id of the import's audit entry.
  id uuid PRIMARY KEY,
  product_id uuid NOT NULL,
  file_name text NOT NULL CHECK (char_length(file_name) <= 255),
  -- The e-mail of the user who checked the file (AuditActor.email): only they may apply it.
  created_by text NOT NULL,
  total_rows integer NOT NULL,
  valid_rows integer NOT NULL,
  expired_rows integer NOT NULL,
  -- The staged rows' spreadsheet row numbers (the apply moves them in ranges, for progress).
  first_row integer NOT NULL,
  last_row integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  -- Set by the apply's transaction: a second apply of the same import finds it taken.
  applied_at timestamptz
);

-- No foreign key to stock_import_staging: one RI check per row would cost the staging insert a
-- third more; the header and its rows are written and deleted together.
CREATE UNLOGGED TABLE stock_import_staged_rows (
  import_id uuid NOT NULL,
  file_row integer NOT NULL,
  iccid text NOT NULL,
  activation_code_sealed text NOT NULL,
  activation_code_masked text NOT NULL,
  smdp_address text NOT NULL,
  active_expire_date date NOT NULL,
  PRIMARY KEY (import_id, file_row)
);

-- ------------------------------------------------------------------ stock_items indexes
-- Every index costs every imported row an insertion. The queries of api/src/areas/stock
-- (service, tasks, history, sample) use: the primary key (one item), the ICCID unique index
-- (uniqueness, a whole ICCID, sort by ICCID), (product_id, status, imported_at, id) and
-- (product_id, imported_at, id) (stock/detail pages, last import per product),
-- (product_id, status, active_expire_date) (expiring soon, the expiry task), the partial hold
-- index (hold release) and reverse(iccid) (the last digits of an ICCID). supplier-sync reads no
-- stock_items. The prefix index on iccid (text_pattern_ops) only existed because the unique
-- index, in the database's collation, cannot answer `iccid LIKE '8981%'`; an ICCID is digits
-- only (the CHECK below), so the "C" collation orders it exactly like any other and lets the
-- unique index answer prefixes too. One index less per imported row.
-- (Dropped first: the collation change rebuilds every index on the column.)
DROP INDEX stock_items_iccid_prefix_idx;
ALTER TABLE stock_items ALTER COLUMN iccid TYPE text COLLATE "C";
