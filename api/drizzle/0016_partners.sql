-- Partners (issue 14; api/src/areas/partners, docs/partners.md); mirrors src/db/schema/partners.ts.

CREATE TABLE partners (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  code text NOT NULL,
  target text NOT NULL CHECK (target IN ('affiliate', 'corporate_customer')),
  representative_name text,
  phone text,
  login_email text,
  plan_type text NOT NULL DEFAULT 'entry'
    CHECK (plan_type IN ('entry', 'bronze', 'silver', 'gold', 'platinum')),
  -- Whole JPY.
  monthly_commit bigint CHECK (monthly_commit >= 0),
  -- Day of the month.
  billing_date smallint CHECK (billing_date BETWEEN 1 AND 31),
  website text,
  type_of_business text,
  business_model text,
  visible_fields text[] NOT NULL DEFAULT '{}',
  commission_type text NOT NULL DEFAULT 'percentage'
    CHECK (commission_type IN ('percentage', 'fixed_amount')),
  commission_value numeric(15, 2) CHECK (commission_value >= 0),
  -- A file key of utils/upload-file.
  logo_key text,
  url text,
  prefix text,
  slug text,
  old_slug text,
  tariff_code_id uuid REFERENCES tariff_codes(id) ON DELETE RESTRICT,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  updated_by text NOT NULL
);
CREATE UNIQUE INDEX partners_code_unique ON partners (lower(code));
CREATE UNIQUE INDEX partners_prefix_unique ON partners (lower(prefix)) WHERE prefix IS NOT NULL;
CREATE UNIQUE INDEX partners_slug_unique ON partners (slug) WHERE slug IS NOT NULL;
CREATE INDEX partners_created_idx ON partners (created_at, id);
CREATE INDEX partners_tariff_code_idx ON partners (tariff_code_id);

-- Every slug a partner has had (current and old): one owner per slug, so an old link never
-- resolves to another partner.
CREATE TABLE partner_slugs (
  slug text PRIMARY KEY,
  partner_id uuid NOT NULL REFERENCES partners(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX partner_slugs_partner_idx ON partner_slugs (partner_id);

-- The partner's custom fields: definition and value (validated by the definition in the API).
CREATE TABLE partner_custom_fields (
  partner_id uuid NOT NULL REFERENCES partners(id) ON DELETE CASCADE,
  position smallint NOT NULL,
  name text NOT NULL,
  data_type text NOT NULL CHECK (data_type IN ('string', 'number', 'boolean', 'file')),
  max_length integer CHECK (max_length BETWEEN 1 AND 1000),
  max_amount numeric(20, 6) CHECK (max_amount >= 0),
  value jsonb,
  PRIMARY KEY (partner_id, position)
);
CREATE UNIQUE INDEX partner_custom_fields_name_unique
  ON partner_custom_fields (partner_id, lower(name));

-- A partner's staff accounts: users bound to it (role administrators_partner).
ALTER TABLE users ADD COLUMN partner_id uuid REFERENCES partners(id) ON DELETE RESTRICT;
CREATE INDEX users_partner_idx ON users (partner_id) WHERE partner_id IS NOT NULL;

-- A branch's selected partner (branch/select-partner, migration 0014 left the link open until
-- partners existed). A partner a branch sells for cannot be deleted.
ALTER TABLE branches ADD CONSTRAINT branches_partner_fk
  FOREIGN KEY (partner_id) REFERENCES partners (id) ON DELETE RESTRICT;
