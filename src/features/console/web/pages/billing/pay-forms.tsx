import { useState } from "preact/hooks";
import { request } from "../../api.js";
import type { ConsoleBillingQuery, PlanFieldsFragment } from "../../gql/graphql.js";
import type { Texts } from "../../i18n.js";
import { fieldText, Notices } from "../parts.js";
import { refusalText } from "./parts.js";
import { ChangePlanMutation, CheckoutMutation, TopUpMutation } from "./queries.js";

// The billing page's three ways to pay: checkout (a plan paid with a new card, which is saved), a
// change of plan and a top-up pack (both charged to the saved card). Every amount is the server's;
// the forms send names and ids only. A refusal shows the server's words for the field it names (a
// downgrade refused while the business holds more numbers or users than the plan allows).

type Pack = ConsoleBillingQuery["topUpPacks"][number];

/**
 * The submit that runs `act` with the form's fields, once at a time: what it did goes to `onDone`
 * (the page says it above everything and reads the billing again, which may replace this form);
 * a refusal stays beside the form.
 */
function useAction(tx: Texts, act: (form: FormData) => Promise<string>, onDone: (said: string) => void) {
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setProblem("");
    setBusy(true);
    act(form)
      .then(onDone, (err: unknown) => setProblem(refusalText(tx, err)))
      .finally(() => setBusy(false));
  };
  return { status: "", problem, busy, submit };
}

const PlanOptions = ({ tx, plans, interval }: { tx: Texts; plans: PlanFieldsFragment[]; interval: "month" | "year" }) =>
  plans.map((p) => (
    <option key={p.name} value={p.name}>
      {`${p.name}: ${tx.t("planPrice", { total: tx.money((interval === "year" ? p.yearly : p.monthly).total) })}`}
    </option>
  ));

/**
 * Pays for a plan. With Moyasar, its payment form (with the publishable key) turns the card into a
 * token and the page posts that token; the field takes it. A card that needs 3-D Secure is sent to
 * its bank, which returns to /billing/moyasar/callback and then to this page. With Stripe there is
 * no card here: the payer goes to Stripe's hosted page, which returns to this page.
 */
export function CheckoutForm({ tx, plans, stripe, onDone }: { tx: Texts; plans: PlanFieldsFragment[]; stripe: boolean; onDone: (said: string) => void }) {
  const [interval, setInterval] = useState<"month" | "year">("month");
  const { status, problem, busy, submit } = useAction(
    tx,
    async (form) => {
      const plan = fieldText(form, "plan");
      const { checkout } = await request(CheckoutMutation, { plan, interval, token: stripe ? null : fieldText(form, "token") });
      if (checkout.status === "initiated" && checkout.redirectUrl) {
        location.assign(checkout.redirectUrl);
        return tx.t(stripe ? "checkoutToStripe" : "checkoutToBank");
      }
      if (checkout.status !== "paid") throw new Error(tx.t("checkoutDeclined"));
      return tx.t("checkoutPaid", { plan });
    },
    onDone,
  );
  return (
    <form class="pay" onSubmit={submit} aria-labelledby="checkout-title">
      <h3 id="checkout-title">{tx.t("checkoutTitle")}</h3>
      <p class="help">{tx.t(stripe ? "checkoutHelpStripe" : "checkoutHelp")}</p>
      <label for="checkout-plan">{tx.t("checkoutPlan")}</label>
      <select id="checkout-plan" name="plan" required>
        <PlanOptions tx={tx} plans={plans} interval={interval} />
      </select>
      <label for="checkout-interval">{tx.t("checkoutInterval")}</label>
      <select id="checkout-interval" value={interval} onChange={(e) => setInterval(e.currentTarget.value === "year" ? "year" : "month")}>
        <option value="month">{tx.t("interval_month")}</option>
        <option value="year">{tx.t("interval_year")}</option>
      </select>
      {!stripe && (
        <>
          <label for="checkout-token">{tx.t("checkoutToken")}</label>
          <input id="checkout-token" name="token" required autocomplete="off" dir="ltr" />
        </>
      )}
      <button type="submit" disabled={busy}>
        {tx.t("checkoutPay")}
      </button>
      <Notices status={status} problem={problem} />
    </form>
  );
}

/** Changes to another plan: an upgrade charged now (prorated), a downgrade at the period's end. */
export function ChangePlanForm({
  tx,
  plans,
  current,
  interval,
  onDone,
}: {
  tx: Texts;
  plans: PlanFieldsFragment[];
  current: string;
  interval: string;
  onDone: (said: string) => void;
}) {
  const others = plans.filter((p) => p.name !== current);
  const { status, problem, busy, submit } = useAction(
    tx,
    async (form) => {
      const plan = fieldText(form, "plan");
      const { changePlan } = await request(ChangePlanMutation, { plan });
      if (changePlan.status === "failed") throw new Error(tx.t("checkoutDeclined"));
      return changePlan.kind === "upgrade" ? tx.t("changePlanUpgraded", { plan }) : tx.t("changePlanLater", { plan, date: tx.date(changePlan.effectiveOn) });
    },
    onDone,
  );
  if (others.length === 0) return null;
  return (
    <form class="pay" onSubmit={submit} aria-labelledby="change-title">
      <h3 id="change-title">{tx.t("changePlanTitle")}</h3>
      <p class="help">{tx.t("changePlanHelp")}</p>
      <label for="change-plan">{tx.t("changePlanTo")}</label>
      <select id="change-plan" name="plan" required>
        <PlanOptions tx={tx} plans={others} interval={interval === "year" ? "year" : "month"} />
      </select>
      <button type="submit" disabled={busy}>
        {tx.t("changePlanSubmit")}
      </button>
      <Notices status={status} problem={problem} />
    </form>
  );
}

/** Buys a pack of messages for this month with the saved card, or on Stripe's hosted page. */
export function TopUpForm({ tx, packs, stripe, onDone }: { tx: Texts; packs: Pack[]; stripe: boolean; onDone: (said: string) => void }) {
  const { status, problem, busy, submit } = useAction(
    tx,
    async (form) => {
      const { topUp } = await request(TopUpMutation, { pack: fieldText(form, "pack") });
      if (topUp.status === "initiated" && topUp.redirectUrl) {
        location.assign(topUp.redirectUrl);
        return tx.t("checkoutToStripe");
      }
      if (topUp.status !== "paid") throw new Error(tx.t("checkoutDeclined"));
      return tx.t("topUpDone");
    },
    onDone,
  );
  return (
    <form class="pay" onSubmit={submit} aria-labelledby="top-up-title">
      <h3 id="top-up-title">{tx.t("topUpTitle")}</h3>
      <p class="help">{tx.t(stripe ? "topUpHelpStripe" : "topUpHelp")}</p>
      {packs.length === 0 ? (
        <p>{tx.t("noPacks")}</p>
      ) : (
        <>
          <label for="top-up-pack">{tx.t("topUpPack")}</label>
          <select id="top-up-pack" name="pack" required>
            {packs.map((p) => (
              <option key={p.id} value={p.id}>
                {tx.t("topUpOption", { name: p.name, messages: p.messages, price: tx.money(p.price.total) })}
              </option>
            ))}
          </select>
          <button type="submit" disabled={busy}>
            {tx.t("topUpSubmit")}
          </button>
        </>
      )}
      <Notices status={status} problem={problem} />
    </form>
  );
}
