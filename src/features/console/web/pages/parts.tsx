import type { ComponentChildren } from "preact";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import type { Texts } from "../i18n.js";

// Small pieces every page uses.

/**
 * Text from outside (a contact's name or message, a number's label) isolated from the text around
 * it, so Arabic, Latin and digits in it keep their order whatever the page's direction. Preact
 * renders it as text, never as markup.
 */
export const Bidi = ({ children }: { children: ComponentChildren }) => <bdi>{children}</bdi>;

export const Failure = ({ tx, error }: { tx: Texts; error: Error }) => (
  <p role="alert" class="error">
    {tx.t("error", { message: error.message })}
  </p>
);

/** A form field's text, trimmed ("" when missing). */
export function fieldText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/** Numbers pasted one per line (commas and semicolons also part them), blanks dropped. */
export const splitNumbers = (text: string): string[] =>
  text
    .split(/[\n,;]+/)
    .map((n) => n.trim())
    .filter(Boolean);

/** One column of a `Table`: its heading and what a row shows in it. */
export interface Column<T> {
  /** The heading; on a narrow screen, where each row is a card, also the label beside the cell. */
  label: string;
  cell: (row: T) => ComponentChildren;
  /** The cell that names the row: on a card it heads the card, with no label. */
  title?: boolean;
  /** A column of buttons: its heading is for screen readers only, and its cells carry no label. */
  buttons?: boolean;
  dir?: "ltr";
  /** A class for the cells (not for a title column's, whose class is `title`). */
  class?: string;
}

/**
 * A table of rows. On a narrow screen styles.css lays each row out as a card, its title on top and
 * every other cell beside the label its column gives it (`data-label`; the span around a cell's
 * content is what sits beside it), so no table is wider than a phone.
 */
export function Table<T>({ columns, rows, rowKey }: { columns: Array<Column<T>>; rows: T[]; rowKey: (row: T) => string | number }) {
  return (
    <table class="rows">
      <thead>
        <tr>
          {columns.map((c) => (
            <th scope="col" key={c.label}>
              {c.buttons ? <span class="visually-hidden">{c.label}</span> : c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={rowKey(r)}>
            {columns.map((c) => (
              <td key={c.label} data-label={c.buttons || c.title ? undefined : c.label} dir={c.dir} class={c.title ? "title" : c.class}>
                {c.buttons ? c.cell(r) : <span>{c.cell(r)}</span>}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The instant a day (YYYY-MM-DD, in the browser's zone) starts, `plusDays` later, as ISO 8601: the day filters' bounds. */
export const dayStart = (day: string, plusDays = 0) => {
  const d = new Date(`${day}T00:00`);
  d.setDate(d.getDate() + plusDays);
  return d.toISOString();
};

/** What the page's last action did (a live status line), and why it failed, if it did; `errorId` lets a field point at the failure. */
export function Notices({ status, problem, errorId }: { status: string; problem: string; errorId?: string }) {
  return (
    <>
      <p role="status" class="notice">
        {status}
      </p>
      {problem && (
        <p role="alert" class="error" id={errorId}>
          <Bidi>{problem}</Bidi>
        </p>
      )}
    </>
  );
}

interface AskFirstProps {
  tx: Texts;
  /** The element id of the question, unique on the page. */
  id: string;
  /** The button's words, the question, and the answer that does it. */
  label: string;
  question: string;
  yes: string;
  onYes: () => void;
}

/**
 * A button for what cannot be undone (removing a number, deleting a rule): it opens a question
 * beside it with the focus on "Keep it", so a stray Enter keeps the thing, and keeping it puts the
 * focus back on the button.
 */
export function AskFirst({ tx, id, label, question, yes, onYes }: AskFirstProps) {
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const again = useRef<HTMLButtonElement>(null);
  const answered = useRef(false);
  useLayoutEffect(() => {
    if (asking) keep.current?.focus();
    else if (answered.current) again.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" class="secondary" ref={again} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <div class="confirm" role="group" aria-labelledby={id}>
      <p id={id}>{question}</p>
      <button type="button" class="danger" onClick={onYes}>
        {yes}
      </button>
      <button
        type="button"
        class="secondary"
        ref={keep}
        onClick={() => {
          answered.current = true;
          setAsking(false);
        }}
      >
        {tx.t("keep")}
      </button>
    </div>
  );
}
