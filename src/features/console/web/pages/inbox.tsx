import { useEffect, useState } from "preact/hooks";
import { live, request } from "../api.js";
import { InboxLive, InboxQuery, OptOutMutation } from "../queries.js";
import type { InboxItemFragment } from "../gql/graphql.js";
import type { PageProps } from "../page.js";
import { Bidi, Failure } from "./parts.js";

// Inbox: the latest replies, and each new one as it arrives (live), with the message it answers.
// A contact can be opted out from here. Everything a contact wrote is shown as text.

const SHOWN = 50;

export function Inbox({ tx, live: client }: PageProps) {
  const [items, setItems] = useState<InboxItemFragment[] | undefined>();
  const [error, setError] = useState<Error | undefined>();
  const [status, setStatus] = useState("");
  useEffect(() => {
    let fresh: InboxItemFragment[] = [];
    // Live first, so nothing that arrives while the list loads is missed; duplicates are dropped.
    const stop = live(client, InboxLive, {}, (d) => {
      fresh = [d.inboundMessages, ...fresh];
      setItems((shown) => (shown ? merge([d.inboundMessages], shown) : shown));
    });
    request(InboxQuery, { first: SHOWN }).then((d) => setItems(merge(fresh, d.inboundMessages.edges.map((e) => e.node))), setError);
    return stop;
  }, [client]);
  const optOut = async (from: string) => {
    try {
      await request(OptOutMutation, { numbers: [from] });
      setStatus(tx.t("optOutDone", { number: `+${from}` }));
      setItems((shown) => shown?.map((m) => (m.from === from ? { ...m, optOut: true } : m)));
    } catch (err) {
      setError(err as Error);
    }
  };
  if (error) return <Failure tx={tx} error={error} />;
  if (!items) return <p>{tx.t("loading")}</p>;
  return (
    <>
      <h2>{tx.t("inbox")}</h2>
      <p role="status" class="notice">{status}</p>
      {items.length === 0 ? <p>{tx.t("inboxEmpty")}</p> : (
        <ul class="inbox" aria-live="polite">
          {items.map((m) => (
            <li key={m.id} data-inbound-id={m.id}>
              <p class="meta"><bdi dir="ltr">+{m.from ?? "?"}</bdi> · <time dateTime={m.receivedAt}>{tx.dateTime(m.receivedAt)}</time></p>
              <p class="text"><Bidi>{m.text ?? `[${m.type}]`}</Bidi></p>
              {m.inReplyTo && <p class="reply-to">{tx.t("inReplyTo")}: <Bidi>{m.inReplyTo.text}</Bidi></p>}
              {m.from && (m.optOut ? <span class="state paused">{tx.t("optedOut")}</span> : <button type="button" onClick={() => void optOut(m.from!)}>{tx.t("optOut")}</button>)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const merge = (newer: InboxItemFragment[], older: InboxItemFragment[]) => {
  const seen = new Set<string>();
  return [...newer, ...older].filter((m) => !seen.has(m.id) && seen.add(m.id)).slice(0, SHOWN);
};
