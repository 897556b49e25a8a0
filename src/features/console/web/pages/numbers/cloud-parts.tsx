import { ApiError } from "../../api.js";
import type { TextKey, Texts } from "../../i18n.js";
import { Bidi } from "../parts.js";
import { refusalText, type Connection } from "./number-parts.js";

// What a Cloud API number shows (its number, the name Meta verified, its quality rating and its
// messaging limit), in words, and the API's refusals of its credentials, each by the field it is
// about. The quality is a word and a colour (styles.css), never a colour alone.

const QUALITIES = ["GREEN", "YELLOW", "RED"] as const;

/** Meta's quality rating in words: GREEN is "High (green)"; none (or UNKNOWN) is "Not rated yet". */
export function Quality({ tx, value }: { tx: Texts; value: string | null }) {
  const known = QUALITIES.find((q) => q === value?.toUpperCase());
  return <span class={`quality ${known ?? "none"}`}>{known ? tx.t(`quality_${known}`) : tx.t("qualityNone")}</span>;
}

/** Meta's messaging limit: unique customers a number may start conversations with in 24 hours; null is none. */
export const tierText = (tx: Texts, tier: number | null): string => (tier === null ? tx.t("tierUnlimited") : tx.t("tier", { n: tier }));

type Facts = Pick<Connection, "name" | "phoneNumber" | "verifiedName" | "quality" | "messagingTier">;

/** The number as Meta confirmed it, as a list of terms. */
export function CloudFacts({ tx, c }: { tx: Texts; c: Facts }) {
  return (
    <dl class="cloud-facts">
      <div>
        <dt>{tx.t("name")}</dt>
        <dd>
          <Bidi>{c.name}</Bidi>
        </dd>
      </div>
      <div>
        <dt>{tx.t("number")}</dt>
        <dd>{c.phoneNumber ? <bdi dir="ltr">+{c.phoneNumber}</bdi> : tx.t("notLinkedYet")}</dd>
      </div>
      <div>
        <dt>{tx.t("verifiedName")}</dt>
        <dd>
          <Bidi>{c.verifiedName ?? "—"}</Bidi>
        </dd>
      </div>
      <div>
        <dt>{tx.t("quality")}</dt>
        <dd>
          <Quality tx={tx} value={c.quality} />
        </dd>
      </div>
      <div>
        <dt>{tx.t("messagingTier")}</dt>
        <dd>{tierText(tx, c.messagingTier)}</dd>
      </div>
    </dl>
  );
}

/** The Cloud form's fields, by their GraphQL names. */
export type CloudField = "name" | "phoneNumberId" | "wabaId" | "accessToken" | "signupCode";

export interface CloudRefusal {
  /** A sentence for each field the API named. */
  fields: Partial<Record<CloudField, string>>;
  /** A sentence for the form as a whole (the plan's limit, Meta not answering…). */
  form: string;
}

const FIELD_OF: Record<string, CloudField> = {
  name: "name",
  phoneNumberId: "phoneNumberId",
  wabaId: "wabaId",
  accessToken: "accessToken",
  signupCode: "signupCode",
};

/**
 * A field's sentence. A field breaks its rules (not digits, too short), or Meta refused it while
 * the gateway checked it (the API's sentence then says so: "Meta refused…", "…is not one of this
 * WhatsApp Business Account's numbers"), or it is already connected; `sent` says whether a token
 * and a signup code were both or neither given.
 */
function fieldSentence(tx: Texts, _name: string, field: CloudField, problem: string, sent: { token: boolean; code: boolean }): string {
  const byMeta = /^Meta |already|is not one of/.test(problem);
  const sentences: Record<CloudField, TextKey> = {
    name: "badName",
    accessToken: byMeta ? "cloudTokenRefused" : sent.token === sent.code ? "cloudTokenOrCode" : "cloudBadToken",
    signupCode: byMeta ? "cloudCodeRefused" : "cloudBadCode",
    phoneNumberId: !byMeta ? "cloudBadPhoneId" : /already/i.test(problem) ? "cloudPhoneIdTaken" : "cloudPhoneIdUnknown",
    wabaId: byMeta ? "cloudWabaUnknown" : "cloudBadWaba",
  };
  return tx.t(sentences[field]);
}

/** The API's refusal of a Cloud number, in the form's words. */
export function cloudRefusal(tx: Texts, err: unknown, sent: { token: boolean; code: boolean }): CloudRefusal {
  if (err instanceof ApiError && err.code === "VALIDATION_ERROR") {
    const fields: CloudRefusal["fields"] = {};
    const others: string[] = [];
    for (const [name, problem] of Object.entries(err.fields)) {
      const field = FIELD_OF[name];
      if (field) fields[field] ??= fieldSentence(tx, name, field, problem, sent);
      else others.push(name);
    }
    return { fields, form: others.length ? tx.t("numberError_VALIDATION_ERROR") : "" };
  }
  if (err instanceof ApiError && err.code === "SERVICE_UNAVAILABLE" && sent.code) return { fields: {}, form: tx.t("numberError_SERVICE_UNAVAILABLE") };
  return { fields: {}, form: refusalText(tx, err) };
}
