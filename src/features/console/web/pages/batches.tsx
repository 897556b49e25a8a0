import { useEffect, useState } from "preact/hooks";
import { live, request } from "../api.js";
import { BatchesQuery, BatchProgressLive, CancelBatchMutation } from "../queries.js";
import type { BatchFieldsFragment, BatchState } from "../gql/graphql.js";
import type { PageProps } from "../page.js";
import type { TextKey, Texts } from "../i18n.js";
import { Bidi, Failure } from "./parts.js";

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
      <select id="state" value={state} onChange={(e) => setState((e.currentTarget).value as BatchState | "")}>
        <option value="">{tx.t("allStates")}</option>
        {(["scheduled", "running", "finished"] as const).map((s) => <option key={s} value={s}>{tx.t(`batchState_${s}`)}</option>)}
      </select>
      {!batches ? <p>{tx.t("loading")}</p> : batches.length === 0 ? <p>{tx.t("noBatches")}</p> : (
        <table>
          <thead><tr><th scope="col">{tx.t("batch", { id: "" })}</th><th scope="col">{tx.t("createdAt")}</th><th scope="col">{tx.t("state")}</th><th scope="col">{tx.t("total")}</th><th scope="col">{tx.t("count_sent")}</th><th scope="col">{tx.t("count_failed")}</th></tr></thead>
          <tbody>{batches.map((b) => (
            <tr key={b.id}>
              <td><a href={`#/batches/${b.id}`}>{tx.t("batch", { id: b.id })}</a></td>
              <td>{tx.dateTime(b.createdAt)}</td>
              <td>{tx.t(`batchState_${b.state}`)}</td>
              <td>{tx.number(b.total)}</td><td>{tx.number(b.counts.sent)}</td><td>{tx.number(b.counts.failed)}</td>
            </tr>
          ))}</tbody>
        </table>
      )}
    </>
  );
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
      <p><a href="#/batches">{tx.t("back")}</a></p>
      <h2>{tx.t("batch", { id })}</h2>
      {!batch ? <p>{tx.t("loading")}</p> : <BatchFigures tx={tx} batch={batch} />}
      {batch && !batch.finished && <button type="button" onClick={() => void cancel()}>{tx.t("cancel")}</button>}
      <p role="status" class="notice">{note}</p>
    </>
  );
}

function BatchFigures({ tx, batch }: { tx: Texts; batch: BatchFieldsFragment }) {
  const done = batch.counts.sent + batch.counts.failed;
  return (
    <>
      <p class="big" data-batch-state={batch.state}>{tx.t(`batchState_${batch.state}`)}</p>
      <p><Bidi>{batch.text}</Bidi></p>
      <progress max={batch.total} value={done} aria-label={tx.t("progress")} />
      <dl class="counts">
        {COUNTS.map((c) => (<div key={c}><dt>{tx.t(`count_${c}` as TextKey)}</dt><dd data-count={c}>{tx.number(batch.counts[c])}</dd></div>))}
      </dl>
    </>
  );
}
