import { useState } from "preact/hooks";
import { request } from "../../api.js";
import { AuditEventsQuery } from "../../queries-access.js";
import type { ConsoleAuditEventsQuery } from "../../gql/graphql.js";
import type { PageProps } from "../../page.js";
import type { Texts } from "../../i18n.js";
import { Bidi, dayStart, Failure, fieldText, Table, type Column } from "../parts.js";
import { PAGE_SIZE, usePaged } from "../paged.js";

// The audit log: who changed what and when, and every console sign-in, newest first, a page at a
// time (the API's cursor), filtered as the API filters: by action ("key." is every action of
// keys), actor (an email, a key's prefix, admin), target (kind:id) and days (the browser's).

type AuditEvent = ConsoleAuditEventsQuery["auditEvents"]["edges"][number]["node"];

interface Filters {
  action: string;
  actor: string;
  target: string;
  since: string;
  until: string;
}

const NONE: Filters = { action: "", actor: "", target: "", since: "", until: "" };

export function Audit({ tx }: PageProps) {
  const [filters, setFilters] = useState<Filters>(NONE);
  const paged = usePaged(
    (after) =>
      request(AuditEventsQuery, {
        first: PAGE_SIZE,
        after,
        action: filters.action || null,
        actor: filters.actor || null,
        target: filters.target || null,
        since: filters.since ? dayStart(filters.since) : null,
        until: filters.until ? dayStart(filters.until, 1) : null,
      }).then((d) => d.auditEvents),
    filters,
  );
  return (
    <>
      <h2>{tx.t("audit")}</h2>
      <p>{tx.t("auditHelp")}</p>
      <AuditFilters tx={tx} filters={filters} onFilter={setFilters} />
      {paged.error ? (
        <Failure tx={tx} error={paged.error} />
      ) : !paged.items ? (
        <p>{tx.t("loading")}</p>
      ) : paged.items.length === 0 ? (
        <p>{tx.t("noEvents")}</p>
      ) : (
        <Table columns={auditColumns(tx)} rows={paged.items} rowKey={(e) => e.id} />
      )}
      {paged.more && (
        <button type="button" class="secondary more" onClick={paged.more}>
          {tx.t("more")}
        </button>
      )}
    </>
  );
}

/** The filters, as the API takes them; the days are the browser's. */
function AuditFilters({ tx, filters, onFilter }: { tx: Texts; filters: Filters; onFilter: (f: Filters) => void }) {
  const filter = (e: Event) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    onFilter({
      action: fieldText(form, "action"),
      actor: fieldText(form, "actor"),
      target: fieldText(form, "target"),
      since: fieldText(form, "since"),
      until: fieldText(form, "until"),
    });
  };
  return (
    <form class="filters" onSubmit={filter} role="search">
      <div>
        <label for="audit-action">{tx.t("actionFilter")}</label>
        <input id="audit-action" name="action" dir="ltr" defaultValue={filters.action} list="audit-actions" />
        <datalist id="audit-actions">
          {["session.", "user.", "key.", "batch.", "contact.", "template.", "webhook.", "account."].map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
      </div>
      <div>
        <label for="audit-actor">{tx.t("actorFilter")}</label>
        <input id="audit-actor" name="actor" dir="ltr" defaultValue={filters.actor} />
      </div>
      <div>
        <label for="audit-target">{tx.t("targetFilter")}</label>
        <input id="audit-target" name="target" dir="ltr" defaultValue={filters.target} />
      </div>
      <div>
        <label for="audit-since">{tx.t("since")}</label>
        <input id="audit-since" name="since" type="date" defaultValue={filters.since} />
      </div>
      <div>
        <label for="audit-until">{tx.t("until")}</label>
        <input id="audit-until" name="until" type="date" defaultValue={filters.until} />
      </div>
      <button type="submit">{tx.t("find")}</button>
    </form>
  );
}

/** Who did it, in words: a user's email, a key's prefix and label, or the operator. */
function actorOf(tx: Texts, actor: AuditEvent["actor"]) {
  if (actor.kind === "admin") return tx.t("actorAdmin");
  if (actor.kind === "operator") return tx.t("actorOperator", { email: actor.name });
  if (actor.kind === "key")
    return (
      <>
        {tx.t("keyWord")} <bdi dir="ltr">{actor.name}</bdi>
        {actor.label && (
          <>
            {" "}
            · <Bidi>{actor.label}</Bidi>
          </>
        )}
      </>
    );
  return <bdi dir="ltr">{actor.name}</bdi>;
}

function auditColumns(tx: Texts): Array<Column<AuditEvent>> {
  return [
    { label: tx.t("when"), title: true, cell: (e) => <time dateTime={e.at}>{tx.dateTime(e.at)}</time> },
    { label: tx.t("actor"), cell: (e) => actorOf(tx, e.actor) },
    { label: tx.t("action"), dir: "ltr", class: "action", cell: (e) => e.action },
    { label: tx.t("target"), dir: "ltr", cell: (e) => e.target ?? "" },
    { label: tx.t("address"), dir: "ltr", cell: (e) => e.address ?? "" },
  ];
}
