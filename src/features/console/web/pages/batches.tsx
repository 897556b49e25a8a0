import { useEffect, useState } from "preact/hooks";
import { live, request } from "../api.js";
import { BatchesQuery, BatchProgressLive, CancelBatchMutation } from "../queries.js";
import type { BatchFieldsFragment, BatchState } from "../gql/graphql.js";
import type { PageProps } from "../page.js";
import type { TextKey, Texts } from "../i18n.js";
import { Bidi, Failure, Table, type Column } from "./parts.js";

// Batches: the latest, filtered by state, and one batch's progress as it happens (live), with a
// button that cancels what has not started sending.

const COUNTS = ["pending", "sending", "sent", "failed", "optedOut", "replies"] as const;

export function Batches(props: PageProps & { id: string | undefined }) {
  return props.id ? <BatchProgress {...props} id={props.id} /> : <BatchList {...props} />;
}

function BatchList({ tx }: PageProps) {
  const [state, setState] = useState<BatchState | "">("");
  const [batches, setBatches] = useState<BatchFieldsFragment[] | undefined>();
  const [error, setError] = useState<Error | undefined>();
  useEffect(() => {
    request(BatchesQuery, { first: 25, state: state || null }).then((d) => setBatches(d.batches.edges.map((e) => e.node)), setError);
  }, [state]);
  if (error) return <Failure tx={tx} error={error} />;
  return (
    <>
      <h2>{tx.t("batches")}</h2>
      <label for="state">{tx.t("stateFilter")}</label>
      <select id="state" value={state} onChange={(e) => setState(e.currentTarget.value as BatchState | "")}>
        <option value="">{tx.t("allStates")}</option>
        {(["scheduled", "running", "finished"] as const).map((s) => (
          <option key={s} value={s}>
            {tx.t(`batchState_${s}`)}
          </option>
        ))}
      </select>
      {!batches ? <p>{tx.t("loading")}</p> : batches.length === 0 ? <p>{tx.t("noBatches")}</p> : <Table columns={batchColumns(tx)} rows={batches} rowKey={(b) => b.id} />}
    </>
  );
}

function batchColumns(tx: Texts): Array<Column<BatchFieldsFragment>> {
  return [
    { label: tx.t("batch", { id: "" }), title: true, cell: (b) => <a href={`#/batches/${b.id}`}>{tx.t("batch", { id: tx.id(b.id) })}</a> },
    { label: tx.t("createdAt"), cell: (b) => tx.dateTime(b.createdAt) },
    { label: tx.t("state"), cell: (b) => tx.t(`batchState_${b.state}`) },
    { label: tx.t("total"), cell: (b) => tx.number(b.total) },
    { label: tx.t("count_sent"), cell: (b) => tx.number(b.counts.sent) },
    { label: tx.t("count_failed"), cell: (b) => tx.number(b.counts.failed) },
  ];
}

function BatchProgress({ tx, live: client, id }: PageProps & { id: string }) {
  const [batch, setBatch] = useState<BatchFieldsFragment | undefined>();
  const [note, setNote] = useState("");
  const [error, setError] = useState<Error | undefined>();
  useEffect(() => live(client, BatchProgressLive, { id }, (d) => setBatch(d.batchProgress)), [client, id]);
  const cancel = async () => {
    try {
      const r = (await request(CancelBatchMutation, { id })).cancelBatch;
      setBatch(r.batch);
      setNote(tx.t("cancelled", { n: r.cancelled }));
    } catch (err) {
      setError(err as Error);
    }
  };
  if (error) return <Failure tx={tx} error={error} />;
  return (
    <>
      <p>
        <a href="#/batches">{tx.t("back")}</a>
      </p>
      <h2>{tx.t("batch", { id: tx.id(id) })}</h2>
      {!batch ? <p>{tx.t("loading")}</p> : <BatchFigures tx={tx} batch={batch} />}
      {batch && !batch.finished && (
        <button type="button" onClick={() => void cancel()}>
          {tx.t("cancel")}
        </button>
      )}
      <p role="status" class="notice">
        {note}
      </p>
    </>
  );
}

function BatchFigures({ tx, batch }: { tx: Texts; batch: BatchFieldsFragment }) {
  const done = batch.counts.sent + batch.counts.failed;
  return (
    <>
      <p class="big" data-batch-state={batch.state}>
        {tx.t(`batchState_${batch.state}`)}
      </p>
      <p>
        <Bidi>{batch.text}</Bidi>
      </p>
      <progress max={batch.total} value={done} aria-label={tx.t("progress")} />
      <dl class="counts">
        {COUNTS.map((c) => (
          <div key={c}>
            <dt>{tx.t(`count_${c}` as TextKey)}</dt>
            <dd data-count={c}>{tx.number(batch.counts[c])}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
