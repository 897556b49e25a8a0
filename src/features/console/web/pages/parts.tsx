import type { ComponentChildren } from "preact";
import type { Texts } from "../i18n.js";

// Small pieces every page uses.

/**
 * Text from outside (a contact's name or message, a number's label) isolated from the text around
 * it, so Arabic, Latin and digits in it keep their order whatever the page's direction. Preact
 * renders it as text, never as markup.
 */
export const Bidi = ({ children }: { children: ComponentChildren }) => <bdi>{children}</bdi>;

export const Failure = ({ tx, error }: { tx: Texts; error: Error }) => <p role="alert" class="error">{tx.t("error", { message: error.message })}</p>;

/** A form field's text, trimmed ("" when missing). */
export function fieldText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/** Numbers pasted one per line (commas and semicolons also part them), blanks dropped. */
export const splitNumbers = (text: string): string[] => text.split(/[\n,;]+/).map((n) => n.trim()).filter(Boolean);
