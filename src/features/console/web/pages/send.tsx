import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, request } from "../api.js";
import { PreviewQuery, SendBulkMutation, SendSetupQuery, SheetQuery } from "../queries.js";
import type { ConsolePreviewQuery, ConsoleSendSetupQuery, SendBulkInput } from "../gql/graphql.js";
import type { PageProps } from "../page.js";
import { Bidi, Failure, splitNumbers } from "./parts.js";
import { fieldErrors, type FieldError } from "./field-errors.js";

// Send: to pasted numbers or a sheet's rows, with a template or a text, now or at a time, at a
// priority. Preview shows what the first recipients get, checked as the send would be; errors
// appear at the field, row and column the API names. Every control is reachable by keyboard.

type Sheet = { recipients: Array<{ to: string; variables: Record<string, string> }>; rows: number[] };
type Recipients = { numbers: string[] } | Sheet;

function inputOf(form: HTMLFormElement, recipients: Recipients): SendBulkInput {
  const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value.trim() ?? "";
  const template = value("template");
  const sendAt = value("sendAt");
  return {
    ...("numbers" in recipients ? { numbers: recipients.numbers } : { recipients: recipients.recipients }),
    ...(template ? { template } : { text: value("text") }),
    ...(sendAt ? { sendAt: new Date(sendAt).toISOString() } : {}),
    priority: value("priority") === "high" ? "high" : "normal",
  };
}

/** The send form's state and what its buttons do. */
function useSendForm(tx: PageProps["tx"]) {
  const [sheet, setSheet] = useState<Sheet | undefined>();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<Error | undefined>();
  const [preview, setPreview] = useState<ConsolePreviewQuery["previewBulk"] | undefined>();
  const [done, setDone] = useState<{ id: string; queued: number; skipped: number } | undefined>();
  // The sheet being read: a preview or send clicked before it is read waits for it, or it would go to the typed numbers.
  const reading = useRef<Promise<Sheet | undefined>>(Promise.resolve(undefined));
  const refused = (err: unknown, onFields: (fields: Record<string, string>) => FieldError[]) => {
    if (err instanceof ApiError && err.code === "VALIDATION_ERROR") setErrors(onFields(err.fields));
    else setFailure(err as Error);
  };
  const recipientsOf = (form: HTMLFormElement, read: Sheet | undefined): Recipients =>
    read ?? { numbers: splitNumbers((form.elements.namedItem("numbers") as HTMLTextAreaElement).value) };
  const attempt = async (form: HTMLFormElement, send: boolean) => {
    const read = await reading.current;
    setErrors([]);
    setDone(undefined);
    try {
      const input = inputOf(form, recipientsOf(form, read));
      if (!send) setPreview((await request(PreviewQuery, { input })).previewBulk);
      else {
        const r = (await request(SendBulkMutation, { input })).sendBulk;
        setDone({ id: r.batchId, queued: r.queued, skipped: r.skipped.length });
      }
    } catch (err) {
      refused(err, (fields) => fieldErrors(tx, fields, read?.rows));
    }
  };
  const readRows = async (file: File | undefined): Promise<Sheet | undefined> => {
    setSheet(undefined);
    setErrors([]);
    if (!file) return undefined;
    try {
      const rows = (await request(SheetQuery, { csv: await file.text() })).sheetRecipients;
      const read = { recipients: rows.map((r) => ({ to: r.to, variables: r.variables as Record<string, string> })), rows: rows.map((r) => r.row) };
      setSheet(read);
      return read;
    } catch (err) {
      refused(err, (fields) => Object.entries(fields).map(([where, problem]) => ({ field: "recipients", where, problem })));
      return undefined;
    }
  };
  const readSheet = (file: File | undefined) => (reading.current = readRows(file));
  return { sheet, errors, failure, preview, done, attempt, readSheet };
}

