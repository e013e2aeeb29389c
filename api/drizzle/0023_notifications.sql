-- Notices: maintenance and system news (issue 18, docs/notifications.md).
--
-- A notice is published in up to four languages (English required; the others NULL when not
-- written) with a validity period [valid_from, valid_to); valid_to NULL = open-ended. Title and
-- body are plain text (the console never renders them as HTML). Each user's read mark is a
-- notice_reads row; withdrawing a notice deletes it with its marks (the audit log keeps it).

-- The fixed tag list (utils/model/list 'notificationsTag').
CREATE TABLE notification_tags (
  code text PRIMARY KEY,
  sort_order smallint NOT NULL UNIQUE
);
INSERT INTO notification_tags (code, sort_order) VALUES
  ('maintenance', 1),
  ('system', 2),
  ('release', 3),
  ('other', 4);

CREATE TABLE notices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tag text NOT NULL REFERENCES notification_tags(code),
  severity text NOT NULL DEFAULT 'info' CHECK (severity IN ('info', 'warning')),
  title_en text NOT NULL CHECK (length(title_en) BETWEEN 1 AND 255),
  title_ja text CHECK (length(title_ja) BETWEEN 1 AND 255),
  title_de text CHECK (length(title_de) BETWEEN 1 AND 255),
  title_th text CHECK (length(title_th) BETWEEN 1 AND 255),
  body_en text NOT NULL CHECK (length(body_en) BETWEEN 1 AND 4000),
  body_ja text CHECK (length(body_ja) BETWEEN 1 AND 4000),
  body_de text CHECK (length(body_de) BETWEEN 1 AND 4000),
  body_th text CHECK (length(body_th) BETWEEN 1 AND 4000),
  valid_from timestamptz NOT NULL,
  valid_to timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  updated_by text NOT NULL,
  CHECK (valid_to IS NULL OR valid_to > valid_from)
);
-- The readers' question: valid now, newest first.
CREATE INDEX notices_validity_idx ON notices (valid_from DESC, valid_to);
CREATE INDEX notices_created_idx ON notices (created_at DESC, id);

CREATE TABLE notice_reads (
  notice_id uuid NOT NULL REFERENCES notices(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, notice_id)
);
CREATE INDEX notice_reads_notice_idx ON notice_reads (notice_id);
