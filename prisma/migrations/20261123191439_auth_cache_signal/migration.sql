-- API keys are cached by each server for a moment (src/services/key-cache.ts). Whatever changes
-- whether a key passes or what travels with it (revocation, the tenant's standing and plan, the
-- plan's limits, the send window) is announced on the `gateway_auth` channel, whoever makes the
-- change (another instance, the admin CLI, plain SQL), so every instance forgets its cached keys at
-- commit instead of at the end of the cache's lifetime. Statement-level: one notification per
-- change, and PostgreSQL folds identical notifications of one transaction into one.
-- (api_key's last_used_at, written once a minute per busy key, is left out on purpose.)
CREATE FUNCTION announce_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('gateway_auth', current_schema());
  RETURN NULL;
END $$;

CREATE TRIGGER api_key_auth_change AFTER UPDATE OF revoked_at, hash, prefix, tenant_id OR DELETE ON api_key
  FOR EACH STATEMENT EXECUTE FUNCTION announce_auth_change();
CREATE TRIGGER tenant_auth_change AFTER UPDATE OF status, subscription_ends_on, plan_id OR DELETE ON tenant
  FOR EACH STATEMENT EXECUTE FUNCTION announce_auth_change();
CREATE TRIGGER plan_auth_change AFTER UPDATE OR DELETE ON plan
  FOR EACH STATEMENT EXECUTE FUNCTION announce_auth_change();
CREATE TRIGGER send_window_auth_change AFTER INSERT OR UPDATE OR DELETE ON send_window
  FOR EACH STATEMENT EXECUTE FUNCTION announce_auth_change();
