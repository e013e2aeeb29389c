-- Releases that hold in production (issue 19; docs/remotes.md): what a pin checks, canary pins,
-- the console's load reports per version, and personal tokens for the release CLI.

-- sha256 (hex) of the version's remote entry as published, and the shared packages its
-- mf-manifest.json requires ([{ "package", "required" }]); NULL for versions published before
-- this migration (a pin records the entry hash it checked; the requirements are read from the
-- manifest then).
ALTER TABLE remote_versions
  ADD COLUMN entry_hash text CHECK (entry_hash ~ '^[0-9a-f]{64}$'),
  ADD COLUMN shared_requirements jsonb;

-- A pin that overrode the compatibility gate (the reason says why).
ALTER TABLE remote_pin_history ADD COLUMN forced boolean NOT NULL DEFAULT false;

-- At most one canary per remote, beside its main pin: a share of users (stable per user) and/or
-- some roles get `version` instead of the pinned one.
CREATE TABLE remote_canaries (
  remote text PRIMARY KEY,
  version text NOT NULL,
  percent integer CHECK (percent BETWEEN 1 AND 99),
  role_ids text[] NOT NULL DEFAULT '{}',
  set_by text NOT NULL,
  set_at timestamptz NOT NULL DEFAULT now(),
  reason text NOT NULL,
  CONSTRAINT remote_canaries_published FOREIGN KEY (remote, version)
    REFERENCES remote_versions (remote, version),
  CONSTRAINT remote_canaries_audience CHECK (percent IS NOT NULL OR cardinality(role_ids) > 0)
);

-- What the console reported while loading and rendering remotes: counts per remote, version and
-- hour (never a row per event), pruned after RELEASE_BEACON_RETENTION_DAYS.
CREATE TABLE remote_load_reports (
  remote text NOT NULL,
  version text NOT NULL,
  hour timestamptz NOT NULL,
  loads integer NOT NULL DEFAULT 0 CHECK (loads >= 0),
  failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  last_failure text,
  PRIMARY KEY (remote, version, hour),
  CONSTRAINT remote_load_reports_published FOREIGN KEY (remote, version)
    REFERENCES remote_versions (remote, version)
);
CREATE INDEX remote_load_reports_hour_idx ON remote_load_reports (hour);

-- Personal tokens of release managers for the release CLI: stored as sha256, shown once. A
-- request with one acts as its user with the user's current role (docs/decisions/0025).
CREATE TABLE release_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  prefix text NOT NULL,
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX release_tokens_user_idx ON release_tokens (user_id, created_at DESC);
