import type { ConsoleNumbersQuery } from "../gql/graphql.js";
import { Bidi } from "./parts.js";

// What the forms that say a refusal beside its field share (Chatwoot's, Cloud numbers', the
// automation rules'): the attributes that tie a field to its help and its refusal, the two
// paragraphs under it, and the business's numbers to tick. A screen reader reads the help and the
// refusal with the field, and a form can move the focus to the first field refused
// ([aria-invalid="true"]).

/** aria-invalid and aria-describedby for the field `id`: its help (`{id}-help`), and its refusal (`{id}-problem`) when it has one. */
export const described = (id: string, problem: string | undefined, help: boolean) => ({
  "aria-invalid": problem ? ("true" as const) : undefined,
  "aria-describedby": [help && `${id}-help`, problem && `${id}-problem`].filter(Boolean).join(" ") || undefined,
});

/** Under the field `id`: its help, then its refusal, each when there is one (already in the page's words). */
export function FieldNotes({ id, help, problem }: { id: string; help?: string | undefined; problem: string | undefined }) {
  return (
    <>
      {help && (
        <p id={`${id}-help`} class="help">
          {help}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} class="error field-problem">
          {problem}
        </p>
      )}
    </>
  );
}

interface NumberTicksProps {
  /** The form's prefix: the fieldset's refusal is `{prefix}-accountIds-problem`, a box `{prefix}-number-{id}`, named `number-{id}`. */
  prefix: string;
  legend: string;
  numbers: ConsoleNumbersQuery["accounts"];
  ticked: (id: number) => boolean;
  problem: string | undefined;
  /** Said when there are no numbers to tick. */
  none?: string;
}

/** The business's numbers as boxes to tick, each by its name and phone number, with the refusal of the choice under them. */
export function NumberTicks({ prefix, legend, numbers, ticked, problem, none }: NumberTicksProps) {
  const id = `${prefix}-accountIds`;
  return (
    <fieldset class="numbers" {...described(id, problem, false)}>
      <legend>{legend}</legend>
      {numbers.length === 0 && none && <p>{none}</p>}
      {numbers.map((n) => (
        <span class="check" key={n.id}>
          <input type="checkbox" id={`${prefix}-number-${n.id}`} name={`number-${n.id}`} defaultChecked={ticked(n.id)} aria-invalid={problem ? "true" : undefined} />
          <label for={`${prefix}-number-${n.id}`}>
            <Bidi>{n.name}</Bidi>
            {n.phoneNumber && (
              <>
                {" "}
                <bdi dir="ltr">+{n.phoneNumber}</bdi>
              </>
            )}
          </label>
        </span>
      ))}
      <FieldNotes id={id} problem={problem} />
    </fieldset>
  );
}
