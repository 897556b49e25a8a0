import { useEffect, useState } from "preact/hooks";
import { request } from "../../api.js";
import { ConnectionQuery, NumbersQuery, RelinkMutation, RemoveAccountMutation } from "../../queries.js";
import type { ConsoleNumbersQuery } from "../../gql/graphql.js";
import type { PageProps } from "../../page.js";
import type { TextKey, Texts } from "../../i18n.js";
import { Bidi, Failure, Table, type Column } from "../parts.js";
import { canRelink, isCloud, LinkStateText, refusalText, RemoveButton, type Connection } from "./number-parts.js";
import { NumberConnection } from "./connection.js";
import { AddNumber } from "./add-number.js";
import { Quality, tierText } from "./cloud-parts.js";

// Numbers: the business's own WhatsApp numbers, each with where it stands in words (a Cloud API
// number with its quality rating and messaging limit too), a form that adds one (add-number.tsx:
// a phone, whose page then shows the QR code to scan, or a Cloud API number by its credentials),
// and each number's page, #/numbers/12 (connection.tsx). A number that failed or stopped is linked
// again, and any is removed, from here.

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
      <AddNumber tx={tx} onAdded={() => void load()} />
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
    // Only a Cloud API number has Meta's rating and limit; a phone's cells stay empty (and off its card).
    { label: tx.t("quality"), cell: (r) => r.link && isCloud(r.link) && <Quality tx={tx} value={r.quality} /> },
    { label: tx.t("messagingTier"), cell: (r) => (r.link && isCloud(r.link) ? tierText(tx, r.messagingTier) : "") },
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
