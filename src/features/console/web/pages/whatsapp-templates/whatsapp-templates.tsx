import { useEffect, useState } from "preact/hooks";
import { request } from "../../api.js";
import { SyncWhatsAppTemplatesMutation, WhatsAppTemplatesQuery } from "../../queries.js";
import type { ConsoleWhatsAppTemplatesQuery } from "../../gql/graphql.js";
import type { PageProps } from "../../page.js";
import { Failure } from "../parts.js";
import { syncProblem } from "./template-fields.js";
import { TemplateTable } from "./template-table.js";
import { SubmitForm, type CloudNumber } from "./submit-form.js";

// WhatsApp template review (#/whatsapp-templates): the templates Meta reviews for the business's
// Cloud API numbers, not the gateway's own texts (Templates, templates.tsx). Their status and
// quality as Meta last said (its webhooks keep them current), "Sync from Meta" to read them again,
// and a form that sends a new one for Meta's review (submit-form.tsx), shown at once as pending.

type Loaded = ConsoleWhatsAppTemplatesQuery;

export function WhatsAppTemplates({ tx }: PageProps) {
  const [loaded, setLoaded] = useState<Loaded | undefined>();
  const [failure, setFailure] = useState<Error | undefined>();
  const [notice, setNotice] = useState("");
  const [problem, setProblem] = useState("");
  const [syncing, setSyncing] = useState(false);
  const load = () => request(WhatsAppTemplatesQuery).then(setLoaded, setFailure);
  useEffect(() => void load(), []);
  const sync = () => {
    setSyncing(true);
    setNotice("");
    setProblem("");
    request(SyncWhatsAppTemplatesMutation)
      .then(async ({ syncWhatsAppTemplates: r }) => {
        setNotice(tx.t("synced", { synced: r.synced, skipped: r.skipped }));
        await load();
      })
      .catch((err: unknown) => setProblem(syncProblem(tx, err)))
      .finally(() => setSyncing(false));
  };
  if (failure) return <Failure tx={tx} error={failure} />;
  if (!loaded) return <p>{tx.t("loading")}</p>;
  const cloudNumbers: CloudNumber[] = loaded.accounts.filter((a) => a.capabilities.channel === "whatsapp-cloud");
  return (
    <>
      <h2>{tx.t("whatsappTemplates")}</h2>
      <p class="help">{tx.t("waTemplatesHelp")}</p>
      <div class="actions sync">
        <button type="button" onClick={sync} disabled={syncing}>
          {syncing ? tx.t("syncing") : tx.t("syncFromMeta")}
        </button>
      </div>
      <p role="status" class="notice">
        {notice}
      </p>
      {problem && (
        <p role="alert" class="error">
          {problem}
        </p>
      )}
      {loaded.whatsappTemplates.length === 0 ? <p>{tx.t("noWaTemplates")}</p> : <TemplateTable tx={tx} templates={loaded.whatsappTemplates} />}
      <SubmitForm
        tx={tx}
        numbers={cloudNumbers}
        onSubmitted={(name) => {
          setProblem("");
          setNotice(tx.t("submitted", { name }));
          void load();
        }}
      />
    </>
  );
}
