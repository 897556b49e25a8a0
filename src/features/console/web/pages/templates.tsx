import { useEffect, useState } from "preact/hooks";
import { ApiError, request } from "../api.js";
import { CreateTemplateMutation, DeleteTemplateMutation, TemplatesQuery, UpdateTemplateMutation } from "../queries.js";
import type { ConsoleTemplatesQuery } from "../gql/graphql.js";
import type { PageProps } from "../page.js";
import { Bidi, Failure, fieldText, Table, type Column } from "./parts.js";
import type { Texts } from "../i18n.js";
import { fieldErrors, type FieldError } from "./field-errors.js";

// Templates: create, edit and delete. Deleting one that queued messages use is refused by the API
// (TEMPLATE_IN_USE); the page says what that means and offers to delete it anyway.

type Template = ConsoleTemplatesQuery["templates"][number];

export function Templates({ tx }: PageProps) {
  const [templates, setTemplates] = useState<Template[] | undefined>();
  const [editing, setEditing] = useState<Template | null>(null);
  const [status, setStatus] = useState("");
  const [inUse, setInUse] = useState<string | undefined>();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<Error | undefined>();
  const load = () => request(TemplatesQuery).then((d) => setTemplates(d.templates), setFailure);
  useEffect(() => void load(), []);
  const refused = (err: unknown) => (err instanceof ApiError && err.code === "VALIDATION_ERROR" ? setErrors(fieldErrors(tx, err.fields, undefined)) : setFailure(err as Error));
  const save = async (e: Event) => {
    e.preventDefault();
    setErrors([]);
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const name = fieldText(f, "name");
    const text = fieldText(f, "text");
    try {
      if (editing) await request(UpdateTemplateMutation, { name: editing.name, input: { text } });
      else await request(CreateTemplateMutation, { input: { name, text } });
      (e.currentTarget as HTMLFormElement | null)?.reset();
      setEditing(null);
      setStatus(tx.t("saved", { name: editing?.name ?? name }));
      await load();
    } catch (err) {
      refused(err);
    }
  };
  const remove = async (name: string, force: boolean) => {
    try {
      await request(DeleteTemplateMutation, { name, force });
      setInUse(undefined);
      setStatus(tx.t("deleted", { name }));
      await load();
    } catch (err) {
      if (err instanceof ApiError && err.code === "TEMPLATE_IN_USE") setInUse(name);
      else setFailure(err as Error);
    }
  };
  if (failure) return <Failure tx={tx} error={failure} />;
  if (!templates) return <p>{tx.t("loading")}</p>;
  return (
    <>
      <h2>{tx.t("templates")}</h2>
      <p role="status" class="notice">
        {status}
      </p>
      {inUse && (
        <div role="alert" class="error">
          <p>{tx.t("inUse")}</p>
          <button type="button" onClick={() => void remove(inUse, true)}>
            {tx.t("deleteAnyway")}
          </button>
        </div>
      )}
      {templates.length === 0 ? <p>{tx.t("noTemplates")}</p> : <TemplateTable tx={tx} templates={templates} onEdit={setEditing} onDelete={(name) => void remove(name, false)} />}
      <TemplateForm key={editing?.name ?? "new"} tx={tx} editing={editing} errors={errors} onSave={(e) => void save(e)} />
    </>
  );
}

function TemplateForm({ tx, editing, errors, onSave }: { tx: Texts; editing: Template | null; errors: FieldError[]; onSave: (e: Event) => void }) {
  return (
    <form class="template" onSubmit={onSave}>
      <h3>
        {editing ? (
          <>
            {tx.t("edit")}: <bdi dir="ltr">{editing.name}</bdi>
          </>
        ) : (
          tx.t("newTemplate")
        )}
      </h3>
      {!editing && (
        <>
          <label for="t-name">{tx.t("templateName")}</label>
          <input id="t-name" name="name" dir="ltr" required />
        </>
      )}
      <label for="t-text">{tx.t("templateText")}</label>
      <textarea id="t-text" name="text" rows={4} required defaultValue={editing?.text ?? ""} aria-describedby={errors.length ? "t-errors" : undefined} />
      {errors.length > 0 && (
        <ul id="t-errors" role="alert" class="error">
          {errors.map((er) => (
            <li key={er.where}>
              {er.where}: <Bidi>{er.problem}</Bidi>
            </li>
          ))}
        </ul>
      )}
      <button type="submit">{tx.t("save")}</button>
    </form>
  );
}

function TemplateTable({ tx, templates, onEdit, onDelete }: { tx: Texts; templates: Template[]; onEdit: (t: Template) => void; onDelete: (name: string) => void }) {
  const columns: Array<Column<Template>> = [
    { label: tx.t("name"), title: true, dir: "ltr", cell: (t) => t.name },
    { label: tx.t("text"), cell: (t) => <Bidi>{t.text}</Bidi> },
    { label: tx.t("variables"), dir: "ltr", cell: (t) => t.variables.join(", ") },
    {
      label: tx.t("edit"),
      buttons: true,
      class: "row-actions",
      cell: (t) => (
        <>
          <button type="button" class="secondary" onClick={() => onEdit(t)}>
            {tx.t("edit")}
          </button>
          <button type="button" class="secondary" onClick={() => onDelete(t.name)}>
            {tx.t("delete")}
          </button>
        </>
      ),
    },
  ];
  return <Table columns={columns} rows={templates} rowKey={(t) => t.name} />;
}
