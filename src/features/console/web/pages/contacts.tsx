import { useState } from "preact/hooks";
import { request } from "../api.js";
import { ContactsQuery, EraseContactMutation, ImportSuppressionMutation, OptInMutation, OptOutMutation } from "../queries.js";
import type { ConsoleContactsQuery } from "../gql/graphql.js";
import type { PageProps } from "../page.js";
import type { TextKey, Texts } from "../i18n.js";
import { Bidi, Failure, fieldText, splitNumbers, Table, type Column } from "./parts.js";
import { PAGE_SIZE, usePaged } from "./paged.js";

// Contacts: search by name or number, a page at a time; opt one out or in again, or erase it
// (after a confirmation: it cannot be undone); import a suppression list (numbers never to message).

export function Contacts({ tx }: PageProps) {
  const [filters, setFilters] = useState<{ search?: string; optedOut?: boolean }>({});
  const [status, setStatus] = useState("");
  const [failure, setFailure] = useState<Error | undefined>();
  const list = usePaged(
    (after) => request(ContactsQuery, { first: PAGE_SIZE, after, search: filters.search ?? null, optedOut: filters.optedOut ? true : null }).then((d) => d.contacts),
    filters,
  );
  const act: Act = async (work, done) => {
    try {
      const result = await work;
      setStatus(typeof done === "string" ? done : done(result));
      list.reload();
    } catch (err) {
      setFailure(err as Error);
    }
  };
  const importList = (e: Event) => {
    e.preventDefault();
    const field = (e.currentTarget as HTMLFormElement).elements.namedItem("suppress") as HTMLTextAreaElement;
    const numbers = splitNumbers(field.value);
    if (numbers.length === 0) return;
    void request(ImportSuppressionMutation, { numbers }).then((r) => {
      field.value = "";
      setStatus(tx.t("imported", { n: r.importSuppressionList.optedOut, already: r.importSuppressionList.already }));
      list.reload();
    }, setFailure);
  };
  const error = failure ?? list.error;
  return (
    <>
      <h2>{tx.t("contacts")}</h2>
      <ContactSearch tx={tx} onSearch={setFilters} />
      <p role="status" class="notice">
        {status}
      </p>
      {error ? (
        <Failure tx={tx} error={error} />
      ) : !list.items ? (
        <p>{tx.t("loading")}</p>
      ) : list.items.length === 0 ? (
        <p>{tx.t("noContacts")}</p>
      ) : (
        <Table columns={contactColumns(tx, act)} rows={list.items} rowKey={(c) => c.id} />
      )}
      {list.more && (
        <button type="button" class="secondary more" onClick={list.more}>
          {tx.t("more")}
        </button>
      )}
      <form class="suppress" onSubmit={importList}>
        <label for="suppress">{tx.t("suppressionList")}</label>
        <textarea id="suppress" name="suppress" rows={4} dir="ltr" />
        <button type="submit">{tx.t("importList")}</button>
      </form>
    </>
  );
}

type Contact = ConsoleContactsQuery["contacts"]["edges"][number]["node"];
/** Runs a change, then says it is done (from its result) and reloads the list, or shows why it failed. */
type Act = <T>(work: Promise<T>, done: string | ((result: T) => string)) => Promise<void>;

function contactColumns(tx: Texts, act: Act): Array<Column<Contact>> {
  return [
    { label: tx.t("name"), title: true, cell: (c) => <Bidi>{c.name ?? ""}</Bidi> },
    { label: tx.t("number"), cell: (c) => <bdi dir="ltr">+{c.phone}</bdi> },
    { label: tx.t("state"), cell: (c) => (c.optedOut ? tx.t(`reason_${c.optOutReason ?? "suppressed"}` as TextKey) : "") },
    {
      label: tx.t("edit"),
      buttons: true,
      cell: (c) => (
        <>
          {c.optedOut ? (
            <button type="button" class="secondary" onClick={() => void act(request(OptInMutation, { numbers: [c.phone] }), `+${c.phone}: ${tx.t("optIn")}`)}>
              {tx.t("optIn")}
            </button>
          ) : (
            <button type="button" class="secondary" onClick={() => void act(request(OptOutMutation, { numbers: [c.phone] }), tx.t("optOutDone", { number: tx.phone(c.phone) }))}>
              {tx.t("optOut")}
            </button>
          )}
          <button type="button" class="secondary" onClick={() => eraseContact(tx, act, c.phone)}>
            {tx.t("erase")}
          </button>
        </>
      ),
    },
  ];
}

/** Erases the contact once the person confirmed it. */
function eraseContact(tx: Texts, act: Act, phone: string) {
  const number = tx.phone(phone);
  if (!window.confirm(tx.t("eraseConfirm", { number }))) return;
  void act(request(EraseContactMutation, { number: phone }), (r) => tx.t("eraseDone", { number, messages: r.eraseContact.messages, replies: r.eraseContact.inboundMessages }));
}

function ContactSearch({ tx, onSearch }: { tx: Texts; onSearch: (f: { search?: string; optedOut?: boolean }) => void }) {
  const submit = (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    onSearch({ search: fieldText(f, "search") || undefined, optedOut: f.get("optedOut") === "on" });
  };
  return (
    <form class="filters" role="search" onSubmit={submit}>
      <div>
        <label for="c-search">{tx.t("searchContacts")}</label>
        <input id="c-search" name="search" type="search" />
      </div>
      <div class="check">
        <input id="c-opted" name="optedOut" type="checkbox" />
        <label for="c-opted">{tx.t("onlyOptedOut")}</label>
      </div>
      <button type="submit">{tx.t("search")}</button>
    </form>
  );
}
