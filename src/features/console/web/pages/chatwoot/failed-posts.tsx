import type { TextKey, Texts } from "../../i18n.js";
import { Bidi, type Column, Table } from "../parts.js";
import type { Bridge } from "./bridge-types.js";

// What Chatwoot refused for good (a 4xx about the post itself, such as a proxy refusing a large
// file): the latest of them, each with its contact, what it was, Chatwoot's answer and when, and
// one button that puts them all back in line. Shown only while there are some.

type FailedPost = Bridge["failedPosts"][number];

export function FailedPosts({ tx, bridge, busy, onRetry }: { tx: Texts; bridge: Bridge; busy: boolean; onRetry: () => void }) {
  const { failedPosts: posts } = bridge;
  if (bridge.relay.failedPosts === 0 || posts.length === 0) return null;
  const columns: Array<Column<FailedPost>> = [
    { label: tx.t("chatwootFailedContact"), title: true, cell: (p) => <bdi dir="ltr">+{p.phone}</bdi> },
    { label: tx.t("chatwootFailedKind"), cell: (p) => tx.t(`chatwootFailedKind_${p.kind}` as TextKey) },
    { label: tx.t("chatwootFailedReason"), cell: (p) => <Bidi>{p.reason}</Bidi> },
    { label: tx.t("chatwootFailedAt"), cell: (p) => tx.dateTime(p.failedAt) },
  ];
  return (
    <section class="settings chatwoot" aria-labelledby="cw-failed" data-failed-posts>
      <h3 id="cw-failed">{tx.t("chatwootFailedTitle")}</h3>
      <p class="help">{tx.t("chatwootFailedHelp")}</p>
      {bridge.relay.failedPosts > posts.length && <p class="help">{tx.t("chatwootFailedShown", { shown: posts.length, all: bridge.relay.failedPosts })}</p>}
      <Table columns={columns} rows={posts} rowKey={(p) => p.id} />
      <div class="actions">
        <button type="button" disabled={busy} onClick={onRetry}>
          {busy ? tx.t("chatwootRetrying") : tx.t("chatwootRetry")}
        </button>
      </div>
    </section>
  );
}
