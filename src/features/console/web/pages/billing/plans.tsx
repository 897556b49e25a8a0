import { useEffect, useState } from "preact/hooks";
import { request } from "../../api.js";
import type { ConsolePlansQuery, PlanFieldsFragment } from "../../gql/graphql.js";
import type { PageProps } from "../../page.js";
import type { Texts } from "../../i18n.js";
import { Bidi, Failure } from "../parts.js";
import { PlansQuery } from "./queries.js";

// Plans (#/plans): the public plans side by side, each with its monthly and yearly price (before
// VAT, the VAT and the total) and its allowances; the business's current plan is marked in words
// (and by aria-current), not by colour alone. Changing plan is on the billing page.

export function Plans({ tx }: PageProps) {
  const [data, setData] = useState<ConsolePlansQuery | undefined>();
  const [error, setError] = useState<Error | undefined>();
  useEffect(() => {
    request(PlansQuery).then(setData, setError);
  }, []);
  if (error) return <Failure tx={tx} error={error} />;
  return (
    <>
      <h2>{tx.t("plans")}</h2>
      <p>{tx.t("plansHelp")}</p>
      {!data ? (
        <p>{tx.t("loading")}</p>
      ) : data.plans.length === 0 ? (
        <p>{tx.t("noPlans")}</p>
      ) : (
        <ul class="plans">
          {data.plans.map((p) => (
            <PlanCard key={p.name} tx={tx} plan={p} current={p.name === data.billing.plan.name} />
          ))}
        </ul>
      )}
    </>
  );
}

function Price({ tx, label, price }: { tx: Texts; label: string; price: PlanFieldsFragment["monthly"] }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <span class="total">{tx.t("planPrice", { total: tx.money(price.total) })}</span>
        <span class="parts">{tx.t("planPriceParts", { net: tx.money(price.net), vat: tx.money(price.vat) })}</span>
      </dd>
    </div>
  );
}

function PlanCard({ tx, plan, current }: { tx: Texts; plan: PlanFieldsFragment; current: boolean }) {
  return (
    <li class={current ? "card plan current" : "card plan"} data-plan={plan.name} aria-current={current ? "true" : undefined}>
      <h3>
        <Bidi>{plan.name}</Bidi>
      </h3>
      {current && <p class="current-plan">{tx.t("planCurrent")}</p>}
      <dl>
        <Price tx={tx} label={tx.t("interval_month")} price={plan.monthly} />
        <Price tx={tx} label={tx.t("interval_year")} price={plan.yearly} />
      </dl>
      <ul class="allowances">
        <li>{tx.t("planMessages", { n: plan.messagesPerMonth })}</li>
        <li>{tx.t("planNumbers", { n: plan.numbers })}</li>
        <li>{tx.t("planUsers", { n: plan.users })}</li>
      </ul>
    </li>
  );
}
