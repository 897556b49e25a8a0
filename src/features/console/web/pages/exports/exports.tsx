import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, request } from "../../api.js";
import type { ExportFieldsFragment, ExportKind } from "../../gql/graphql.js";
import type { PageProps } from "../../page.js";
import type { Texts } from "../../i18n.js";
import { dayStart, Failure, fieldText, Notices, Table, type Column } from "../parts.js";
import { ExportsQuery, StartExportMutation } from "./queries.js";

// Exports (#/exports): a range of days of the messages sent, or of those contacts sent (with
// inbox:read), as CSV or NDJSON. The list shows each export's state and a progress bar of rows
// written over rows counted, read again every second while one is being written; a ready one has
// its download link (the console's own route, signed in by the session cookie) until its day ends.

const REFRESH_MS = 1_000;

type Export = ExportFieldsFragment;

const active = (list: Export[] | undefined) => list?.some((e) => e.status === "queued" || e.status === "running") ?? false;

/** The exports, read when the page opens and again while one is queued or running. */
function useExports(onFailure: (err: Error) => void) {
  const [list, setList] = useState<Export[] | undefined>();
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    const mine = ++latest.current;
    request(ExportsQuery).then((d) => mine === latest.current && setList(d.exports), onFailure);
  }, [round]);
  useEffect(() => {
    if (!active(list)) return;
    const timer = setTimeout(() => setRound((r) => r + 1), REFRESH_MS);
    return () => clearTimeout(timer);
  }, [list]);
  return { list, again: () => setRound((r) => r + 1) };
}

export function Exports({ tx, session }: PageProps) {
  const [failure, setFailure] = useState<Error | undefined>();
  const { list, again } = useExports(setFailure);
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState("");
  const inbound = session.scopes.includes("inbox:read");
  const start = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const [from, to] = [fieldText(form, "from"), fieldText(form, "to")];
    const input = {
      kind: (fieldText(form, "kind") || "messages") as ExportKind,
      format: fieldText(form, "format") === "ndjson" ? ("ndjson" as const) : ("csv" as const),
      from: from ? dayStart(from) : "",
      to: to ? dayStart(to, 1) : "",
    };
    setStatus("");
    setProblem("");
    request(StartExportMutation, { input }).then(
      (d) => {
        setStatus(tx.t("exportStarted", { id: tx.id(d.startExport.export.id) }));
        again();
      },
      (err: unknown) => setProblem(err instanceof ApiError ? Object.values(err.fields).join(" ") || err.message : tx.t("error", { message: (err as Error).message })),
    );
  };
  if (failure) return <Failure tx={tx} error={failure} />;
  return (
    <>
      <h2>{tx.t("exports")}</h2>
      <p>{tx.t("exportsHelp")}</p>
      <ExportForm tx={tx} inbound={inbound} onSubmit={start} />
      <Notices status={status} problem={problem} />
      {!list ? <p>{tx.t("loading")}</p> : list.length === 0 ? <p>{tx.t("exportNone")}</p> : <Table columns={exportColumns(tx)} rows={list} rowKey={(e) => e.id} />}
    </>
  );
}

function ExportForm({ tx, inbound, onSubmit }: { tx: Texts; inbound: boolean; onSubmit: (event: Event) => void }) {
  return (
    <form class="filters" onSubmit={onSubmit}>
      <div>
        <label for="x-kind">{tx.t("exportKind")}</label>
        <select id="x-kind" name="kind">
          <option value="messages">{tx.t("exportKind_messages")}</option>
          {inbound && <option value="inbound">{tx.t("exportKind_inbound")}</option>}
        </select>
      </div>
      <div>
        <label for="x-format">{tx.t("exportFormat")}</label>
        <select id="x-format" name="format">
          <option value="csv">{tx.t("exportFormat_csv")}</option>
          <option value="ndjson">{tx.t("exportFormat_ndjson")}</option>
        </select>
      </div>
      <div>
        <label for="x-from">{tx.t("exportFrom")}</label>
        <input id="x-from" name="from" type="date" required />
      </div>
      <div>
        <label for="x-to">{tx.t("exportTo")}</label>
        <input id="x-to" name="to" type="date" required />
      </div>
      <button type="submit">{tx.t("exportStart")}</button>
    </form>
  );
}

function Progress({ tx, job }: { tx: Texts; job: Export }) {
  const label = tx.t("exportProgress", { id: tx.id(job.id) });
  const rows = job.rowsTotal === null || job.rowsTotal === undefined ? tx.t("exportCounting") : tx.t("exportRows", { done: job.rowsDone, total: job.rowsTotal });
  return (
    <span class="export-progress">
      <progress max={1} value={job.progress} aria-label={label} data-export-progress={job.id} />
      <small>
        {rows} · {tx.t("exportPercent", { n: Math.round(job.progress * 100) })}
      </small>
    </span>
  );
}

function FileCell({ tx, job }: { tx: Texts; job: Export }) {
  if (job.status === "expired") return <>{tx.t("exportGone")}</>;
  if (job.status === "failed") return <>{job.error ?? ""}</>;
  if (!job.downloadPath) return <>—</>;
  return (
    <>
      <a href={`/console/exports/${job.id}/download`} download data-export-download={job.id}>
        {tx.t("exportDownload")} ({job.format.toUpperCase()})
      </a>{" "}
      {job.expiresAt && <small>{tx.t("exportUntil", { at: tx.dateTime(job.expiresAt) })}</small>}
    </>
  );
}

function exportColumns(tx: Texts): Array<Column<Export>> {
  return [
    { label: tx.t("exportKind"), title: true, cell: (e) => `${tx.id(e.id)} · ${tx.t(`exportKind_${e.kind}`)}` },
    { label: tx.t("exportDays"), cell: (e) => `${tx.date(e.from)} – ${tx.date(new Date(new Date(e.to).getTime() - 1).toISOString())}` },
    { label: tx.t("exportState"), cell: (e) => <span data-export-state={e.status}>{tx.t(`exportState_${e.status}`)}</span> },
    { label: tx.t("exportProgress", { id: "" }).trim(), cell: (e) => <Progress tx={tx} job={e} /> },
    { label: tx.t("exportFile"), cell: (e) => <FileCell tx={tx} job={e} /> },
  ];
}
