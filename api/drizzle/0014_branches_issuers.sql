-- Branches, their issuers and the issuers' document number sequences (docs/branches.md).
-- Mirrors src/db/schema/branches.ts.

-- ------------------------------------------------------------------ branches
CREATE TABLE branches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  code text NOT NULL CHECK (char_length(code) BETWEEN 1 AND 50),
  target text NOT NULL CHECK (target IN ('a2n_group', 'resale_partner', 'franchise', 'msp')),
  country_code text NOT NULL DEFAULT 'JP' REFERENCES countries (code),
  main_partner boolean NOT NULL DEFAULT false,
  provider_name text CHECK (char_length(provider_name) <= 100),
  payment_gateway text CHECK (char_length(payment_gateway) <= 100),
  payment_method_id integer REFERENCES payment_methods (id),
  inquiry_email text CHECK (char_length(inquiry_email) <= 255),
  inquiry_phone text CHECK (char_length(inquiry_phone) <= 20),
  inquiry_web text CHECK (char_length(inquiry_web) <= 255),
  residence_country_code text REFERENCES residence_countries (code),
  report_language text NOT NULL DEFAULT 'en' CHECK (report_language IN ('en', 'ja', 'de', 'th')),
  invoice_title text NOT NULL DEFAULT 'Invoice' CHECK (char_length(invoice_title) BETWEEN 1 AND 100),
  receipt_title text NOT NULL DEFAULT 'Receipt' CHECK (char_length(receipt_title) BETWEEN 1 AND 100),
  tax_name text NOT NULL DEFAULT 'VAT' CHECK (char_length(tax_name) BETWEEN 1 AND 100),
  tax_rate numeric(5, 2) NOT NULL DEFAULT 10 CHECK (tax_rate >= 0 AND tax_rate <= 100),
  -- Sanitised on the server before it is stored (src/areas/branches/template.ts).
  template_html text CHECK (char_length(template_html) <= 20000),
  -- The partner the branch sells through (PUT branch/select-partner). The partners area does not
  -- exist yet: its migration adds the foreign key (REFERENCES partners (id)) when it lands.
  partner_id uuid,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  updated_by text NOT NULL
);
-- Codes are unique case-insensitively.
CREATE UNIQUE INDEX branches_code_unique ON branches (lower(code));
CREATE INDEX branches_created_idx ON branches (created_at, id);
CREATE INDEX branches_partner_idx ON branches (partner_id) WHERE partner_id IS NOT NULL;

-- ------------------------------------------------------------------ issuers (branch items)
-- The legal entity that issues a branch's documents, with its country's registration data.
CREATE TABLE issuers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- A branch with issuers cannot be deleted (delete or move its issuers first).
  branch_id uuid NOT NULL REFERENCES branches (id) ON DELETE RESTRICT,
  country_code text NOT NULL CHECK (country_code IN ('JP', 'TH', 'DE')),
  legal_name text NOT NULL CHECK (char_length(legal_name) BETWEEN 1 AND 255),
  address text NOT NULL CHECK (char_length(address) BETWEEN 1 AND 500),
  postal_code text CHECK (char_length(postal_code) <= 10),
  phone text CHECK (char_length(phone) <= 20),
  email text CHECK (char_length(email) <= 255),
  -- JP: the qualified invoice issuer number; TH: the tax ID; DE: the VAT ID (check digits are
  -- verified by the API, shared/contracts/src/tax-ids.ts; the formats here are the last line).
  registration_number text NOT NULL,
  -- TH: head office / branch number (00000 = head office); NULL elsewhere.
  branch_number text,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  updated_by text NOT NULL,
  CONSTRAINT issuers_registration_format CHECK (
    (country_code = 'JP' AND registration_number ~ '^T[1-9][0-9]{12}$' AND branch_number IS NULL)
    OR (country_code = 'TH' AND registration_number ~ '^[0-9]{13}$'
        AND branch_number ~ '^[0-9]{5}$')
    OR (country_code = 'DE' AND registration_number ~ '^DE[1-9][0-9]{8}$' AND branch_number IS NULL)
  )
);
-- One issuer per registration (and Thai branch number) within a branch.
CREATE UNIQUE INDEX issuers_registration_unique
  ON issuers (branch_id, country_code, registration_number, coalesce(branch_number, ''));
CREATE INDEX issuers_branch_idx ON issuers (branch_id, created_at, id);

-- ------------------------------------------------------------------ document number sequences
-- Gapless numbering per issuer, document type and year: a number is taken with
-- INSERT .. ON CONFLICT DO UPDATE inside the transaction that stores the document, so the row
-- stays locked until that transaction ends and a rollback gives the number back
-- (src/areas/branches/numbering.ts allocateDocumentNumber).
CREATE TABLE document_sequences (
  issuer_id uuid NOT NULL REFERENCES issuers (id) ON DELETE RESTRICT,
  document_type text NOT NULL CHECK (document_type IN ('invoice', 'receipt', 'credit_note')),
  year smallint NOT NULL CHECK (year BETWEEN 2000 AND 9999),
  -- The number the next document gets.
  next_number bigint NOT NULL DEFAULT 1 CHECK (next_number >= 1),
  PRIMARY KEY (issuer_id, document_type, year)
);
