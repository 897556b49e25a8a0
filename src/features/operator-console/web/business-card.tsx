import { Alert } from "./alert.js";
import { useState } from "preact/hooks";
import { ApiError, command, viewAs, type Business, type CommandKind } from "./api.js";
import { invalidWith, MoneyActions, reread } from "./money-actions.js";
import { count, day, fill, moment, phone, riyals, textsOf, type Lang } from "./i18n.js";
import { formFields } from "./forms.js";

// One business: name and status (with the reason it was given when suspended), plan, this month's
// use, numbers and their states, owner, last activity and what it pays. "View as" opens its own
// console read-only in this tab (every role may: it changes nothing). Suspend asks for the
// reason the business will be told, beside the button; resume is one press. Both only for a role
// that may change a business's standing; the money roles' forms are money-actions.tsx's.

interface Props {
  lang: Lang;
  may: CommandKind[];
  business: Business;
  onChanged: (b: Business, said: string) => void;
  onRefused: (err: unknown) => void;
}

export function BusinessCard(props: Props) {
  const { lang, may, business: b } = props;
  const t = textsOf(lang);
  return (
    <li class="business" aria-labelledby={`business-${b.id}`}>
      <h3 id={`business-${b.id}`}>
        {b.name} <span class={`status status-${b.status}`}>{t[`status_${b.status}`]}</span>
      </h3>
      {b.suspensionReason ? <p class="reason">{fill(t.reasonGiven, { reason: b.suspensionReason })}</p> : null}
      <BusinessFacts lang={lang} business={b} />
      <div class="actions">
        <button type="button" class="quiet" onClick={() => void viewAs(b.id).then((url) => location.assign(url), props.onRefused)}>
          {fill(t.viewAs, { name: b.name })}
        </button>
        {may.includes("standing") ? <Standing {...props} /> : null}
        {may.includes("money") ? <MoneyActions {...props} /> : null}
      </div>
    </li>
  );
}

function BusinessFacts({ lang, business: b }: { lang: Lang; business: Business }) {
  const t = textsOf(lang);
  const numberState = (status: string) => (t as Record<string, string>)[`number_${status}`] ?? status;
  return (
    <dl>
      <dt>{t.plan}</dt>
      <dd>{fill(t.planVersion, { name: b.plan.name, version: count(lang, b.plan.version) })}</dd>
      <dt>{t.thisMonth}</dt>
      <dd>{fill(t.useOf, { used: count(lang, b.month.used), allowance: count(lang, b.month.allowance) })}</dd>
      <dt>{t.numbers}</dt>
      <dd>
        {b.numbers.length === 0
          ? t.noNumbers
          : b.numbers.map((n) => (
              <span class="number" key={n.id}>
                {n.phoneNumber ? phone(lang, n.phoneNumber) : t.numberNotLinked} ({numberState(n.status)})
              </span>
            ))}
      </dd>
      <dt>{t.owner}</dt>
      <dd dir="ltr">{b.ownerEmail ?? t.noOwner}</dd>
      <dt>{t.lastActivity}</dt>
      <dd>{b.lastActivityAt ? moment(lang, b.lastActivityAt) : t.never}</dd>
      <dt>{t.revenue}</dt>
      <dd>{riyals(lang, b.monthlyRevenue)}</dd>
      <dt>{t.paidThrough}</dt>
      <dd>{day(lang, b.paidThrough)}</dd>
    </dl>
  );
}

/** Suspend (with the reason asked beside the button) or resume an operator's suspension. */
function Standing({ lang, business: b, onChanged, onRefused }: Props) {
  const t = textsOf(lang);
  const [asking, setAsking] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const act = async (name: "tenant:suspend" | "tenant:resume", args: Record<string, unknown>, said: string) => {
    setFieldError(undefined);
    try {
      await command(name, { tenant: b.id, ...args });
      const now = await reread(b.id);
      setAsking(false);
      if (now) onChanged(now, fill(said, { name: b.name }));
    } catch (err) {
      if (err instanceof ApiError && err.fields.reason) setFieldError(err.fields.reason);
      else onRefused(err);
    }
  };
  if (b.suspendedByOperator) {
    return (
      <button type="button" onClick={() => void act("tenant:resume", {}, t.resumedNow)}>
        {t.resume}
      </button>
    );
  }
  if (!asking) {
    return (
      <button type="button" onClick={() => setAsking(true)}>
        {t.suspend}
      </button>
    );
  }
  const suspend = (e: Event) => {
    e.preventDefault();
    const reason = formFields(e)("reason").trim();
    void act("tenant:suspend", reason ? { reason } : {}, t.suspendedNow);
  };
  const reasonId = `reason-${b.id}`;
  return (
    <form class="suspend" onSubmit={suspend}>
      <label for={reasonId}>{t.reason}</label>
      <input id={reasonId} name="reason" maxLength={200} {...invalidWith(reasonId, fieldError)} />
      <Alert id={`${reasonId}-error`} text={fieldError} />
      <button type="submit">{fill(t.confirmSuspend, { name: b.name })}</button>
      <button type="button" onClick={() => setAsking(false)}>
        {t.cancel}
      </button>
    </form>
  );
}
