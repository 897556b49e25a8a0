import { useState } from "preact/hooks";
import { request } from "../api.js";
import { MessagesQuery } from "../queries.js";
import type { ConsoleMessagesQuery, MessageStatus } from "../gql/graphql.js";
import type { Texts } from "../i18n.js";
import type { PageProps } from "../page.js";
import { Bidi, Failure, fieldText, Table, type Column, dayStart } from "./parts.js";
import { PAGE_SIZE, usePaged } from "./paged.js";

// Messages: find by number, status and day (the days are the browser's), newest first, a page at a time.

interface Filters {
  to?: string;
  status?: MessageStatus;
  since?: string;
  until?: string;
}

export function Messages({ tx }: PageProps) {
  const [filters, setFilters] = useState<Filters>({});
  const list = usePaged(
    (after) =>
      request(MessagesQuery, {
        first: PAGE_SIZE,
        after,
        to: filters.to || null,
        status: filters.status ? [filters.status] : null,
        since: filters.since ? dayStart(filters.since) : null,
        until: filters.until ? dayStart(filters.until, 1) : null,
      }).then((d) => d.messages),
    filters,
  );
  const submit = (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const text = (name: string) => fieldText(f, name) || undefined;
    setFilters({ to: text("to"), status: text("status") as MessageStatus | undefined, since: text("since"), until: text("until") });
  };
  return (
    <>
      <h2>{tx.t("messages")}</h2>
      <MessageFilters tx={tx} onSubmit={submit} />
      {list.error ? (
        <Failure tx={tx} error={list.error} />
      ) : !list.items ? (
        <p>{tx.t("loading")}</p>
      ) : list.items.length === 0 ? (
        <p>{tx.t("noMessages")}</p>
      ) : (
        <Table columns={messageColumns(tx)} rows={list.items} rowKey={(m) => m.id} />
      )}
      {list.more && (
        <button type="button" class="secondary more" onClick={list.more}>
          {tx.t("more")}
        </button>
      )}
    </>
  );
}

type Message = ConsoleMessagesQuery["messages"]["edges"][number]["node"];

function messageColumns(tx: Texts): Array<Column<Message>> {
  return [
    { label: tx.t("to"), title: true, cell: (m) => <bdi dir="ltr">+{m.to}</bdi> },
    { label: tx.t("message"), cell: (m) => <Bidi>{m.text}</Bidi> },
    {
      label: tx.t("status"),
      cell: (m) => (
        <>
          {tx.t(`status_${m.status}`)}
          {m.error && (
            <>
              {" "}
              · <Bidi>{m.error}</Bidi>
            </>
          )}
        </>
      ),
    },
    { label: tx.t("createdAtShort"), cell: (m) => tx.dateTime(m.createdAt) },
  ];
}

/** The filters above the messages: a number, a status and a period. */
function MessageFilters({ tx, onSubmit }: { tx: PageProps["tx"]; onSubmit: (e: Event) => void }) {
  return (
    <form class="filters" onSubmit={onSubmit} role="search">
      <div>
        <label for="m-to">{tx.t("to")}</label>
        <input id="m-to" name="to" dir="ltr" inputMode="tel" />
      </div>
      <div>
        <label for="m-status">{tx.t("status")}</label>
        <select id="m-status" name="status">
          <option value="">{tx.t("anyStatus")}</option>
          {(["pending", "sending", "sent", "failed"] as const).map((s) => (
            <option key={s} value={s}>
              {tx.t(`status_${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label for="m-since">{tx.t("since")}</label>
        <input id="m-since" name="since" type="date" />
      </div>
      <div>
        <label for="m-until">{tx.t("until")}</label>
        <input id="m-until" name="until" type="date" />
      </div>
      <button type="submit">{tx.t("find")}</button>
    </form>
  );
}
