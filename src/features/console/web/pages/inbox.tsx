import { useEffect, useState } from "preact/hooks";
import { live, request } from "../api.js";
import { InboxLive, InboxQuery, OptOutMutation, ReplyMutation } from "../queries.js";
import type { InboxItemFragment } from "../gql/graphql.js";
import type { PageProps } from "../page.js";
import { Bidi, Failure, fieldText } from "./parts.js";
import type { Texts } from "../i18n.js";

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
    request(InboxQuery, { first: SHOWN }).then(
      (d) =>
        setItems(
          merge(
            fresh,
            d.inboundMessages.edges.map((e) => e.node),
          ),
        ),
      setError,
    );
    return stop;
  }, [client]);
  const optOut = async (from: string) => {
    try {
      await request(OptOutMutation, { numbers: [from] });
      setStatus(tx.t("optOutDone", { number: tx.phone(from) }));
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
      <p role="status" class="notice">
        {status}
      </p>
      {items.length === 0 ? (
        <p>{tx.t("inboxEmpty")}</p>
      ) : (
        <ul class="inbox" aria-live="polite">
          {items.map((m) => (
            <InboxItem key={m.id} tx={tx} m={m} onStatus={setStatus} onOptOut={(from) => void optOut(from)} />
          ))}
        </ul>
      )}
    </>
  );
}

/** One message in the inbox: who wrote and when, what, what it answers, and what staff can do. */
function InboxItem({ tx, m, onStatus, onOptOut }: { tx: PageProps["tx"]; m: InboxItemFragment; onStatus: (s: string) => void; onOptOut: (from: string) => void }) {
  return (
    <li data-inbound-id={m.id}>
      <p class="meta">
        <bdi dir="ltr">+{m.from ?? "?"}</bdi> · <time dateTime={m.receivedAt}>{tx.dateTime(m.receivedAt)}</time>
      </p>
      <p class="text">
        <Bidi>{m.text ?? `[${m.type}]`}</Bidi>
      </p>
      {m.inReplyTo && (
        <p class="reply-to">
          {tx.t("inReplyTo")}: <Bidi>{m.inReplyTo.text}</Bidi>
        </p>
      )}
      {m.from &&
        (m.optOut ? (
          <span class="state paused">{tx.t("optedOut")}</span>
        ) : (
          <div class="row-actions">
            <ReplyForm tx={tx} item={m} onDone={onStatus} />
            <button type="button" class="secondary" onClick={() => onOptOut(m.from!)}>
              {tx.t("optOut")}
            </button>
          </div>
        ))}
    </li>
  );
}

const merge = (newer: InboxItemFragment[], older: InboxItemFragment[]) => {
  const seen = new Set<string>();
  return [...newer, ...older].filter((m) => !seen.has(m.id) && seen.add(m.id)).slice(0, SHOWN);
};

/** A reply from the number the message came to (inside the customer-service window it opened). */
function ReplyForm({ tx, item, onDone }: { tx: Texts; item: InboxItemFragment; onDone: (s: string) => void }) {
  const number = tx.phone(item.from ?? "");
  const send = (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const text = fieldText(new FormData(form), "reply");
    if (!text) return;
    request(ReplyMutation, { input: { to: item.from!, text, accountId: item.accountId } }).then(
      (r) => {
        form.reset();
        onDone(tx.t("replied", { number, status: tx.t(`status_${r.sendMessage.message.status}`) }));
      },
      (err: Error) => onDone(tx.t("replied", { number, status: tx.t("error", { message: err.message }) })),
    );
  };
  return (
    <form class="reply" onSubmit={send}>
      <label class="visually-hidden" for={`reply-${item.id}`}>
        {tx.t("replyTo", { number })}
      </label>
      <input id={`reply-${item.id}`} name="reply" required />
      <button type="submit">{tx.t("reply")}</button>
    </form>
  );
}
