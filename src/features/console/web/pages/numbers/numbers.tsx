import { useEffect, useState } from "preact/hooks";
import { request } from "../../api.js";
import { ConnectAccountMutation, ConnectionQuery, NumbersQuery, RelinkMutation, RemoveAccountMutation } from "../../queries.js";
import type { ConsoleNumbersQuery } from "../../gql/graphql.js";
import type { PageProps } from "../../page.js";
import type { TextKey, Texts } from "../../i18n.js";
import { Bidi, Failure, fieldText, Table, type Column } from "../parts.js";
import { canRelink, LinkStateText, refusalText, RemoveButton, type Connection } from "./number-parts.js";
import { NumberConnection } from "./connection.js";

// Numbers: the business's own WhatsApp numbers, each with where it stands in words, a form that
// adds one (then its page shows the QR code to scan), and each number's page, #/numbers/12
// (connection.tsx). A number that failed or stopped is linked again, and any is removed, from here.

type Row = ConsoleNumbersQuery["accounts"][number] & { link: Connection | undefined };

export function Numbers(props: PageProps & { id: string | undefined }) {
  // Kept across the list and a number's page (the same page): removing a number there says so here.
  const [notice, setNotice] = useState("");
  const id = Number(props.id);
  if (props.id && Number.isSafeInteger(id)) {
    return (
      <NumberConnection
        {...props}
        id={id}
        onRemoved={(name) => {
          setNotice(props.tx.t("removed", { name }));
          location.hash = "#/numbers";
        }}
      />
    );
  }
  return <NumberList {...props} notice={notice} setNotice={setNotice} />;
}

/** The numbers and, for each, its connection (where linking stands; OPERATOR for one the operator added). */
async function loadRows(): Promise<Row[]> {
  const { accounts } = await request(NumbersQuery);
  const links = await Promise.all(
    accounts.map((a) =>
      request(ConnectionQuery, { id: a.id }).then(
        (d) => d.accountConnection,
        () => undefined,
      ),
    ),
  );
  return accounts.map((a, i) => ({ ...a, link: links[i] }));
}

function NumberList({ tx, notice, setNotice }: PageProps & { notice: string; setNotice: (s: string) => void }) {
  const [rows, setRows] = useState<Row[] | undefined>();
  const [problem, setProblem] = useState("");
  const [failure, setFailure] = useState<Error | undefined>();
  const load = () => loadRows().then(setRows, setFailure);
  useEffect(() => void load(), []);
  const act = (work: () => Promise<void>) => {
    setProblem("");
    setNotice("");
    work().catch((err: unknown) => setProblem(refusalText(tx, err)));
  };
  const relink = (row: Row) =>
    act(async () => {
      await request(RelinkMutation, { id: row.id });
      location.hash = `#/numbers/${row.id}`;
    });
  const remove = (row: Row) =>
    act(async () => {
      await request(RemoveAccountMutation, { id: row.id });
      setNotice(tx.t("removed", { name: row.name }));
      await load();
    });
  if (failure) return <Failure tx={tx} error={failure} />;
  return (
    <>
      <h2>{tx.t("numbers")}</h2>
      <p role="status" class="notice">
        {notice}
      </p>
      {problem && (
        <p role="alert" class="error">
          {problem}
        </p>
      )}
      {!rows ? <p>{tx.t("loading")}</p> : rows.length === 0 ? <p>{tx.t("noNumbers")}</p> : <Table columns={numberColumns(tx, relink, remove)} rows={rows} rowKey={(r) => r.id} />}
      <AddForm tx={tx} />
    </>
  );
}

/** A linked number's state (connected, warming up, paused…); one not linked, where its linking stands. */
function StateCell({ tx, row }: { tx: Texts; row: Row }) {
  const linking = row.link && row.link.state !== "WORKING" && row.link.state !== "OPERATOR";
  if (row.link && (linking || canRelink(row.link))) return <LinkStateText tx={tx} c={row.link} />;
  return <span class={`state ${row.state}`}>{tx.t(`state_${row.state}` as TextKey)}</span>;
}

function numberColumns(tx: Texts, relink: (r: Row) => void, remove: (r: Row) => void): Array<Column<Row>> {
  return [
    {
      label: tx.t("name"),
      title: true,
      cell: (r) => (
        <a href={`#/numbers/${r.id}`}>
          <Bidi>{r.name}</Bidi>
        </a>
      ),
    },
    { label: tx.t("number"), cell: (r) => (r.phoneNumber ? <bdi dir="ltr">+{r.phoneNumber}</bdi> : tx.t("notLinkedYet")) },
    { label: tx.t("state"), cell: (r) => <StateCell tx={tx} row={r} /> },
    {
      label: tx.t("remove"),
      buttons: true,
      class: "row-actions",
      cell: (r) => (
        <>
          {r.link && canRelink(r.link) && (
            <button type="button" onClick={() => relink(r)}>
              {tx.t("relink")}
            </button>
          )}
          <RemoveButton tx={tx} name={r.name} id={r.id} onRemove={() => remove(r)} />
        </>
      ),
    },
  ];
}

/** A new number: its name, and whether it is new (a warm-up) or not; added, its page shows the QR code. */
function AddForm({ tx }: { tx: Texts }) {
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const add = (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    setBusy(true);
    setProblem("");
    request(ConnectAccountMutation, { input: { name: fieldText(f, "name"), warmUp: f.get("notNew") !== "on" } }).then(
      (r) => {
        location.hash = `#/numbers/${r.connectAccount.accountId}`;
      },
      (err: unknown) => {
        setBusy(false);
        setProblem(refusalText(tx, err));
      },
    );
  };
  return (
    <form class="add-number" onSubmit={add} aria-labelledby="add-number">
      <h3 id="add-number">{tx.t("addNumber")}</h3>
      <label for="number-name">{tx.t("numberName")}</label>
      <input id="number-name" name="name" required maxLength={100} aria-describedby={problem ? "add-problem" : undefined} />
      <span class="check">
        <input type="checkbox" id="number-not-new" name="notNew" aria-describedby="warm-up-help" />
        <label for="number-not-new">{tx.t("notNew")}</label>
      </span>
      <p id="warm-up-help" class="help">
        {tx.t("warmUpHelp")}
      </p>
      {problem && (
        <p id="add-problem" role="alert" class="error">
          {problem}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {tx.t("addAndLink")}
      </button>
    </form>
  );
}
