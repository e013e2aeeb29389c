-- Local Cognito-compatible identity service (api/src/identity); mirrors src/db/schema/identity.ts.
-- OTP codes, challenge sessions and refresh tokens are stored as hashes only.

CREATE TABLE identity_signing_keys (
  kid text PRIMARY KEY,
  alg text NOT NULL DEFAULT 'RS256',
  public_jwk jsonb NOT NULL,
  private_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);
-- At most one active signing key: replicas starting together race on this index, one wins.
CREATE UNIQUE INDEX identity_signing_keys_one_active ON identity_signing_keys ((true)) WHERE retired_at IS NULL;

CREATE TABLE identity_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE identity_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_hash text NOT NULL UNIQUE,
  code_hash text NOT NULL,
  answers_left smallint NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed', 'superseded')),
  client_ip text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_challenges_user_idx ON identity_challenges(user_id, created_at);

CREATE TABLE identity_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id text NOT NULL,
  event_id uuid NOT NULL DEFAULT gen_random_uuid(),
  auth_time timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_refreshed_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_sessions_user_idx ON identity_sessions(user_id);

CREATE TABLE identity_refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES identity_sessions(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  rotated_at timestamptz
);
CREATE INDEX identity_refresh_tokens_session_idx ON identity_refresh_tokens(session_id);

CREATE TABLE identity_revocations (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  revoked_before timestamptz NOT NULL
);

CREATE TABLE identity_rate_events (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_rate_events_key_idx ON identity_rate_events(key, created_at);
