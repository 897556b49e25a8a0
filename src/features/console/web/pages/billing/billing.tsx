import { useEffect, useState } from "preact/hooks";
import { request } from "../../api.js";
import type { ConsoleBillingQuery } from "../../gql/graphql.js";
import type { PageProps } from "../../page.js";
import type { TextKey, Texts } from "../../i18n.js";
import { Bidi, Failure } from "../parts.js";
import { Meter } from "./parts.js";
import { ChangePlanForm, CheckoutForm, TopUpForm } from "./pay-forms.js";
import { Invoices } from "./invoices.js";
import { BillingQuery } from "./queries.js";

// Billing (#/billing): the plan, its state and period with the days left, this month's messages and
// the connected numbers as meters, the saved card, then paying: a checkout while there is no paid
// plan (a trial, or a suspended or cancelled one), else a change of plan and a top-up; and the
// invoices. A payment that went through the bank's 3-D Secure returns to `#/billing?payment=paid`
// (or failed), one on Stripe's page to `?payment=submitted` (or cancelled), which the page says once
// and takes out of the address.

type Billing = ConsoleBillingQuery["billing"];

/** What a payment's return from the bank said (`?payment=` after the page), taken out of the address. */
function returnedPayment(tx: Texts): string {
  const outcome = /[?&]payment=(\w+)/.exec(location.hash)?.[1];
  if (!outcome) return "";
  history.replaceState(null, "", `${location.pathname}${location.search}#/billing`);
  const known = ["paid", "submitted", "cancelled"].includes(outcome) ? outcome : "failed";
  return tx.t(`paymentReturned_${known}` as TextKey);
}

/** A paid plan (a saved card, or a subscription Stripe renews) is changed and topped up; anything else pays by checkout first. */
const paid = (b: Billing) => (b.card !== null || b.renewedByProvider) && (b.state === "active" || b.state === "past_due");

export function BillingPage({ tx }: PageProps) {
  const [data, setData] = useState<ConsoleBillingQuery | undefined>();
  const [error, setError] = useState<Error | undefined>();
  const [said, setSaid] = useState(() => returnedPayment(tx));
  const [round, setRound] = useState(0);
  useEffect(() => {
    request(BillingQuery).then(setData, setError);
  }, [round]);
  const done = (text: string) => {
    setSaid(text);
    setRound((r) => r + 1);
  };
  if (error) return <Failure tx={tx} error={error} />;
  const b = data?.billing;
  return (
    <>
      <h2>{tx.t("billing")}</h2>
      <p role="status" class="notice" data-billing-said>
        {said}
      </p>
      {!data || !b ? (
        <p>{tx.t("loading")}</p>
      ) : (
        <>
          <Summary tx={tx} b={b} />
          <section class="cards" aria-label={tx.t("billing")}>
            <Meter tx={tx} id="messages" label="meterMessages" used={b.messages.used} allowance={b.messages.allowance} />
            <Meter tx={tx} id="numbers" label="meterNumbers" used={b.numbers.used} allowance={b.numbers.allowance} />
          </section>
          <h3>{tx.t("billingCard")}</h3>
          <p data-card>
            {b.card ? tx.t("billingCardSaved", { brand: b.card.brand ?? "", last4: b.card.last4 }) : tx.t(b.renewedByProvider ? "billingCardStripe" : "billingNoCard")}
          </p>
          {paid(b) ? (
            <div class="pay-forms">
              <ChangePlanForm tx={tx} plans={data.plans} current={b.plan.name} interval={b.interval} onDone={done} />
              <TopUpForm tx={tx} packs={data.topUpPacks} stripe={b.provider === "stripe"} onDone={done} />
            </div>
          ) : (
            <CheckoutForm tx={tx} plans={data.plans} stripe={b.provider === "stripe"} onDone={done} />
          )}
        </>
      )}
      <Invoices tx={tx} />
    </>
  );
}

function Summary({ tx, b }: { tx: Texts; b: Billing }) {
  return (
    <section aria-label={tx.t("plan")}>
      <dl class="facts">
        <div>
          <dt>{tx.t("plan")}</dt>
          <dd data-plan={b.plan.name}>
            <Bidi>{b.plan.name}</Bidi> ({tx.t(`interval_${b.interval}` as TextKey)})
          </dd>
        </div>
        <div>
          <dt>{tx.t("billingState")}</dt>
          <dd>
            <span class={`state ${b.state}`} data-state={b.state}>
              {tx.t(`billingState_${b.state}` as TextKey)}
            </span>
          </dd>
        </div>
        <div>
          <dt>{tx.t("billingPeriodLabel")}</dt>
          <dd>
            {tx.t("billingPeriod", { from: tx.date(b.periodStart), to: tx.date(b.periodEnd) })} · {tx.t("billingDaysLeft", { days: b.daysLeft })}
          </dd>
        </div>
      </dl>
      {b.graceUntil && <p class="warning">{tx.t("billingGrace", { date: tx.date(b.graceUntil) })}</p>}
      {b.pendingPlan && <p>{tx.t("billingPending", { plan: b.pendingPlan })}</p>}
    </section>
  );
}
