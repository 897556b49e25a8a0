import { INTERACTIVE, MAX_CAPTION } from "../../../core/content/content-input.js";
import type { InteractiveContent } from "../../../core/content/message-content.js";
import { MAX_TEXT_CODE_POINTS } from "../../../core/input/send-input.js";
import type { ChatAnswer } from "./typebot-api.js";
import { plainOfRichText, whatsappText } from "./whatsapp-text.js";

// What a Typebot chat step becomes for the contact, in Typebot's order: text bubbles in a row are
// one text message (each message is charged, and one keeps them in order), an image bubble an
// image, a video, audio or embed bubble its link, and a choice input WhatsApp's buttons (up to 3
// short titles) or list (up to 10) on a number whose channel carries them, its body the text just
// before it. Elsewhere (WAHA numbers), or with more items than a list holds, the choices are
// numbered text, and the contact may answer with a number. Bubbles of other kinds (a custom embed)
// and inputs other than a choice send nothing of their own: the text before them asks.

export interface TypebotReply {
  text: string;
  imageUrl: string | null;
  content: InteractiveContent | null;
}

export interface Choice {
  id: string;
  title: string;
}

export interface Rendered {
  replies: TypebotReply[];
  /** The choices offered as numbered text, which a typed number picks; null when none were. */
  numbered: Choice[] | null;
}

/** At most this many messages for one of the contact's messages; a longer step is cut (and logged). */
export const MAX_REPLIES = 10;

/** A choice sent without a question before it still needs a body: WhatsApp refuses buttons without one. */
const BARE_CHOICE_BODY = "👇";

const codePoints = (s: string) => [...s].length;
const clip = (s: string, max: number) => (codePoints(s) <= max ? s : `${[...s].slice(0, max - 1).join("")}…`);
/** Text as the queue stores it: no NUL, well-formed, within a message's length. */
const storable = (s: string, max = MAX_TEXT_CODE_POINTS) => clip(s.replaceAll("\u0000", "").toWellFormed(), max);
const arabic = (s: string) => /[\u0600-\u06ff]/.test(s);

const urlOf = (content: unknown): string | null => {
  const url = (content as { url?: unknown } | undefined)?.url;
  return typeof url === "string" && /^https?:\/\//i.test(url) ? url : null;
};

function bubbleText(content: unknown): string {
  const c = content as { type?: unknown; markdown?: unknown; richText?: unknown } | undefined;
  if (c?.type === "markdown" && typeof c.markdown === "string") return whatsappText(c.markdown);
  if (c?.type === "richText") return plainOfRichText(c.richText);
  return "";
}

class Replies {
  readonly list: TypebotReply[] = [];

  text(text: string): void {
    const t = storable(text.trim());
    if (!t) return;
    const last = this.list.at(-1);
    if (last && !last.imageUrl && !last.content && codePoints(last.text) + 2 + codePoints(t) <= MAX_TEXT_CODE_POINTS) last.text = `${last.text}\n\n${t}`;
    else this.list.push({ text: t, imageUrl: null, content: null });
  }

  image(url: string): void {
    this.list.push({ text: "", imageUrl: url, content: null });
  }

  /** The text just sent, taken back to be a choice's body (when it fits one). */
  takeQuestion(): string | null {
    const last = this.list.at(-1);
    if (!last || last.imageUrl || last.content || codePoints(last.text) > MAX_CAPTION) return null;
    this.list.pop();
    return last.text;
  }
}

/** A choice input's items that have something to show, as Typebot's items are: an id, and `content` (or `value`). */
function choicesOf(input: NonNullable<ChatAnswer["input"]>): Choice[] {
  const items = (input.items ?? []) as Array<{ id?: unknown; content?: unknown; value?: unknown }>;
  return items.flatMap((item) => {
    const shown = typeof item.content === "string" && item.content.trim() ? item.content : item.value;
    if (typeof item.id !== "string" || typeof shown !== "string" || !shown.trim()) return [];
    return [{ id: item.id, title: storable(shown.trim(), 200) }];
  });
}