export function Send({ tx }: PageProps) {
  const [setup, setSetup] = useState<ConsoleSendSetupQuery | undefined>();
  const [setupFailure, setSetupFailure] = useState<Error | undefined>();
  const form = useSendForm(tx);
  useEffect(() => {
    request(SendSetupQuery).then(setSetup, setSetupFailure);
  }, []);
  const failure = setupFailure ?? form.failure;
  if (failure) return <Failure tx={tx} error={failure} />;
  if (!setup) return <p>{tx.t("loading")}</p>;
  return (
    <>
      <h2>{tx.t("send")}</h2>
      <form
        class="send"
        onSubmit={(e) => {
          e.preventDefault();
          void form.attempt(e.currentTarget, true);
        }}
      >
        <SendFields tx={tx} setup={setup} form={form} />
        <div class="actions">
          <button type="button" class="secondary" onClick={(e) => void form.attempt(e.currentTarget.form!, false)}>
            {tx.t("preview")}
          </button>
          <button type="submit">{tx.t("sendNow")}</button>
        </div>
      </form>
      {form.preview && <PreviewList tx={tx} preview={form.preview} />}
      {form.done && (
        <p role="status" class="done">
          {tx.t("sent", { id: tx.id(form.done.id), queued: form.done.queued, skipped: form.done.skipped })} <a href={`#/batches/${form.done.id}`}>{tx.t("follow")}</a>
        </p>
      )}
    </>
  );
}

function SendFields({ tx, setup, form }: { tx: PageProps["tx"]; setup: ConsoleSendSetupQuery; form: ReturnType<typeof useSendForm> }) {
  const [template, setTemplate] = useState("");
  const { sheet, errors } = form;
  const described = (field: string) => (errors.some((e) => e.field === field) ? "send-errors" : undefined);
  return (
    <>
      <fieldset>
        <legend>{tx.t("recipients")}</legend>
        <label for="numbers">{tx.t("numbersField")}</label>
        <textarea id="numbers" name="numbers" rows={4} dir="ltr" disabled={sheet !== undefined} aria-describedby={described("numbers") ?? described("recipients")} />
        <label for="sheet">{tx.t("sheetField")}</label>
        <input
          id="sheet"
          name="sheet"
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => void form.readSheet(e.currentTarget.files?.[0])}
          aria-describedby={described("recipients")}
        />
        {sheet && <p role="status">{tx.t("sheetRows", { n: sheet.recipients.length })}</p>}
      </fieldset>
      <label for="template">{tx.t("template")}</label>
      <select id="template" name="template" value={template} onChange={(e) => setTemplate(e.currentTarget.value)} aria-describedby={described("template")}>
        <option value="">{tx.t("noTemplate")}</option>
        {setup.templates.map((t) => (
          <option key={t.name} value={t.name} dir="ltr">
            {t.name}
          </option>
        ))}
      </select>
      {template === "" && (
        <>
          <label for="text">{tx.t("text")}</label>
          <textarea id="text" name="text" rows={4} aria-describedby={described("text")} />
        </>
      )}
      <label for="sendAt">{tx.t("sendAt")}</label>
      <input id="sendAt" name="sendAt" type="datetime-local" aria-describedby={described("sendAt")} />
      <label for="priority">{tx.t("priority")}</label>
      <select id="priority" name="priority">
        <option value="normal">{tx.t("priority_normal")}</option>
        <option value="high">{tx.t("priority_high")}</option>
      </select>
      {errors.length > 0 && (
        <div id="send-errors" role="alert" class="error">
          <p>{tx.t("fixFields")}</p>
          <ul>
            {errors.map((e) => (
              <li key={e.where}>
                <Bidi>{e.where}</Bidi>: <Bidi>{e.problem}</Bidi>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

function PreviewList({ tx, preview }: { tx: PageProps["tx"]; preview: ConsolePreviewQuery["previewBulk"] }) {
  return (
    <section aria-labelledby="preview-title" class="preview">
      <h3 id="preview-title">{tx.t("previewTitle", { total: preview.total, skipped: preview.skipped })}</h3>
      <ol>
        {preview.recipients.map((r) => (
          <li key={r.to}>
            <bdi dir="ltr">+{r.to}</bdi>: <Bidi>{r.text}</Bidi>
            {r.skipped && <em> ({tx.t("skippedBecause", { reason: tx.t(`skip_${r.skipped}`) })})</em>}
          </li>
        ))}
      </ol>
    </section>
  );
}
