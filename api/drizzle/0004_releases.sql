-- Release registry of the console's remotes (api/src/release-store): the published versions of
-- each remote, the version each remote is pinned to, and every pin change.
CREATE TABLE remote_versions (
  remote text NOT NULL CHECK (remote ~ '^[a-z][a-z0-9]*$'),
  version text NOT NULL CHECK (version ~ '^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$'),
  -- sha256 (hex) of the version's mf-manifest.json as published.
  manifest_hash text NOT NULL CHECK (manifest_hash ~ '^[0-9a-f]{64}$'),
  published_at timestamptz NOT NULL DEFAULT now(),
  published_by text NOT NULL,
  CONSTRAINT remote_versions_remote_version_unique UNIQUE (remote, version)
);

CREATE TABLE remote_pins (
  remote text PRIMARY KEY,
  version text NOT NULL,
  pinned_at timestamptz NOT NULL DEFAULT now(),
  pinned_by text NOT NULL,
  CONSTRAINT remote_pins_published FOREIGN KEY (remote, version)
    REFERENCES remote_versions (remote, version)
);

CREATE TABLE remote_pin_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  remote text NOT NULL,
  -- NULL for the first pin of a remote.
  from_version text,
  to_version text NOT NULL,
  -- 'pin' (a chosen version) or 'rollback' (back to the version pinned before).
  action text NOT NULL DEFAULT 'pin' CHECK (action IN ('pin', 'rollback')),
  pinned_by text NOT NULL,
  pinned_at timestamptz NOT NULL DEFAULT now(),
  reason text,
  CONSTRAINT remote_pin_history_published FOREIGN KEY (remote, to_version)
    REFERENCES remote_versions (remote, version)
);
CREATE INDEX remote_pin_history_remote_idx ON remote_pin_history (remote, id);
