import { useEffect, useState } from "preact/hooks";
import { ApiError, request } from "../../api.js";
import { ApiKeysQuery, CreateApiKeyMutation, RevokeApiKeyMutation, RotateApiKeyMutation } from "../../queries-access.js";
import type { ApiKeyFieldsFragment } from "../../gql/graphql.js";
import type { PageProps } from "../../page.js";
import type { TextKey, Texts } from "../../i18n.js";
import { Bidi, Failure, fieldText, Table, type Column, Notices } from "../parts.js";
import { ShownOnce } from "./shown-once.js";
import { FIGURES } from "../../figures.js";

// API keys: the list (never a secret), a new key with a label, the scopes it may use (only the
// caller's own: the server refuses more) and an optional end; its secret shown once. Revoking and
// rotating ask first, in the page, since a system using the key is refused at once.

type Key = ApiKeyFieldsFragment;
type Pending = { kind: "revoke" | "rotate"; key: Key };

const OVERLAPS = [0, 3_600, 86_400, 604_800];

export function Keys({ tx, session }: PageProps) {
  const [keys, setKeys] = useState<Key[] | undefined>();
  const [failure, setFailure] = useState<Error | undefined>();
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState("");
  const [secret, setSecret] = useState<{ label: string; value: string } | undefined>();
  const [pending, setPending] = useState<Pending | undefined>();
  const load = () => request(ApiKeysQuery).then((d) => setKeys(d.apiKeys), setFailure);
  useEffect(() => void load(), []);
  const run = (work: () => Promise<string | undefined>) => {
    setProblem("");
    work().then(
      async (done) => {
        setPending(undefined);
        if (done) setStatus(done);
        await load();
      },
      (err: unknown) => (err instanceof ApiError ? setProblem(Object.values(err.fields).join(" ") || err.message) : setFailure(err as Error)),
    );
  };
  const create = (input: { label: string; scopes: string[]; expiresAt?: string }) =>
    run(async () => {
      const r = await request(CreateApiKeyMutation, { input });
      setSecret({ label: r.createApiKey.key.label, value: r.createApiKey.secret });
      return tx.t("keyCreated", { label: r.createApiKey.key.label });
    });
  if (failure) return <Failure tx={tx} error={failure} />;
  if (!keys) return <p>{tx.t("loading")}</p>;
  return (
    <>
      <h2>{tx.t("keys")}</h2>
      <p>{tx.t("keysHelp")}</p>
      <Notices status={status} problem={problem} />
      {secret && <ShownOnce tx={tx} title={tx.t("secretTitle", { label: secret.label })} help={tx.t("secretOnce")} value={secret.value} onClose={() => setSecret(undefined)} />}
      {pending && <Confirm tx={tx} pending={pending} onCancel={() => setPending(undefined)} run={run} onSecret={setSecret} />}
      {keys.length === 0 ? <p>{tx.t("noKeys")}</p> : <Table columns={keyColumns(tx, setPending)} rows={keys} rowKey={(k) => k.id} />}
      <NewKey tx={tx} scopes={session.scopes} onCreate={create} onProblem={setProblem} />
    </>
  );
}

function NewKey({
  tx,
  scopes,
  onCreate,
  onProblem,
}: {
  tx: Texts;
  scopes: string[];
  onCreate: (input: { label: string; scopes: string[]; expiresAt?: string }) => void;
  onProblem: (p: string) => void;
}) {
  const submit = (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const f = new FormData(form);
    const chosen = scopes.filter((s) => f.get(`scope-${s}`) === "on");
    if (chosen.length === 0) return onProblem(tx.t("pickScope"));
    const expires = fieldText(f, "expires");
    onCreate({ label: fieldText(f, "label"), scopes: chosen, ...(expires ? { expiresAt: new Date(expires).toISOString() } : {}) });
    form.reset();
  };
  return (
    <form class="settings" onSubmit={submit}>
      <h3>{tx.t("newKey")}</h3>
      <label for="key-label">{tx.t("keyLabel")}</label>
      <input id="key-label" name="label" required maxLength={FIGURES.nameMax} />
      <fieldset class="scopes">
        <legend>{tx.t("keyScopes")}</legend>
        <p class="help">{tx.t("keyScopesHelp")}</p>
        {scopes.map((s) => (
          <span class="check" key={s}>
            <input type="checkbox" id={`scope-${s}`} name={`scope-${s}`} />
            <label for={`scope-${s}`}>
              {tx.t(`scope_${s}` as TextKey)} (<code dir="ltr">{s}</code>)
            </label>
          </span>
        ))}
      </fieldset>
      <label for="key-expires">{tx.t("keyExpires")}</label>
      <input id="key-expires" name="expires" type="datetime-local" />
      <div class="actions">
        <button type="submit">{tx.t("createKey")}</button>
      </div>
    </form>
  );
}

