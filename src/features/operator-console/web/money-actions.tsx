import { useState } from "preact/hooks";
import { Alert } from "./alert.js";
import { ApiError, command, type Business, type BusinessPage } from "./api.js";
import { day, fill, riyals, textsOf, type Lang } from "./i18n.js";
import { formFields } from "./forms.js";

// What the money roles do to one business from its card (docs/operators.md, "Money"): renew one
// billed by hand, put it on another plan without a charge, give a trial more days, refund an
// invoice. Each is one small form: the server's 422 is said beside the field it names, and the
// button waits for the answer (a refund through Moyasar takes no idempotency key).

interface Props {
  lang: Lang;
  business: Business;
  onChanged: (b: Business, said: string) => void;
  onRefused: (err: unknown) => void;
}

interface Field {
  name: string;
  label: string;
  type: "date" | "text";
  required: boolean;
  dir?: "ltr";
  inputMode?: "numeric";
}

interface Action {
  /** Unique on the page with the business's id. */
  id: string;
  command: string;
  fields: Field[];
  submit: string;
  /** What is said once it is done, from the command's answer and the fields sent. */
  said: (result: Record<string, unknown>, sent: Record<string, string>) => string;
}

/** The business as it is now, read again after an action. */
export async function reread(id: number): Promise<Business | undefined> {
  return (await command<BusinessPage>("tenant:search", { q: `#${id}`, limit: 1 })).businesses[0];
}

/** A field's attributes when the server refused it: invalid, and described by its error. */
export const invalidWith = (id: string, error: string | undefined) => (error ? { "aria-invalid": "true" as const, "aria-describedby": `${id}-error` } : {});

function ActionForm({ action, business: b, onChanged, onRefused }: Props & { action: Action }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    const read = formFields(e);
    const sent: Record<string, string> = Object.fromEntries(action.fields.map((f) => [f.name, read(f.name).trim()] as const).filter(([, v]) => v !== ""));
    setErrors({});
    setBusy(true);
    try {
      const result = await command<Record<string, unknown>>(action.command, { tenant: b.id, ...sent });
      const now = await reread(b.id);
      if (now) onChanged(now, action.said(result, sent));
    } catch (err) {
      if (err instanceof ApiError && action.fields.some((f) => err.fields[f.name])) setErrors(err.fields);
      else onRefused(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="suspend" onSubmit={(e) => void submit(e)}>
      {action.fields.map((f) => {
        const id = `${action.id}-${f.name}-${b.id}`;
        return (
          <div key={f.name} class="field">
            <label for={id}>{f.label}</label>
            {f.type === "date" ? (
              <input id={id} name={f.name} type="date" required={f.required} {...invalidWith(id, errors[f.name])} />
            ) : (
              <input id={id} name={f.name} type="text" required={f.required} dir={f.dir} inputMode={f.inputMode} {...invalidWith(id, errors[f.name])} />
            )}
            <Alert id={`${id}-error`} text={errors[f.name]} />
          </div>
        );
      })}
      <button type="submit" disabled={busy}>
        {action.submit}
      </button>
    </form>
  );
}

/** The money forms a business's card offers: renew and plan always, trial while it is on one, refund. */
export function MoneyActions(props: Props) {
  const { lang, business: b } = props;
  const t = textsOf(lang);
  const actions: Action[] = [
    {
      id: "renew",
      command: "tenant:renew",
      fields: [{ name: "until", label: t.renewUntil, type: "date", required: true }],
      submit: fill(t.renew, { name: b.name }),
      said: (_, sent) => fill(t.renewedNow, { name: b.name, day: day(lang, sent.until ?? "") }),
    },
    {
      id: "plan",
      command: "tenant:plan",
      fields: [{ name: "plan", label: t.planToGive, type: "text", required: true, dir: "ltr" }],
      submit: fill(t.givePlan, { name: b.name }),
      said: (r) => fill(t.planGivenNow, { name: b.name, plan: String(r.plan) }),
    },
    ...(b.status === "trial"
      ? [
          {
            id: "trial",
            command: "tenant:extend-trial",
            fields: [{ name: "until", label: t.trialUntil, type: "date", required: true }],
            submit: fill(t.extendTrial, { name: b.name }),
            said: (_: unknown, sent: Record<string, string>) => fill(t.trialExtendedNow, { name: b.name, day: day(lang, sent.until ?? "") }),
          } satisfies Action,
        ]
      : []),
    {
      id: "refund",
      command: "invoice:refund",
      fields: [
        { name: "invoice", label: t.refundInvoice, type: "text", required: true, dir: "ltr" },
        { name: "amount", label: t.refundAmount, type: "text", required: false, dir: "ltr", inputMode: "numeric" },
      ],
      submit: t.refund,
      said: (r) => fill(t.refundedNow, { amount: riyals(lang, Number(r.requested)), invoice: String(r.invoice) }),
    },
  ];
  return (
    <>
      {actions.map((a) => (
        <ActionForm key={a.id} action={a} {...props} />
      ))}
    </>
  );
}
