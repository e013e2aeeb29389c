-- Order documents (issue 16; api/src/areas/orders/documents*.ts, docs/documents.md "Order
-- documents", decision 0022); mirrors src/db/schema/order-documents.ts.

-- An issued invoice, receipt or credit note of an order. Issued = numbered (gapless per issuer,
-- type and year: document_sequences, allocated in the transaction that inserts the row) and
-- immutable: `data` is the document as printed (DocumentData, api/src/documents/types.ts) and the
-- PDF is made from it. The PDF is rendered after the insert commits, so it may be NULL for a
-- while (or after a failed render); it is set once, and never changed after.
CREATE TABLE order_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE RESTRICT,
  -- The order's partner (row-level security for the partner's own staff).
  partner_id uuid NOT NULL REFERENCES partners(id) ON DELETE RESTRICT,
  issuer_id uuid NOT NULL REFERENCES issuers(id) ON DELETE RESTRICT,
  branch_id uuid NOT NULL REFERENCES branches(id) ON DELETE RESTRICT,
  type text NOT NULL CHECK (type IN ('invoice', 'receipt', 'credit_note')),
  -- The issuer's country: which law's fields the document carries.
  jurisdiction text NOT NULL CHECK (jurisdiction IN ('JP', 'TH', 'DE')),
  -- formatDocumentNumber(type, year, sequence): INV-2026-000042.
  number text NOT NULL,
  year smallint NOT NULL CHECK (year BETWEEN 2000 AND 9999),
  sequence integer NOT NULL CHECK (sequence >= 1),
  issue_date date NOT NULL,
  -- The eSIMs (order_items) it covers: a partial export lists some of the order's.
  item_ids uuid[] NOT NULL CHECK (cardinality(item_ids) >= 1),
  -- A credit note: the invoice of the same order it corrects, and why.
  original_id uuid REFERENCES order_documents(id) ON DELETE RESTRICT,
  reason text,
  language text NOT NULL CHECK (language IN ('en', 'ja', 'de', 'th')),
  currency text NOT NULL,
  buyer_name text NOT NULL,
  -- In the currency's minor unit (JPY: yen), as printed.
  net bigint NOT NULL,
  tax bigint NOT NULL,
  gross bigint NOT NULL CHECK (gross = net + tax),
  data jsonb NOT NULL,
  pdf bytea,
  pdf_sha256 text,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  CONSTRAINT order_documents_credit_note_original
    CHECK ((type = 'credit_note') = (original_id IS NOT NULL)),
  CONSTRAINT order_documents_pdf_hash CHECK ((pdf IS NULL) = (pdf_sha256 IS NULL))
);
-- A number is never given twice (the sequence already guarantees it; this is the last line).
CREATE UNIQUE INDEX order_documents_number_unique ON order_documents (issuer_id, type, number);
-- An order's documents, newest first (the list, the options' "already documented").
CREATE INDEX order_documents_order_idx ON order_documents (order_id, created_at DESC, id DESC);
-- The buyer printed last for a partner (the next document's default).
CREATE INDEX order_documents_partner_idx ON order_documents (partner_id, created_at DESC, id DESC);
-- The credit notes of an invoice (an eSIM is credited once).
CREATE INDEX order_documents_original_idx ON order_documents (original_id)
  WHERE original_id IS NOT NULL;

-- Immutable: no DELETE, no TRUNCATE, and no UPDATE except storing the PDF once (pdf and its
-- sha256, both from NULL, the hash matching the bytes, nothing else changed).
CREATE FUNCTION order_documents_immutable() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD.pdf IS NULL AND OLD.pdf_sha256 IS NULL
     AND NEW.pdf IS NOT NULL
     AND NEW.pdf_sha256 = encode(sha256(NEW.pdf), 'hex')
     AND (to_jsonb(NEW) - 'pdf' - 'pdf_sha256') = (to_jsonb(OLD) - 'pdf' - 'pdf_sha256') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'order_documents are immutable: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER order_documents_no_change
  BEFORE UPDATE OR DELETE ON order_documents
  FOR EACH ROW EXECUTE FUNCTION order_documents_immutable();

CREATE TRIGGER order_documents_no_truncate
  BEFORE TRUNCATE ON order_documents
  FOR EACH STATEMENT EXECUTE FUNCTION order_documents_immutable();

-- One batch of documents (POST order/document/batch): one document per order, issued by the job
-- 'order.document.batch', its progress here (GET order/document/batch?id=).
CREATE TABLE document_batches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL CHECK (type IN ('invoice', 'receipt')),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  total integer NOT NULL CHECK (total >= 1),
  done integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  -- [{ orderId, orderNo, message }]: the orders that could not be documented, and why.
  errors jsonb NOT NULL DEFAULT '[]',
  order_ids uuid[] NOT NULL,
  -- The job record that runs it (jobs.id): a job that died leaves the batch failed.
  job_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL
);

-- The partner admin's scope (decision 0019): a partner's own staff see their orders' documents
-- only; batches are the reseller staff's (none within a scoped transaction).
ALTER TABLE order_documents ENABLE ROW LEVEL SECURITY;
ALTER TABLE order_documents FORCE ROW LEVEL SECURITY;
CREATE POLICY order_documents_all ON order_documents USING (true) WITH CHECK (true);
CREATE POLICY order_documents_scope ON order_documents AS RESTRICTIVE TO esim_partner_scope
  USING (partner_id = app_partner_id()) WITH CHECK (partner_id = app_partner_id());

ALTER TABLE document_batches ENABLE ROW LEVEL SECURITY;
ALTER TABLE document_batches FORCE ROW LEVEL SECURITY;
CREATE POLICY document_batches_all ON document_batches USING (true) WITH CHECK (true);
CREATE POLICY document_batches_scope ON document_batches AS RESTRICTIVE TO esim_partner_scope
  USING (false) WITH CHECK (false);
