import { Alert } from "./alert.js";
import { useEffect, useState } from "preact/hooks";
import { ApiError, command, type CommandKind, type PlanWithBusinesses } from "./api.js";
import { count, fill, riyals, textsOf, type Lang } from "./i18n.js";
import { formFields } from "./forms.js";
import type { Texts } from "./texts-en.js";

// Plans: each plan with how many businesses are on it and on each of its versions (plan:businesses);
// for the roles that hold money (operator, finance): a new plan, a change saved as the next version
// (businesses move to it at renewal), and retiring one (no longer sold; businesses on it keep it).
// Prices are typed in riyals and sent in halalas; a refusal is said beside its field.

type Fields = Record<string, string>;

/** The command's arguments from the form: counts as they are, riyals as halalas, empty fields left out. */
function planArgs(field: (name: string) => string): Record<string, string> {
  const args: Record<string, string> = {};
  for (const name of ["name", "monthlyLimit", "maxAccounts"]) if (field(name).trim()) args[name] = field(name).trim();
  for (const name of ["priceMonthly", "priceYearly"]) {
    const riyal = field(name).trim();
    if (riyal) args[name] = /^\d+(\.\d{1,2})?$/.test(riyal) ? String(Math.round(Number(riyal) * 100)) : riyal;
  }
  return args;
}

function PlanForm({ t, plan, onDone }: { t: Texts; plan?: string; onDone: (said: string) => void }) {
  const [fields, setFields] = useState<Fields>({});
  const submit = async (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const args = planArgs(formFields(e));
    try {
      if (plan) await command("plan:edit", { ...args, name: plan });
      else await command("plan:create", args);
      setFields({});
      form.reset();
      onDone(fill(plan ? t.planEdited : t.planCreated, { name: plan ?? args.name ?? "" }));
    } catch (err) {
      setFields(err instanceof ApiError ? { ...err.fields, ...(Object.keys(err.fields).length ? {} : { form: err.message }) } : { form: String(err) });
    }
  };
  const id = (name: string) => `${plan ?? "new"}-${name}`;
  const input = (name: string, label: string, mode: "numeric" | "decimal" | "text") => (
    <label key={name} for={id(name)}>
      {label}
      <input
        id={id(name)}
        name={name}
        inputMode={mode}
        dir="ltr"
        aria-invalid={fields[name] ? "true" : undefined}
        aria-describedby={fields[name] ? `${id(name)}-error` : undefined}
      />
      {fields[name] ? (
        <span id={`${id(name)}-error`} role="alert" class="error">
          {fields[name]}
        </span>
      ) : null}
    </label>
  );
  return (
    <form class="plan-form" onSubmit={(e) => void submit(e)} aria-label={plan ? fill(t.editPlan, { name: plan }) : t.newPlan}>
      {plan ? null : input("name", t.planName, "text")}
      {input("monthlyLimit", t.monthlyLimit, "numeric")}
      {input("maxAccounts", t.maxAccounts, "numeric")}
      {input("priceMonthly", t.priceMonthly, "decimal")}
      {input("priceYearly", t.priceYearly, "decimal")}
      <Alert text={fields.form} />
      <button type="submit">{plan ? t.saveVersion : t.createPlan}</button>
    </form>
  );
}

function PlanCard({ t, lang, plan, money, onDone }: { t: Texts; lang: Lang; plan: PlanWithBusinesses; money: boolean; onDone: (said: string) => void }) {
  const [latest] = plan.versions;
  const retire = async () => {
    await command("plan:retire", { name: plan.name });
    onDone(fill(t.planRetiredNow, { name: plan.name }));
  };
  if (!latest) return null;
  const terms = fill(t.planTerms, {
    messages: count(lang, latest.monthlyMessageLimit),
    numbers: count(lang, latest.maxAccounts),
    monthly: riyals(lang, latest.priceMonthly),
    yearly: riyals(lang, latest.priceYearly),
  });
  return (
    <li class="business" aria-labelledby={`plan-${latest.id}`}>
      <h3 id={`plan-${latest.id}`}>
        {plan.name} <span class="status">{latest.retiredAt ? t.planRetired : latest.public ? t.planPublic : t.planPrivate}</span>
      </h3>
      <p>{fill(t.planBusinesses, { count: count(lang, plan.businesses) })}</p>
      <p>{terms}</p>
      <table>
        <caption>{t.versions}</caption>
        <thead>
          <tr>
            <th scope="col">{t.versionNumber}</th>
            <th scope="col">{t.onVersion}</th>
          </tr>
        </thead>
        <tbody>
          {plan.versions.map((v) => (
            <tr key={v.id}>
              <td>{count(lang, v.version)}</td>
              <td>{count(lang, v.businesses)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {money && !latest.retiredAt ? (
        <details>
          <summary>{fill(t.editPlan, { name: plan.name })}</summary>
          <PlanForm t={t} plan={plan.name} onDone={onDone} />
          <button type="button" class="quiet" onClick={() => void retire().catch((err: unknown) => onDone(err instanceof ApiError ? err.message : String(err)))}>
            {fill(t.retirePlan, { name: plan.name })}
          </button>
        </details>
      ) : null}
    </li>
  );
}

export function Plans({ lang, may }: { lang: Lang; may: CommandKind[] }) {
  const t = textsOf(lang);
  const [plans, setPlans] = useState<PlanWithBusinesses[] | undefined>();
  const [said, setSaid] = useState("");
  const load = () =>
    command<{ plans: PlanWithBusinesses[] }>("plan:businesses", {}).then(
      (r) => setPlans(r.plans),
      (err: unknown) => setSaid(err instanceof ApiError ? err.message : String(err)),
    );
  useEffect(() => void load(), []);
  const done = (message: string) => {
    setSaid(message);
    void load();
  };
  const money = may.includes("money");
  return (
    <section aria-labelledby="plans-heading">
      <h2 id="plans-heading">{t.plans}</h2>
      <p role="status" class="said">
        {said}
      </p>
      {money ? (
        <details class="new-plan">
          <summary>{t.newPlan}</summary>
          <PlanForm t={t} onDone={done} />
        </details>
      ) : null}
      {plans === undefined ? <p>{t.loading}</p> : null}
      <ul class="businesses">
        {plans?.map((p) => (
          <PlanCard key={p.name} t={t} lang={lang} plan={p} money={money} onDone={done} />
        ))}
      </ul>
    </section>
  );
}