const distinct = (choices: Choice[]) => new Set(choices.map((c) => c.id)).size === choices.length && new Set(choices.map((c) => c.title)).size === choices.length;

/** WhatsApp's interactive message for the choices, when they fit one. */
function interactiveOf(body: string, choices: Choice[]): InteractiveContent | null {
  const fits = (c: Choice, title: number, id: number) => codePoints(c.title) <= title && codePoints(c.id) <= id;
  if (!distinct(choices)) return null;
  if (choices.length <= INTERACTIVE.buttons && choices.every((c) => fits(c, INTERACTIVE.buttonTitle, INTERACTIVE.buttonId))) {
    return { kind: "interactive", header: null, footer: null, type: "buttons", buttons: choices.map((c) => ({ id: c.id, title: c.title })) };
  }
  if (choices.length > INTERACTIVE.rows || !choices.every((c) => codePoints(c.id) <= INTERACTIVE.rowId)) return null;
  const rows = choices.map((c) => {
    const whole = codePoints(c.title) <= INTERACTIVE.rowTitle;
    return { id: c.id, title: whole ? c.title : clip(c.title, INTERACTIVE.rowTitle), description: whole ? null : clip(c.title, INTERACTIVE.rowDescription) };
  });
  // Titles cut to a row's length may meet; numbered text keeps them apart.
  if (new Set(rows.map((r) => r.title)).size !== rows.length) return null;
  const button = arabic(body) ? "الخيارات" : "Options";
  return { kind: "interactive", header: null, footer: null, type: "list", button, sections: [{ title: null, rows }] };
}

/** The links of a step's image bubbles, which may be checked before it is rendered. */
export const imagesOf = (answer: ChatAnswer): string[] => answer.messages.flatMap((b) => (b.type === "image" ? (urlOf(b.content) ?? []) : []));

/**
 * One chat step of Typebot's as the contact's messages; `interactive`: the number's channel
 * carries buttons and lists; `sendable`: an image that may be sent (others are left out).
 */
export function repliesOf(answer: ChatAnswer, o: { interactive: boolean; sendable: (image: string) => boolean }): Rendered {
  const replies = new Replies();
  for (const b of answer.messages) {
    if (b.type === "text") replies.text(bubbleText(b.content));
    else if (b.type === "image") {
      const url = urlOf(b.content);
      if (url && o.sendable(url)) replies.image(url);
    } else if (b.type === "video" || b.type === "audio" || b.type === "embed") replies.text(urlOf(b.content) ?? "");
  }
  let numbered: Choice[] | null = null;
  const choices = answer.input?.type === "choice input" ? choicesOf(answer.input) : [];
  if (choices.length > 0) {
    const question = replies.takeQuestion();
    const content = o.interactive ? interactiveOf(question ?? BARE_CHOICE_BODY, choices) : null;
    if (content) replies.list.push({ text: question ?? BARE_CHOICE_BODY, imageUrl: null, content });
    else {
      replies.text([question ?? "", choices.map((c, i) => `${i + 1}. ${c.title}`).join("\n")].filter(Boolean).join("\n\n"));
      numbered = choices;
    }
  }
  return { replies: replies.list, numbered };
}

/** The choice a typed number names (ASCII or Arabic-Indic digits), among those offered as numbered text. */
export function numberedChoice(text: string | null, offered: Choice[] | null): Choice | null {
  if (!text || !offered) return null;
  const digits = /^\s*([0-9\u0660-\u0669\u06f0-\u06f9]{1,2})\s*\.?\s*$/.exec(text)?.[1];
  if (!digits) return null;
  const n = Number([...digits].map((d) => String((d.codePointAt(0)! - (d >= "\u06f0" ? 0x06f0 : d >= "\u0660" ? 0x0660 : 0x30)) % 10)).join(""));
  return offered[n - 1] ?? null;
}
