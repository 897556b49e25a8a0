import { ApiError } from "../../api.js";
import type { ConnectionFieldsFragment } from "../../gql/graphql.js";
import type { TextKey, Texts } from "../../i18n.js";
import { AskFirst } from "../parts.js";

// What the numbers pages share: a connection's state in words, the API's refusals in words, and
// the Remove button that asks first.

export type Connection = ConnectionFieldsFragment;

/** The refusals the numbers' mutations document (schema.graphql), each with a sentence of its own. */
const REFUSALS = ["NUMBER_LIMIT_REACHED", "NO_SERVER_ROOM", "LINK_NOT_READY", "NUMBER_ALREADY_LINKED", "CHANNEL_ERROR", "NOT_FOUND"] as const;
const FAILURES = ["number_taken", "other_phone", "not_started"] as const;

/** A refusal of the API in the page's words (a field the API names picks the sentence for it). */
export function refusalText(tx: Texts, err: unknown): string {
  if (!(err instanceof ApiError)) return tx.t("error", { message: err instanceof Error ? err.message : String(err) });
  if (err.code === "VALIDATION_ERROR") {
    const fields = Object.keys(err.fields).join(" ");
    return /phone/i.test(fields) ? tx.t("badPhone") : /name/i.test(fields) ? tx.t("badName") : tx.t("numberError_VALIDATION_ERROR");
  }
  const known = REFUSALS.find((code) => code === err.code);
  return known ? tx.t(`numberError_${known}`) : tx.t("error", { message: err.message });
}

/** A Cloud API number: connected by its credentials, with no session, QR code or phone to link. */
export const isCloud = (c: Pick<Connection, "channel">): boolean => c.channel === "whatsapp-cloud";

/**
 * A number whose session failed or stopped, or that lost its phone, is linked again from scratch.
 * A Cloud API number has no session to link (the operator's, OPERATOR, neither): the API refuses.
 */
export const canRelink = (c: Pick<Connection, "state" | "status" | "channel">): boolean =>
  !isCloud(c) && (c.state === "FAILED" || c.state === "STOPPED" || (c.state === "WORKING" && c.status === "disconnected"));

/** `key`'s text with its `{number}` as a phone number, kept left to right inside Arabic. */
export function WithPhone({ tx, k, phone }: { tx: Texts; k: TextKey; phone: string }) {
  const [before, after = ""] = tx.t(k, { number: "\u0000" }).split("\u0000");
  return (
    <>
      {before}
      <bdi dir="ltr">+{phone}</bdi>
      {after}
    </>
  );
}

const failureReason = (tx: Texts, error: string | null): string => {
  const known = FAILURES.find((f) => f === error);
  return known ? tx.t(`failed_${known}`) : (error ?? tx.t("failed_unknown"));
};

/** Where linking stands, in words: "Waiting for a scan", "Linked as +966…", "Failed: …"; a Cloud number's status. */
export function LinkStateText({ tx, c }: { tx: Texts; c: Pick<Connection, "state" | "status" | "phoneNumber" | "error" | "channel"> }) {
  if (isCloud(c) && c.phoneNumber) {
    return c.status === "connected" ? <WithPhone tx={tx} k="cloudConnectedAs" phone={c.phoneNumber} /> : <>{tx.t(`state_${c.status}` as TextKey)}</>;
  }
  if (c.state === "WORKING" && c.phoneNumber) return c.status === "disconnected" ? <>{tx.t("linkLost")}</> : <WithPhone tx={tx} k="linkedAs" phone={c.phoneNumber} />;
  if (c.state === "FAILED") return <>{tx.t("link_FAILED", { reason: failureReason(tx, c.error) })}</>;
  return <>{tx.t(`link_${c.state}`)}</>;
}

/** Remove, asked first (AskFirst): a stray Enter keeps the number. */
export const RemoveButton = ({ tx, name, id, onRemove }: { tx: Texts; name: string; id: number; onRemove: () => void }) => (
  <AskFirst tx={tx} id={`remove-${id}`} label={tx.t("remove")} question={tx.t("removeConfirm", { name })} yes={tx.t("removeYes")} onYes={onRemove} />
);
