-- File uploads (docs/files.md, docs/decisions/0018-file-uploads.md): one row per upload link
-- given out by POST utils/upload-file. The row makes the link single-use (the local PUT claims
-- it pending -> receiving), records what was promised (purpose, name, size) and what the content
-- check found, and says whether the file at `key` may be used (status stored).
CREATE TABLE file_uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- <purpose folder>/<uuid>.<extension>; nothing of the user's file name.
  key text NOT NULL,
  purpose text NOT NULL,
  file_name text NOT NULL,
  -- The type the name promised (png, jpeg, webp, pdf); the content must be of it.
  file_type text NOT NULL,
  -- Bytes named in step one; the upload must be exactly these.
  size bigint NOT NULL CHECK (size > 0),
  storage text NOT NULL CHECK (storage IN ('local', 's3')),
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'receiving', 'verifying', 'stored', 'rejected', 'expired')),
  -- Found by the content check once stored.
  content_type text,
  stored_size bigint,
  -- The validation key that refused the content (fileTooLarge, fileExtension, fileEmpty, ...).
  rejected_reason text,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  completed_at timestamptz
);
CREATE UNIQUE INDEX file_uploads_key_unique ON file_uploads (key);
-- Links given out and not used: the pruning task walks them by expiry.
CREATE INDEX file_uploads_open_idx ON file_uploads (expires_at)
  WHERE status IN ('pending', 'receiving', 'verifying');
