import { z } from "zod";
import { MAX_VARIABLES, imageUrl, messageText, templateName, variableName } from "../../core/input/send-input.js";
import { parseInput } from "../../core/input/validation.js";

// A template's fields, with their rules written once: the template service takes the typed input
// made here; over /graphql its arguments are checked by these schemas (parseNewTemplate,
// parseTemplateChange), and the REST bodies (template-schemas.ts) are built from the same field
// rules, so a REST body is checked once, by its route, and only shaped here.

/** The placeholder names a caller may list: they must match the text's, so they are only a check. */
export const templateVariableNames = z.array(variableName).max(MAX_VARIABLES, `must hold at most ${MAX_VARIABLES} names`);

const createSchema = z.object({
  name: templateName,
  text: messageText,
  imageUrl: imageUrl.nullish(),
  variables: templateVariableNames.nullish(),
});

const updateSchema = z.object({
  text: messageText.nullish(),
  imageUrl: imageUrl.nullish(),
  variables: templateVariableNames.nullish(),
});

export interface NewTemplate {
  name: string;
  text: string;
  imageUrl: string | null;
  /** The names the caller listed as a check; null: none listed. */
  variables: readonly string[] | null;
}

export interface TemplateChange {
  /** null: unchanged. */
  text: string | null;
  /** null clears the image; undefined keeps it. */
  imageUrl: string | null | undefined;
  variables: readonly string[] | null;
}

/** The typed input of a creation, from fields its rules already checked (in GraphQL's names). */
const newTemplate = (input: z.output<typeof createSchema>): NewTemplate => ({
  name: input.name,
  text: input.text,
  imageUrl: input.imageUrl ?? null,
  variables: input.variables ?? null,
});

/** The typed input of a change, from fields its rules already checked (in GraphQL's names). */
const templateChange = (input: z.output<typeof updateSchema>): TemplateChange => ({
  text: input.text ?? null,
  imageUrl: input.imageUrl,
  variables: input.variables ?? null,
});

/** A creation's fields checked by their rules; errors name them in GraphQL's names. */
export const parseNewTemplate = (raw: unknown): NewTemplate => newTemplate(parseInput(createSchema, raw));

/** A change's fields checked by their rules; errors name them in GraphQL's names. */
export const parseTemplateChange = (raw: unknown): TemplateChange => templateChange(parseInput(updateSchema, raw));

/** A creation from a body its REST schema checked, renamed to GraphQL's names. */
export const newTemplateFromRest = (checked: unknown): NewTemplate => newTemplate(checked as z.output<typeof createSchema>);

/** A change from a body its REST schema checked, renamed to GraphQL's names. */
export const templateChangeFromRest = (checked: unknown): TemplateChange => templateChange(checked as z.output<typeof updateSchema>);
