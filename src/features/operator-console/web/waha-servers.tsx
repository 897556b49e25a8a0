import { useState } from "preact/hooks";
import { command, type WahaServerRow } from "./api.js";
import { count, fill, type Lang } from "./i18n.js";
import type { Texts } from "./texts-en.js";

// The WAHA servers on the Numbers page: each with its sessions against its capacity, whether it
// answers (WAHA's own health check, asked as the list is read) and, while it is drained for
// maintenance, how the drain stands. A role that may run "change" commands drains a server (after
// a confirming press: its sessions move away) and stops draining it.

interface Props {
  t: Texts;
  lang: Lang;
  servers: WahaServerRow[];
  mayChange: boolean;
  /** After a drain or its end: what to say, and the list read again. */
  onChanged: (said: string) => void;
  onRefused: (err: unknown) => void;
}

const word = (t: Texts, key: string, fallback: string) => (t as Record<string, string>)[key] ?? fallback;

/** Each server as a choice of a select, by its name. */
export const serverOptions = (servers: WahaServerRow[]) =>
  servers.map((s) => (
    <option key={s.id} value={s.name}>
      {s.name}
    </option>
  ));

/** A server that a number may move to now: in service, with room. */
export const hasRoom = (s: WahaServerRow) => !s.draining && s.sessions < s.capacity;

export function WahaServers(props: Props) {
  const { t, servers } = props;
  return (
    <section class="figures" aria-labelledby="waha-servers">
      <h3 id="waha-servers">{t.wahaServers}</h3>
      {servers.length === 0 ? <p>{t.noServers}</p> : null}
      <ul class="servers">
        {servers.map((s) => (
          <ServerItem key={s.id} {...props} server={s} />
        ))}
      </ul>
    </section>
  );
}

function ServerItem({ t, lang, server: s, mayChange, onChanged, onRefused }: Omit<Props, "servers"> & { server: WahaServerRow }) {
  const [confirming, setConfirming] = useState(false);
  const act = (name: "waha-server:drain" | "waha-server:undrain", said: string) => {
    setConfirming(false);
    command(name, { name: s.name }).then(() => onChanged(fill(said, { name: s.name })), onRefused);
  };
  return (
    <li class="server" aria-labelledby={`server-${s.id}`}>
      <h4 id={`server-${s.id}`}>
        <span dir="ltr">{s.name}</span> <span class={`status answer-${s.answer.status}`}>{word(t, `answer_${s.answer.status}`, s.answer.status)}</span>{" "}
        {s.draining ? <span class="status status-draining">{t.draining}</span> : null}
      </h4>
      <p class="server-sessions">{fill(t.serverSessions, { sessions: count(lang, s.sessions), capacity: count(lang, s.capacity) })}</p>
      {s.answer.message ? (
        <p class="reason" dir="ltr">
          {s.answer.message}
        </p>
      ) : null}
      {s.drain?.stalled ? <p class="reason">{word(t, `drainStalled_${s.drain.stalled}`, s.drain.stalled)}</p> : null}
      {!mayChange ? null : s.draining ? (
        <button type="button" class="quiet" onClick={() => act("waha-server:undrain", t.undrainedNow)}>
          {fill(t.undrainServer, { name: s.name })}
        </button>
      ) : confirming ? (
        <button type="button" onClick={() => act("waha-server:drain", t.drainingNow)}>
          {fill(t.confirmDrain, { name: s.name })}
        </button>
      ) : (
        <button type="button" class="quiet" onClick={() => setConfirming(true)}>
          {fill(t.drainServer, { name: s.name })}
        </button>
      )}
    </li>
  );
}

/** Moving one number's session to another server with room: a select of those, and the button. */
export function MoveNumber({
  t,
  id,
  label,
  from,
  servers,
  onMoved,
  onRefused,
}: {
  t: Texts;
  id: number;
  label: string;
  from: string;
  servers: WahaServerRow[];
  onMoved: (said: string) => void;
  onRefused: (err: unknown) => void;
}) {
  const targets = servers.filter((s) => hasRoom(s) && s.name !== from);
  const [to, setTo] = useState("");
  if (targets.length === 0) return null;
  const chosen = targets.some((s) => s.name === to) ? to : targets[0]!.name;
  const move = (e: Event) => {
    e.preventDefault();
    command("waha-server:move", { account: id, to: chosen }).then(() => onMoved(fill(t.movedNow, { number: label, server: chosen })), onRefused);
  };
  return (
    <form class="move-number" onSubmit={move}>
      <label>
        {fill(t.moveTo, { number: label })}
        <select name="to" value={chosen} onChange={(e) => setTo((e.target as HTMLSelectElement).value)}>
          {serverOptions(targets)}
        </select>
      </label>
      <button type="submit">{fill(t.moveNumber, { number: label })}</button>
    </form>
  );
}
