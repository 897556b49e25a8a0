import { z } from "zod";
import { contactCardInput, interactiveInput, locationInput, mediaInput, templateMessageInput } from "../../../core/content/content-input.js";
import { sendOptions } from "../../messages/rest.js";
import type { RuleKind } from "./rule-content.js";

// A rule's content kind on the REST facade: given in POST /send's fields (the same schemas, so the
// same components in the OpenAPI document) and read back as given, each field null but the one
// the rule has.

export const restRuleContentBody = {
  media: sendOptions.media,
  location: sendOptions.location,
  contacts: sendOptions.contacts,
  interactive: sendOptions.interactive,
  whatsapp_template: sendOptions.whatsapp_template,
};

const asRead = (what: string) => ({ description: `As given, in POST /send's \`${what}\`; null: the rule sends another kind, or text and image only.` });

export const restRuleContentShape = {
  media: mediaInput.nullable().meta(asRead("media")),
  location: locationInput.nullable().meta(asRead("location")),
  // Phone numbers are read back as stored, in international digits.
  contacts: z
    .array(contactCardInput.extend({ phones: z.array(z.string()) }))
    .nullable()
    .meta(asRead("contacts")),
  interactive: interactiveInput.nullable().meta(asRead("interactive")),
  whatsapp_template: templateMessageInput.nullable().meta(asRead("whatsapp_template")),
};

/** The REST body's names of the kinds, to GraphQL's. */
export const restRuleContentNames = { media: "media", location: "location", contacts: "contacts", interactive: "interactive", whatsapp_template: "whatsappTemplate" };

/** A value as given again: the fields GraphQL reads back as null (never given) left out. */
function asGiven(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asGiven);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k, v]) => v !== null && k !== "__typename")
      .map(([k, v]) => [k, asGiven(v)]),
  );
}

/** A rule's (or a trial's) content kind as REST reads it back, from what GraphQL read. */
export function restRuleContent(r: { [K in RuleKind]?: object | object[] | null }) {
  const given = (v: object | null | undefined) => (v == null ? null : (asGiven(v) as never));
  return {
    media: given(r.media),
    location: given(r.location),
    contacts: given(r.contacts),
    interactive: given(r.interactive),
    whatsapp_template: given(r.whatsappTemplate),
  };
}
