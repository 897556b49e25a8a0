import { useEffect, useState } from "preact/hooks";
import { request } from "../../api.js";
import type { ConsoleInvoicesQuery } from "../../gql/graphql.js";
import type { TextKey, Texts } from "../../i18n.js";
import { Failure, Table, type Column } from "../parts.js";
import { InvoicesQuery } from "./queries.js";

// The business's latest invoices and credit notes, each with its PDF in Arabic and in English. The
// links are the console's own (/console/invoices/{id}/pdf, the REST PDF signed in by the session
// cookie): a plain link can send no key.

const SHOWN = 24;

type Invoice = ConsoleInvoicesQuery["invoices"]["edges"][number]["node"];

export function Invoices({ tx }: { tx: Texts }) {
  const [list, setList] = useState<Invoice[] | undefined>();
  const [error, setError] = useState<Error | undefined>();
  useEffect(() => {
    request(InvoicesQuery, { first: SHOWN }).then((d) => setList(d.invoices.edges.map((e) => e.node)), setError);
  }, []);
  return (
    <section aria-labelledby="invoices-title">
      <h3 id="invoices-title">{tx.t("invoicesTitle")}</h3>
      {error ? (
        <Failure tx={tx} error={error} />
      ) : !list ? (
        <p>{tx.t("loading")}</p>
      ) : list.length === 0 ? (
        <p>{tx.t("noInvoices")}</p>
      ) : (
        <Table columns={columns(tx)} rows={list} rowKey={(i) => i.id} />
      )}
    </section>
  );
}

const pdf = (id: string, lang: "ar" | "en") => `/console/invoices/${encodeURIComponent(id)}/pdf?lang=${lang}`;

function columns(tx: Texts): Array<Column<Invoice>> {
  return [
    { label: tx.t("invoiceNumber"), title: true, cell: (i) => <bdi dir="ltr">{i.number}</bdi> },
    { label: tx.t("invoiceKind"), cell: (i) => tx.t(`invoiceKind_${i.kind}` as TextKey) },
    { label: tx.t("invoiceDate"), cell: (i) => tx.date(i.issuedAt) },
    { label: tx.t("invoiceTotal"), cell: (i) => tx.money(i.totalHalalas) },
    {
      label: tx.t("invoiceFiles"),
      cell: (i) => (
        <span class="links">
          <a href={pdf(i.id, "ar")} download hreflang="ar" aria-label={`${i.number} ${tx.t("invoiceFiles")} ${tx.t("invoicePdfAr")}`}>
            {tx.t("invoicePdfAr")}
          </a>{" "}
          <a href={pdf(i.id, "en")} download hreflang="en" aria-label={`${i.number} ${tx.t("invoiceFiles")} ${tx.t("invoicePdfEn")}`}>
            {tx.t("invoicePdfEn")}
          </a>
        </span>
      ),
    },
  ];
}
