-- Row-level security as the second line of the partner admin's scope (decision 0019): the API
-- filters every partner-owned query by the caller's partner; the database refuses the rest too.
--
-- A partner-scoped transaction (api/src/areas/partners/rls.ts) sets app.partner_id and switches
-- to the NOLOGIN role esim_partner_scope (SET LOCAL: both end with the transaction, so pooled
-- connections come back clean). Superusers bypass row-level security, and the console often
-- connects as one (PGlite's only user is); the role switch is what makes the policies apply.

-- Roles belong to the whole cluster: databases migrating at once (tests) may race to create it.
DO $$
BEGIN
  CREATE ROLE esim_partner_scope NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;

-- The connecting user may switch to it (a superuser always may).
GRANT esim_partner_scope TO CURRENT_USER;

-- Inside a scoped transaction the API still writes audit entries, reads tariff codes, creates
-- and revokes accounts: the role may use every table, and row-level security limits the
-- partner-owned ones. Tables of later migrations get the same grants.
GRANT USAGE ON SCHEMA public TO esim_partner_scope;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO esim_partner_scope;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO esim_partner_scope;
ALTER DEFAULT PRIVILEGES IN SCHEMA public
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO esim_partner_scope;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO esim_partner_scope;

-- The partner a scoped transaction may reach; NULL (nothing) when unset or empty.
CREATE FUNCTION app_partner_id() RETURNS uuid
LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('app.partner_id', true), '')::uuid
$$;

-- Each partner-owned table: a permissive policy that lets everyone through (the app's own role,
-- also when it owns the tables and FORCE applies to it) and a RESTRICTIVE one for the scope role
-- only, so within a scoped transaction a row must belong to app_partner_id() to be seen, changed
-- or written.
ALTER TABLE partners ENABLE ROW LEVEL SECURITY;
ALTER TABLE partners FORCE ROW LEVEL SECURITY;
CREATE POLICY partners_all ON partners USING (true) WITH CHECK (true);
CREATE POLICY partners_scope ON partners AS RESTRICTIVE TO esim_partner_scope
  USING (id = app_partner_id()) WITH CHECK (id = app_partner_id());

ALTER TABLE partner_slugs ENABLE ROW LEVEL SECURITY;
ALTER TABLE partner_slugs FORCE ROW LEVEL SECURITY;
CREATE POLICY partner_slugs_all ON partner_slugs USING (true) WITH CHECK (true);
CREATE POLICY partner_slugs_scope ON partner_slugs AS RESTRICTIVE TO esim_partner_scope
  USING (partner_id = app_partner_id()) WITH CHECK (partner_id = app_partner_id());

ALTER TABLE partner_custom_fields ENABLE ROW LEVEL SECURITY;
ALTER TABLE partner_custom_fields FORCE ROW LEVEL SECURITY;
CREATE POLICY partner_custom_fields_all ON partner_custom_fields USING (true) WITH CHECK (true);
CREATE POLICY partner_custom_fields_scope ON partner_custom_fields AS RESTRICTIVE
  TO esim_partner_scope
  USING (partner_id = app_partner_id()) WITH CHECK (partner_id = app_partner_id());

-- Users: within a scoped transaction only the partner's own accounts (sign-in and the staff's
-- queries never run as the scope role, so they see every user as before).
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
ALTER TABLE users FORCE ROW LEVEL SECURITY;
CREATE POLICY users_all ON users USING (true) WITH CHECK (true);
CREATE POLICY users_scope ON users AS RESTRICTIVE TO esim_partner_scope
  USING (partner_id = app_partner_id()) WITH CHECK (partner_id = app_partner_id());
