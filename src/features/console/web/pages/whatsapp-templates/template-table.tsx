import type { WhatsAppTemplateFieldsFragment } from "../../gql/graphql.js";
import type { TextKey, Texts } from "../../i18n.js";
import { Table, type Column } from "../parts.js";
import { Quality } from "../numbers/cloud-parts.js";
import { languageName } from "./template-fields.js";

// The WhatsApp templates as a table: each one's name, language, category, Meta's review status in
// words (with Meta's reason when it gave one) and its quality rating. A status is a word and a
// colour (styles.css), never a colour alone; one this page does not know shows as Meta wrote it.

export type WhatsAppTemplate = WhatsAppTemplateFieldsFragment;

const STATUSES = [
  "APPROVED",
  "PENDING",
  "REJECTED",
  "PAUSED",
  "DISABLED",
  "FLAGGED",
  "IN_APPEAL",
  "PENDING_DELETION",
  "DELETED",
  "LIMIT_EXCEEDED",
  "ARCHIVED",
  "REINSTATED",
] as const;

/** Meta's review status in words, and why when Meta said. */
export function ReviewStatus({ tx, status, reason }: { tx: Texts; status: string; reason: string | null }) {
  const known = STATUSES.find((s) => s === status.toUpperCase());
  // Meta's reason is its own code or English words, kept left to right inside Arabic.
  const [before, after = ""] = tx.t("statusReason", { reason: "\u0000" }).split("\u0000");
  return (
    <>
      <span class={`review ${known ?? "other"}`} data-status={status}>
        {known ? tx.t(`waStatus_${known}`) : <bdi dir="ltr">{status}</bdi>}
      </span>
      {reason && (
        <span class="reason">
          {before}
          <bdi dir="ltr">{reason}</bdi>
          {after}
        </span>
      )}
    </>
  );
}

export function TemplateTable({ tx, templates }: { tx: Texts; templates: WhatsAppTemplate[] }) {
  const columns: Array<Column<WhatsAppTemplate>> = [
    { label: tx.t("name"), title: true, dir: "ltr", cell: (t) => t.name },
    { label: tx.t("waLanguage"), cell: (t) => languageName(tx, t.language) },
    { label: tx.t("category"), cell: (t) => tx.t(`category_${t.category}` as TextKey) },
    { label: tx.t("status"), class: "review-cell", cell: (t) => <ReviewStatus tx={tx} status={t.status} reason={t.statusReason} /> },
    { label: tx.t("quality"), cell: (t) => <Quality tx={tx} value={t.quality} /> },
    { label: tx.t("placeholders"), cell: (t) => tx.number(t.bodyParameters + t.headerParameters) },
    { label: tx.t("createdAt"), cell: (t) => tx.date(t.createdAt) },
  ];
  return <Table columns={columns} rows={templates} rowKey={(t) => t.id} />;
}
