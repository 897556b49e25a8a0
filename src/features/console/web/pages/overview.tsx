import { useEffect, useState } from "preact/hooks";
import { request } from "../api.js";
import { OverviewQuery } from "../queries.js";
import type { ConsoleOverviewQuery } from "../gql/graphql.js";
import type { PageProps } from "../page.js";
import type { TextKey, Texts } from "../i18n.js";
import { Bidi, Failure, Table, type Column } from "./parts.js";
import { ActivityChart } from "./activity-chart.js";

// Overview: the plan and this month's allowance, and each number with its state and today's and
// this month's sends against its limits.

export function Overview({ tx }: PageProps) {
  const [data, setData] = useState<ConsoleOverviewQuery | undefined>();
  const [error, setError] = useState<Error | undefined>();
  useEffect(() => {
    request(OverviewQuery).then(setData, setError);
  }, []);
  if (error) return <Failure tx={tx} error={error} />;
  if (!data) return <p>{tx.t("loading")}</p>;
  const { balance, accounts } = data;
  return (
    <>
      <h2>{tx.t("overview")}</h2>
      <section class="cards" aria-label={tx.t("balance")}>
        <div class="card">
          <h3>{tx.t("plan")}</h3>
          <p class="big">
            <Bidi>{balance.plan}</Bidi>
          </p>
          <p>{tx.t("subscriptionEnds", { date: tx.date(balance.subscriptionEnds) })}</p>
        </div>
        <div class="card">
          <h3>{tx.t("balance")}</h3>
          <p class="big">{tx.number(balance.messages.remaining)}</p>
          <p>{tx.t("used", { used: balance.messages.used, limit: balance.messages.limit, remaining: balance.messages.remaining })}</p>
          <meter min={0} max={balance.messages.limit} value={balance.messages.used} aria-label={tx.t("balance")} />
        </div>
        <div class="card">
          <h3>{tx.t("queue")}</h3>
          <p class="big" data-queued={data.queuedMessages}>
            {tx.number(data.queuedMessages)}
          </p>
          <p>{tx.t("queued")}</p>
        </div>
      </section>
      <h3>{tx.t("last24h")}</h3>
      <ActivityChart tx={tx} hours={data.sendingActivity} />
      <h3>{tx.t("numbers")}</h3>
      {accounts.length === 0 ? <p>{tx.t("noNumbers")}</p> : <Table columns={numberColumns(tx)} rows={accounts} rowKey={(a) => a.id} />}
    </>
  );
}

function numberColumns(tx: Texts): Array<Column<ConsoleOverviewQuery["accounts"][number]>> {
  return [
    { label: tx.t("name"), title: true, cell: (a) => <Bidi>{a.name}</Bidi> },
    { label: tx.t("number"), cell: (a) => (a.phoneNumber ? <bdi dir="ltr">+{a.phoneNumber}</bdi> : tx.t("notLinkedYet")) },
    { label: tx.t("state"), cell: (a) => <span class={`state ${a.state}`}>{tx.t(`state_${a.state}` as TextKey)}</span> },
    { label: tx.t("today"), cell: (a) => tx.t("ofLimit", { n: a.todaySent, limit: a.dailyLimit }) },
    { label: tx.t("month"), cell: (a) => tx.t("ofLimit", { n: a.monthSent, limit: a.monthlyLimit }) },
  ];
}
