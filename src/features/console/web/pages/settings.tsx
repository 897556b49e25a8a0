import { useEffect, useState } from "preact/hooks";
import { ApiError, request } from "../api.js";
import { CreateWebhookMutation, ReplayDeliveryMutation, SetSendWindowMutation, SetStopWordsMutation, SettingsQuery } from "../queries.js";
import type { ConsoleSettingsQuery, WeekDay } from "../gql/graphql.js";
import type { PageProps } from "../page.js";
import type { TextKey, Texts } from "../i18n.js";
import { Bidi, Failure, fieldText, Table, type Column } from "./parts.js";

// Settings: the send window with its time zone, the stop words, and the webhooks with their latest
// deliveries, each of which can be sent again. Refusals show the API's words under the form.

const DAYS: WeekDay[] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

type Settings = ConsoleSettingsQuery;
type Run = (work: () => Promise<unknown>, done: string) => void;

export function SettingsPage({ tx }: PageProps) {
  const [settings, setSettings] = useState<Settings | undefined>();
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState("");
  const [failure, setFailure] = useState<Error | undefined>();
  const load = () => request(SettingsQuery).then(setSettings, setFailure);
  useEffect(() => void load(), []);
  const run: Run = (work, done) => {
    setProblem("");
    work().then(
      async () => {
        setStatus(done);
        await load();
      },
      (err: unknown) => (err instanceof ApiError ? setProblem(Object.values(err.fields).join(" ") || err.message) : setFailure(err as Error)),
    );
  };
  if (failure) return <Failure tx={tx} error={failure} />;
  if (!settings) return <p>{tx.t("loading")}</p>;
  return (
    <>
      <h2>{tx.t("settings")}</h2>
      <p role="status" class="notice">
        {status}
      </p>
      {problem && (
        <p role="alert" class="error">
          <Bidi>{problem}</Bidi>
        </p>
      )}
      <SendWindowForm tx={tx} settings={settings} run={run} />
      <StopWordsForm tx={tx} settings={settings} run={run} />
      <Webhooks tx={tx} settings={settings} run={run} setStatus={setStatus} />
    </>
  );
}

function SendWindowForm({ tx, settings, run }: { tx: Texts; settings: Settings; run: Run }) {
  const w = settings.sendWindow;
  const submit = (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const input = { days: DAYS.filter((d) => f.get(`day-${d}`) === "on"), start: fieldText(f, "start"), end: fieldText(f, "end"), timeZone: fieldText(f, "timeZone") };
    run(() => request(SetSendWindowMutation, { input }), tx.t("sendWindow"));
  };
  return (
    <form class="settings" onSubmit={submit} key={JSON.stringify(w)}>
      <h3>{tx.t("sendWindow")}</h3>
      <p>{w ? tx.t("sendWindowHelp") : tx.t("noWindow")}</p>
      <fieldset>
        <legend>{tx.t("days")}</legend>
        {DAYS.map((d) => (
          <span class="check" key={d}>
            <input type="checkbox" id={`day-${d}`} name={`day-${d}`} defaultChecked={w?.days.includes(d) ?? false} />
            <label for={`day-${d}`}>{tx.t(`day_${d}` as TextKey)}</label>
          </span>
        ))}
      </fieldset>
      <label for="w-start">{tx.t("start")}</label>
      <input id="w-start" name="start" type="time" required defaultValue={w?.start ?? "09:00"} />
      <label for="w-end">{tx.t("end")}</label>
      <input id="w-end" name="end" type="time" required defaultValue={w?.end ?? "21:00"} />
      <label for="w-zone">{tx.t("timeZone")}</label>
      <input id="w-zone" name="timeZone" dir="ltr" required defaultValue={w?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone} />
      <div class="actions">
        <button type="submit">{tx.t("save")}</button>
        {w && (
          <button type="button" class="secondary" onClick={() => run(() => request(SetSendWindowMutation, { input: null }), tx.t("noWindow"))}>
            {tx.t("clearWindow")}
          </button>
        )}
      </div>
    </form>
  );
}

function StopWordsForm({ tx, settings, run }: { tx: Texts; settings: Settings; run: Run }) {
  const c = settings.consentSettings;
  const submit = (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const stopWords = fieldText(f, "stopWords")
      .split("\n")
      .map((w) => w.trim())
      .filter(Boolean);
    run(() => request(SetStopWordsMutation, { stopWords, useDefaultStopWords: f.get("defaults") === "on" }), tx.t("stopWords"));
  };
  return (
    <form class="settings" onSubmit={submit} key={JSON.stringify(c)}>
      <label for="stop-words">{tx.t("stopWords")}</label>
      <textarea id="stop-words" name="stopWords" rows={4} defaultValue={c.stopWords.join("\n")} />
      <span class="check">
        <input type="checkbox" id="stop-defaults" name="defaults" defaultChecked={c.useDefaultStopWords} />
        <label for="stop-defaults">
          {tx.t("useDefaults")}: <Bidi>{c.defaultStopWords.join("، ")}</Bidi>
        </label>
      </span>
      <div class="actions">
        <button type="submit">{tx.t("save")}</button>
      </div>
    </form>
  );
}

function Webhooks({ tx, settings, run, setStatus }: { tx: Texts; settings: Settings; run: Run; setStatus: (s: string) => void }) {
  const add = (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const url = fieldText(new FormData(form), "url");
    run(async () => {
      const r = await request(CreateWebhookMutation, { input: { url } });
      form.reset();
      setTimeout(() => setStatus(tx.t("webhookSecret", { secret: r.createWebhookEndpoint.secret })));
    }, "");
  };
  const deliveries = settings.webhookDeliveries.edges.map((e) => e.node);
  return (
    <section class="settings">
      <h3>{tx.t("webhooks")}</h3>
      {settings.webhookEndpoints.length === 0 ? (
        <p>{tx.t("noWebhooks")}</p>
      ) : (
        <ul>
          {settings.webhookEndpoints.map((w) => (
            <li key={w.id}>
              <bdi dir="ltr">{w.url}</bdi>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add}>
        <label for="hook-url">{tx.t("webhookUrl")}</label>
        <input id="hook-url" name="url" type="url" dir="ltr" required /> <button type="submit">{tx.t("addWebhook")}</button>
      </form>
      <h4>{tx.t("deliveries")}</h4>
      {deliveries.length === 0 ? <p>{tx.t("noDeliveries")}</p> : <Table columns={deliveryColumns(tx, run)} rows={deliveries} rowKey={(d) => d.id} />}
    </section>
  );
}

type Delivery = Settings["webhookDeliveries"]["edges"][number]["node"];

function deliveryColumns(tx: Texts, run: Run): Array<Column<Delivery>> {
  return [
    { label: tx.t("event"), title: true, dir: "ltr", cell: (d) => d.eventType },
    {
      label: tx.t("status"),
      cell: (d) => (
        <>
          {d.status}
          {d.lastError && (
            <>
              {" "}
              · <Bidi>{d.lastError}</Bidi>
            </>
          )}
        </>
      ),
    },
    { label: tx.t("attempts"), cell: (d) => tx.number(d.attempts) },
    { label: tx.t("createdAt"), cell: (d) => tx.dateTime(d.createdAt) },
    {
      label: tx.t("replay"),
      buttons: true,
      cell: (d) => (
        <button type="button" class="secondary" onClick={() => run(() => request(ReplayDeliveryMutation, { id: d.id }), tx.t("replayed", { id: tx.id(d.id) }))}>
          {tx.t("replay")}
        </button>
      ),
    },
  ];
}
