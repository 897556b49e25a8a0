import { Alert } from "./alert.js";
import { useEffect, useState } from "preact/hooks";
import { ApiError, command, type FoundNumber, type WahaServerRow } from "./api.js";
import { count, fill, moment, phone, textsOf, type Lang } from "./i18n.js";
import { formFields } from "./forms.js";
import type { Texts } from "./texts-en.js";

// Numbers: every WAHA server with its sessions against its capacity, and every number of every
// business (number:search) found by the number, by #business id, by state or by server, each with
// its business, state and why, Meta's tier and quality, and its WAHA server and link's state.

const STATES = ["connected", "warming_up", "paused", "restricted", "disconnected", "banned", "token_invalid"] as const;
interface Query {
  q: string;
  state: string;
  server: string;
}

const word = (t: Texts, key: string, fallback: string) => (t as Record<string, string>)[key] ?? fallback;

function NumberCard({ t, lang, n }: { t: Texts; lang: Lang; n: FoundNumber }) {
  const facts: Array<[string, string]> = [
    [t.business, `${n.business.name} (#${n.business.id})`],
    [t.channel, n.channel ?? t.notSet],
    [t.stateReason, n.reason ?? t.notSet],
    [t.stateUntil, n.until ? moment(lang, n.until) : t.notSet],
    [t.tier, n.messagingTier === null ? t.notSet : count(lang, n.messagingTier)],
    [t.quality, n.quality ?? t.notSet],
    [t.wahaServer, n.wahaServer ? `${n.wahaServer}${n.linkState ? ` (${n.linkState})` : ""}` : t.notSet],
  ];
  return (
    <li class="business" aria-labelledby={`number-${n.id}`}>
      <h3 id={`number-${n.id}`}>
        {n.phoneNumber ? phone(lang, n.phoneNumber) : t.numberNotLinked} <span class={`status status-${n.state}`}>{word(t, `state_${n.state}`, n.state)}</span>
      </h3>
      <dl>{facts.map(([label, value]) => [<dt key={`${label}-t`}>{label}</dt>, <dd key={`${label}-d`}>{value}</dd>])}</dl>
    </li>
  );
}

function Servers({ t, lang, servers }: { t: Texts; lang: Lang; servers: WahaServerRow[] }) {
  return (
    <section class="figures" aria-labelledby="waha-servers">
      <h3 id="waha-servers">{t.wahaServers}</h3>
      {servers.length === 0 ? <p>{t.noServers}</p> : null}
      <dl>
        {servers.map((s) => [
          <dt key={`${s.id}-t`}>{s.name}</dt>,
          <dd key={`${s.id}-d`}>{fill(t.serverSessions, { sessions: count(lang, s.sessions), capacity: count(lang, s.capacity) })}</dd>,
        ])}
      </dl>
    </section>
  );
}

function NumberSearchForm({ t, servers, onSearch }: { t: Texts; servers: WahaServerRow[]; onSearch: (q: Query) => void }) {
  const submit = (e: Event) => {
    e.preventDefault();
    const field = formFields(e);
    onSearch({ q: field("q").trim(), state: field("state"), server: field("server") });
  };
  return (
    <form class="search numbers-search" role="search" onSubmit={submit}>
      <label>
        {t.numberSearchLabel}
        <input name="q" type="search" maxLength={40} dir="ltr" />
      </label>
      <label>
        {t.numberState}
        <select name="state">
          <option value="">{t.anyState}</option>
          {STATES.map((s) => (
            <option key={s} value={s}>
              {word(t, `state_${s}`, s)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t.wahaServer}
        <select name="server">
          <option value="">{t.anyServer}</option>
          {servers.map((s) => (
            <option key={s.id} value={s.name}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit">{t.search}</button>
    </form>
  );
}

export function Numbers({ lang }: { lang: Lang }) {
  const t = textsOf(lang);
  const [servers, setServers] = useState<WahaServerRow[]>([]);
  const [numbers, setNumbers] = useState<FoundNumber[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const failed = (err: unknown) => setError(err instanceof ApiError ? err.message : String(err));
  const search = (q: Query) => {
    const args = { ...(q.q ? { q: q.q } : {}), ...(q.state ? { state: q.state } : {}), ...(q.server ? { server: q.server } : {}) };
    command<{ numbers: FoundNumber[] }>("number:search", args).then((r) => (setNumbers(r.numbers), setError(undefined)), failed);
  };
  useEffect(() => {
    command<WahaServerRow[]>("waha-server:list", {}).then(setServers, failed);
    search({ q: "", state: "", server: "" });
  }, []);
  return (
    <section aria-labelledby="numbers-heading">
      <h2 id="numbers-heading">{t.numbersPage}</h2>
      <Servers t={t} lang={lang} servers={servers} />
      <NumberSearchForm t={t} servers={servers} onSearch={search} />
      <Alert text={error} />
      {numbers === undefined ? <p>{t.loading}</p> : numbers.length === 0 ? <p>{t.noNumberMatches}</p> : <p class="hint">{fill(t.found, { count: count(lang, numbers.length) })}</p>}
      <ul class="businesses">
        {numbers?.map((n) => (
          <NumberCard key={n.id} t={t} lang={lang} n={n} />
        ))}
      </ul>
    </section>
  );
}
