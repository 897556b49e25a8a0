-- A number the tenant removed keeps no provider secret: its row stays (its messages, figures and
-- history name it), but what could still send as it goes with it. The one secret a number's
-- settings hold is a WhatsApp Cloud number's access token; the ids beside it (phone number id,
-- business account, verified name) name it in its history and stay. A WAHA number's settings
-- name its session and server only; the session itself is removed from WAHA with the number.
CREATE FUNCTION account_settings_without_secrets(settings jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT settings #- '{whatsappCloud,accessToken}' $$;

-- Whichever statement marks a number removed, or writes a removed number's settings later (an
-- operator's account:update), the secret does not stay in the row.
CREATE FUNCTION account_forget_removed_secrets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.removed_at IS NOT NULL THEN
    NEW.settings := account_settings_without_secrets(NEW.settings);
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER account_removed_secrets BEFORE INSERT OR UPDATE ON "account"
  FOR EACH ROW EXECUTE FUNCTION account_forget_removed_secrets();

-- Numbers removed before this release.
UPDATE "account" SET settings = account_settings_without_secrets(settings)
WHERE removed_at IS NOT NULL AND settings <> account_settings_without_secrets(settings);
