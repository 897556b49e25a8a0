import { Alert } from "./alert.js";
import { useEffect, useState } from "preact/hooks";
import { ApiError, command, type CommandKind, type FoundNumber, type WahaServerRow } from "./api.js";
import { count, fill, moment, phone, textsOf, type Lang } from "./i18n.js";
import { formFields } from "./forms.js";
import type { Texts } from "./texts-en.js";
import { MoveNumber, serverOptions, WahaServers } from "./waha-servers.js";

// Numbers: every WAHA server with its sessions against its capacity and whether it answers
// (waha-servers.tsx), and every number of every business (number:search) found by the number, by
// #business id, by state or by server, each with its business, state and why, Meta's tier and
// quality, and its WAHA server and link's state. A role that may run "change" commands drains a
// server and moves a number to another server; while a drain has sessions left that will move, the
// page reads the servers and numbers again every few seconds, so the operator sees them move.

const STATES = ["connected", "warming_up", "paused", "restricted", "disconnected", "banned", "token_invalid"] as const;
interface Query {
  q: string;
  state: string;
  server: string;
}

const word = (t: Texts, key: string, fallback: string) => (t as Record<string, string>)[key] ?? fallback;

/** How often the page reads the servers again while a drain has sessions left to move. */
const DRAIN_REFRESH_MS = 2_000;

interface CardProps {
  t: Texts;
  lang: Lang;
  n: FoundNumber;
  /** The servers a number may move to, when the role may move numbers. */
  servers: WahaServerRow[] | undefined;
  onMoved: (said: string) => void;
  onRefused: (err: unknown) => void;
}

function NumberCard({ t, lang, n, servers, onMoved, onRefused }: CardProps) {
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
      {servers && n.wahaServer ? (
        <MoveNumber
          t={t}
          id={n.id}
          label={n.phoneNumber ? phone(lang, n.phoneNumber) : fill(t.numberOf, { id: count(lang, n.id) })}
          from={n.wahaServer}
          servers={servers}
          onMoved={onMoved}
          onRefused={onRefused}
        />
      ) : null}
    </li>
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
          {serverOptions(servers)}
        </select>
      </label>
      <button type="submit">{t.search}</button>
    </form>
  );
}

/** A drain with sessions left that will move without the operator (room is the operator's to make). */
const moving = (servers: WahaServerRow[]) => servers.some((s) => s.drain && s.drain.left > 0 && s.drain.stalled !== "no_room");

export function Numbers({ lang, may }: { lang: Lang; may: CommandKind[] }) {
  const t = textsOf(lang);
  const [servers, setServers] = useState<WahaServerRow[]>([]);
  const [numbers, setNumbers] = useState<FoundNumber[] | undefined>();
  const [query, setQuery] = useState<Query>({ q: "", state: "", server: "" });
  const [said, setSaid] = useState("");
  const [error, setError] = useState<string | undefined>();
  const failed = (err: unknown) => setError(err instanceof ApiError ? err.message : String(err));
  const search = (q: Query) => {
    setQuery(q);
    const args = { ...(q.q ? { q: q.q } : {}), ...(q.state ? { state: q.state } : {}), ...(q.server ? { server: q.server } : {}) };
    command<{ numbers: FoundNumber[] }>("number:search", args).then((r) => (setNumbers(r.numbers), setError(undefined)), failed);
  };
  const reread = (q = query) => {
    command<WahaServerRow[]>("waha-server:list", {}).then(setServers, failed);
    search(q);
  };
  useEffect(() => reread(), []);
  useEffect(() => {
    if (!moving(servers)) return;
    const timer = setTimeout(() => reread(), DRAIN_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [servers]);
  const changed = (message: string) => {
    setSaid(message);
    setError(undefined);
    reread();
  };
  const mayChange = may.includes("change");
  return (
    <section aria-labelledby="numbers-heading">
      <h2 id="numbers-heading">{t.numbersPage}</h2>
      <p role="status" class="said">
        {said}
      </p>
      <WahaServers t={t} lang={lang} servers={servers} mayChange={mayChange} onChanged={changed} onRefused={failed} />
      <NumberSearchForm t={t} servers={servers} onSearch={search} />
      <Alert text={error} />
      {numbers === undefined ? <p>{t.loading}</p> : numbers.length === 0 ? <p>{t.noNumberMatches}</p> : <p class="hint">{fill(t.found, { count: count(lang, numbers.length) })}</p>}
      <ul class="businesses">
        {numbers?.map((n) => (
          <NumberCard key={n.id} t={t} lang={lang} n={n} servers={mayChange ? servers : undefined} onMoved={changed} onRefused={failed} />
        ))}
      </ul>
    </section>
  );
}
