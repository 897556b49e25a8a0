import { Alert } from "./alert.js";
import { Fragment } from "preact";
import { useEffect, useState } from "preact/hooks";
import { ApiError, serviceHealth, type ServiceHealth } from "./api.js";
import { count, fill, moment, textsOf, type Lang } from "./i18n.js";
import type { Texts } from "./texts-en.js";

// Health: the figures /metrics shows, in words, for an operator at a glance: the queue and how long
// its oldest due message has waited, the webhook backlog and its age, the Chatwoot relay both ways,
// exports, mails, messages by status, lost answers and housekeeping passes, and whether this
// server is ready (its database, migrations and Redis). Read again by Refresh.

type Row = [label: string, value: string];

interface Figures {
  id: string;
  heading: string;
  rows: Row[];
}

function Figures({ id: name, heading, rows }: Figures) {
  const id = `health-${name}`;
  return (
    <section class="figures" aria-labelledby={id}>
      <h3 id={id}>{heading}</h3>
      <dl>
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}

function sections(t: Texts, lang: Lang, h: ServiceHealth): Figures[] {
  const n = (v: number | undefined) => count(lang, v ?? 0);
  const age = (s: number) => (s > 0 ? fill(t.seconds, { n: count(lang, Math.round(s)) }) : t.none);
  const word = (key: string, fallback: string) => (t as Record<string, string>)[key] ?? fallback;
  const cw = (d: string) => h.chatwoot[d] ?? { backlog: 0, oldest_seconds: 0 };
  return [
    {
      id: "instance",
      heading: t.instance,
      rows: [
        [h.instance.id, h.instance.ready ? t.ready : t.notReady],
        ...Object.entries(h.instance.checks).map(([k, v]): Row => [word(`check_${k}`, k), v]),
        [t.websockets, n(h.instance.websockets)],
      ],
    },
    {
      id: "queue",
      heading: t.queue,
      rows: [
        [t.due, n(h.queue.due)],
        [t.oldest, age(h.queue.oldest_seconds)],
      ],
    },
    {
      id: "webhooks",
      heading: t.webhooks,
      rows: [
        [t.backlog, n(h.webhooks.backlog)],
        [t.oldest, age(h.webhooks.oldest_seconds)],
      ],
    },
    {
      id: "chatwoot",
      heading: t.chatwoot,
      rows: ["to_chatwoot", "to_whatsapp"].flatMap((d): Row[] => [
        [`${word(d, d)}: ${t.backlog}`, n(cw(d).backlog)],
        [`${word(d, d)}: ${t.oldest}`, age(cw(d).oldest_seconds)],
      ]),
    },
    {
      id: "exports",
      heading: t.exports,
      rows: [
        [t.exports_queued, n(h.exports.queued)],
        [t.exports_running, n(h.exports.running)],
        [t.mailsPending, n(h.mails_pending)],
      ],
    },
    {
      id: "messages",
      heading: t.messages,
      rows: [...["pending", "sending", "sent", "failed"].map((s): Row => [word(`message_${s}`, s), n(h.messages[s])]), [t.lostAnswers, n(h.lost_answers)]],
    },
    { id: "housekeeping", heading: t.housekeeping, rows: ["done", "failed"].map((o): Row => [word(`housekeeping_${o}`, o), n(h.housekeeping_passes[o])]) },
  ];
}

export function Health({ lang, onSignedOut }: { lang: Lang; onSignedOut: () => void }) {
  const t = textsOf(lang);
  const [health, setHealth] = useState<ServiceHealth | undefined>();
  const [error, setError] = useState<string | undefined>();
  const load = () =>
    serviceHealth().then(
      (h) => (setHealth(h), setError(undefined)),
      (err: unknown) => (err instanceof ApiError && err.code === "NOT_FOUND" ? onSignedOut() : setError(err instanceof ApiError ? err.message : String(err))),
    );
  useEffect(() => void load(), []);
  return (
    <section aria-labelledby="health-heading">
      <h2 id="health-heading">{t.health}</h2>
      <button type="button" onClick={() => void load()}>
        {t.refresh}
      </button>
      <Alert text={error} />
      {health ? (
        <>
          <p role="status" class="hint">
            {fill(t.readAt, { time: moment(lang, health.at) })}
          </p>
          <div class="health">
            {sections(t, lang, health).map((s) => (
              <Figures key={s.id} {...s} />
            ))}
          </div>
        </>
      ) : (
        <p>{t.loading}</p>
      )}
    </section>
  );
}
