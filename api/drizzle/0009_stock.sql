-- eSIM stock items, their per-product counts, and the background jobs table. Mirrors
-- src/db/schema/{stock,jobs}.ts. docs/stock.md explains the status matrix, the import and the jobs.

-- ------------------------------------------------------------------ stock items
-- One eSIM profile of a product whose supplier has delivery type 'stock'. The activation code (LPA
-- string) is a secret: only its AES-256-GCM sealed form (api/src/secrets) and a masked hint are
-- stored. The status matrix is enforced by the API (shared/contracts/src/stock.ts STOCK_TRANSITIONS).
CREATE TABLE stock_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE RESTRICT,
  iccid text NOT NULL CHECK (iccid ~ '^89[0-9]{17,18}$'),
  activation_code_sealed text NOT NULL,
  -- 'LPA:1$smdp.example.com$••••••AB12'
  activation_code_masked text NOT NULL,
  smdp_address text NOT NULL,
  status text NOT NULL DEFAULT 'on_hand' CHECK (
    status IN ('on_hand', 'holding', 'assigned', 'sold_out', 'temporary_not_available',
               'not_available', 'wasted')
  ),
  status_reason text CHECK (char_length(status_reason) <= 255),
  hold_until timestamptz,
  active_expire_date date NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now(),
  -- The import it came from (its one audit entry: entity stockImport, this id).
  import_id uuid,
  import_file_name text CHECK (char_length(import_file_name) <= 255),
  version integer NOT NULL DEFAULT 1,
  created_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL,
  CHECK (status <> 'holding' OR hold_until IS NOT NULL)
);
-- Two imports racing with the same ICCID: the second one blocks on the first's key and fails
-- with unique_violation when the first commits (it then rolls back as a whole).
CREATE UNIQUE INDEX stock_items_iccid_unique ON stock_items (iccid);
-- stock/detail: product + status(es), newest first, keyset on (imported_at, id).
CREATE INDEX stock_items_product_status_imported_idx
  ON stock_items (product_id, status, imported_at DESC, id DESC);
-- stock/detail: product, any status, newest first.
CREATE INDEX stock_items_product_imported_idx ON stock_items (product_id, imported_at DESC, id DESC);
-- "expiring soon" per product and status; the expiry job.
CREATE INDEX stock_items_product_status_expire_idx
  ON stock_items (product_id, status, active_expire_date);
-- The hold-release job.
CREATE INDEX stock_items_hold_idx ON stock_items (hold_until) WHERE status = 'holding';

-- ------------------------------------------------------------------ counts by product and status
-- Kept by statement-level triggers (one row per product and status), so lists and page totals do
-- not count a million rows on every call.
CREATE TABLE stock_counts (
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  status text NOT NULL,
  items bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, status)
);

CREATE FUNCTION stock_counts_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO stock_counts (product_id, status, items)
      SELECT product_id, status, -count(*) FROM old_rows GROUP BY product_id, status
      ORDER BY product_id, status
    ON CONFLICT (product_id, status) DO UPDATE SET items = stock_counts.items + excluded.items;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO stock_counts (product_id, status, items)
      SELECT product_id, status, count(*) FROM new_rows GROUP BY product_id, status
      ORDER BY product_id, status
    ON CONFLICT (product_id, status) DO UPDATE SET items = stock_counts.items + excluded.items;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER stock_counts_insert AFTER INSERT ON stock_items
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stock_counts_apply();
CREATE TRIGGER stock_counts_update AFTER UPDATE ON stock_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stock_counts_apply();
CREATE TRIGGER stock_counts_delete AFTER DELETE ON stock_items
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stock_counts_apply();

-- ------------------------------------------------------------------ background jobs
-- api/src/jobs: a durable queue. Workers claim with FOR UPDATE SKIP LOCKED, beat a heartbeat while
-- running; a running job whose heartbeat stopped (its process died) is marked failed. A job's work
-- is one transaction, so a failed job has written nothing.
CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (char_length(kind) BETWEEN 1 AND 100),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Large input (an uploaded file); cleared when the job finishes.
  input text,
  progress_done integer NOT NULL DEFAULT 0,
  progress_total integer NOT NULL DEFAULT 0,
  result jsonb,
  error text,
  attempts integer NOT NULL DEFAULT 0,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  heartbeat_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX jobs_queued_idx ON jobs (created_at) WHERE status = 'queued';
CREATE INDEX jobs_running_idx ON jobs (heartbeat_at) WHERE status = 'running';
