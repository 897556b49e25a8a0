// A Typebot text bubble as a WhatsApp message's text. The gateway asks Typebot for its markdown
// format (textBubbleContentFormat "markdown": CommonMark as remark writes it, text left unescaped)
// and writes it in WhatsApp's own marks, which WhatsApp shows as formatting: **bold** becomes
// *bold*, *italic* or _italic_ becomes _italic_, ~~struck~~ becomes ~struck~, a heading becomes a
// bold line, a bullet becomes "- ", and a link becomes its text with the address after it
// (WhatsApp makes the address tappable). Code spans and blocks are written alike in both. An older
// Typebot that answers rich text (its editor's tree) is read as plain text, paragraph by line.

/** Stands for a bold mark while italics are rewritten, so `*` of bold is not read as italic. */
const BOLD = "\u0001";

const NUMERIC_ENTITY = /&#(x[0-9a-f]+|\d+);/gi;

function decodeEntity(_: string, code: string): string {
  const point = code[0] === "x" || code[0] === "X" ? Number.parseInt(code.slice(1), 16) : Number.parseInt(code, 10);
  return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : "";
}

/** One line of markdown in WhatsApp's marks. */
function line(text: string): string {
  const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
  let out = heading ? `**${heading[1]}**` : text.replace(/^(\s*)[*+-]\s+/, "$1- ");
  out = out
    .replace(/!\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g, (_, alt: string, url: string) => (alt ? `${alt} (${url})` : url))
    .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, (_, label: string, url: string) => (label === url ? url : `${label} (${url})`))
    .replace(/<(https?:\/\/[^>\s]+)>/g, "$1")
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, `${BOLD}$2${BOLD}`)
    .replace(/(?<![*\w])\*(?=\S)(.+?)(?<=\S)\*(?![*\w])/g, "_$1_")
    .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, "~$1~");
  return out.replaceAll(BOLD, "*");
}

/** Typebot's markdown written in WhatsApp's formatting marks; code blocks are kept as they are. */
export function whatsappText(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, "\n").replace(NUMERIC_ENTITY, decodeEntity).split("\n");
  let inCode = false;
  const out = lines.map((l) => {
    if (/^\s*```/.test(l)) {
      inCode = !inCode;
      return l;
    }
    // A hard break is a backslash (or two spaces) at the end of a line: WhatsApp's is the new line itself.
    return inCode ? l : line(l.replace(/(\\| {2,})$/, ""));
  });
  return out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The words of Typebot's rich text (its editor's tree of elements with `children` and leaves with `text`), one line per block. */
export function plainOfRichText(richText: unknown): string {
  const words = (node: unknown): string => {
    if (Array.isArray(node)) return node.map(words).join("");
    if (typeof node !== "object" || node === null) return "";
    const { text, children } = node as { text?: unknown; children?: unknown };
    if (typeof text === "string") return text;
    return words(children);
  };
  const blocks = Array.isArray(richText) ? richText : [];
  return blocks
    .map(words)
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