type Run = (work: () => Promise<string | undefined>) => void;

/** Asks before revoking or rotating a key, with the rotation's overlap to choose. */
function Confirm({
  tx,
  pending,
  onCancel,
  run,
  onSecret,
}: {
  tx: Texts;
  pending: Pending;
  onCancel: () => void;
  run: Run;
  onSecret: (s: { label: string; value: string }) => void;
}) {
  const { kind, key } = pending;
  const submit = (e: Event) => {
    e.preventDefault();
    const overlapSeconds = Number(new FormData(e.currentTarget as HTMLFormElement).get("overlap") ?? 0);
    run(async () => {
      if (kind === "revoke") {
        await request(RevokeApiKeyMutation, { id: key.id });
        return tx.t("keyRevoked", { label: key.label });
      }
      const r = await request(RotateApiKeyMutation, { id: key.id, overlapSeconds });
      onSecret({ label: key.label, value: r.rotateApiKey.secret });
      return tx.t("keyRotated", { label: key.label });
    });
  };
  return (
    <form class="ask" onSubmit={submit} aria-labelledby="confirm-title">
      <p id="confirm-title">{tx.t(kind === "revoke" ? "revokeConfirm" : "rotateConfirm", { label: key.label })}</p>
      {kind === "rotate" && (
        <>
          <label for="overlap">{tx.t("rotateOverlap")}</label>
          <select id="overlap" name="overlap">
            {OVERLAPS.map((o) => (
              <option key={o} value={o} selected={o === 86_400}>
                {tx.t(`overlap_${o}` as TextKey)}
              </option>
            ))}
          </select>
        </>
      )}
      <div class="actions">
        <button type="submit" autoFocus>
          {tx.t(kind === "revoke" ? "revokeYes" : "rotateYes")}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          {tx.t("keep")}
        </button>
      </div>
    </form>
  );
}

function keyColumns(tx: Texts, ask: (p: Pending) => void): Array<Column<Key>> {
  const when = (iso: string | null | undefined, none: TextKey) => (iso ? tx.dateTime(iso) : tx.t(none));
  return [
    { label: tx.t("keyLabelShort"), title: true, cell: (k) => <Bidi>{k.label}</Bidi> },
    { label: tx.t("keyPrefix"), dir: "ltr", cell: (k) => k.prefix },
    { label: tx.t("keyScopes"), dir: "ltr", cell: (k) => k.scopes.join(", ") },
    { label: tx.t("state"), cell: (k) => <span class={k.state === "active" ? "state" : "state paused"}>{tx.t(`keyState_${k.state}` as TextKey)}</span> },
    { label: tx.t("lastUsed"), cell: (k) => when(k.lastUsedAt, "never") },
    { label: tx.t("keyExpiresShort"), cell: (k) => when(k.expiresAt, "noExpiry") },
    {
      label: tx.t("keyActions"),
      buttons: true,
      cell: (k) =>
        k.state === "revoked" ? null : (
          <div class="row-actions">
            <button type="button" class="secondary" aria-label={tx.t("rotateOne", { label: k.label })} onClick={() => ask({ kind: "rotate", key: k })}>
              {tx.t("rotate")}
            </button>
            <button type="button" class="secondary" aria-label={tx.t("revokeOne", { label: k.label })} onClick={() => ask({ kind: "revoke", key: k })}>
              {tx.t("revoke")}
            </button>
          </div>
        ),
    },
  ];
}
