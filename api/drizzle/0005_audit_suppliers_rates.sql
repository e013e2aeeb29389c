-- Audit history (every area), suppliers, exchange rates. Mirrors src/db/schema/{audit,suppliers,
-- exchange-rates}.ts. docs/audit.md explains the audit log; docs/api.md the calls.

-- ------------------------------------------------------------------ audit log
-- One row per create/update/delete of a business record, written in the same transaction as the
-- change (api/src/audit recordAudit). Append-only: the triggers below refuse UPDATE, DELETE and
-- TRUNCATE, so not even a bug in the API can rewrite history. No foreign keys on purpose: the
-- log outlives the records (and users) it mentions, and a cascading FK would be an UPDATE/DELETE.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  entity_type text NOT NULL CHECK (entity_type ~ '^[A-Za-z][A-Za-z0-9_-]{0,49}$'),
  entity_id text NOT NULL CHECK (char_length(entity_id) BETWEEN 1 AND 100),
  action text NOT NULL CHECK (action IN ('create', 'update', 'delete')),
  -- NULL for the system (seed, jobs); actor_email is 'system' then.
  actor_user_id uuid,
  actor_email text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  -- [{ "field": "name", "before": "Old", "after": "New" }, ...]; secrets appear as "[redacted]".
  changes jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(changes) = 'array')
);
CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id, id DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER audit_log_no_update_delete
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- ------------------------------------------------------------------ suppliers
CREATE TABLE suppliers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  target text CHECK (char_length(target) <= 100),
  type text CHECK (char_length(type) <= 100),
  abbreviation text CHECK (char_length(abbreviation) <= 10),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  company_name text CHECK (char_length(company_name) <= 100),
  contact_name text CHECK (char_length(contact_name) <= 100),
  email text CHECK (char_length(email) <= 255),
  phone text CHECK (char_length(phone) <= 20),
  mobile text CHECK (char_length(mobile) <= 20),
  address text CHECK (char_length(address) <= 255),
  office_address text CHECK (char_length(office_address) <= 255),
  country_code text REFERENCES countries (code),
  postal_code text CHECK (char_length(postal_code) <= 10),
  remark text CHECK (char_length(remark) <= 1000),
  currency text NOT NULL DEFAULT 'JPY' REFERENCES round_currency (iso_code),
  purchase_currency text NOT NULL DEFAULT 'JPY' REFERENCES round_currency (iso_code),
  delivery_type text NOT NULL CHECK (delivery_type IN ('api', 'stock')),
  -- Connector settings, only for delivery type api. The API key is sealed with AES-256-GCM
  -- (api/src/secrets, key from SECRET_KEY): 'v1:<iv>:<tag>:<ciphertext>', never plain text.
  connector_kind text CHECK (connector_kind IN ('esimgo', 'generic')),
  connector_base_url text CHECK (char_length(connector_base_url) <= 255),
  connector_api_key text CHECK (connector_api_key LIKE 'v1:%'),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  updated_by text NOT NULL,
  CONSTRAINT suppliers_connector_only_for_api CHECK (
    delivery_type = 'api'
    OR (connector_kind IS NULL AND connector_base_url IS NULL AND connector_api_key IS NULL)
  )
);
-- Names are unique case-insensitively ('Name already existed in the database.').
CREATE UNIQUE INDEX suppliers_name_unique ON suppliers (lower(name));
CREATE INDEX suppliers_created_idx ON suppliers (created_at, id);
CREATE INDEX suppliers_status_idx ON suppliers (status);

-- ------------------------------------------------------------------ exchange rates
-- 1 unit of `currency` = `rate` units of `base_currency` (JPY). History is kept: the current rate
-- of a currency is the one with the latest effective_date <= today, ties broken by the latest
-- created_at (clock_timestamp: distinct even for rows of one import transaction).
CREATE TABLE exchange_rates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  currency text NOT NULL REFERENCES round_currency (iso_code),
  base_currency text NOT NULL DEFAULT 'JPY' REFERENCES round_currency (iso_code),
  rate numeric(20, 8) NOT NULL CHECK (rate > 0),
  effective_date date NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  created_by text NOT NULL,
  CONSTRAINT exchange_rates_not_same_currency CHECK (currency <> base_currency)
);
CREATE INDEX exchange_rates_current_idx
  ON exchange_rates (currency, base_currency, effective_date DESC, created_at DESC);
CREATE INDEX exchange_rates_effective_idx ON exchange_rates (effective_date);
