import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// The guides as the docs check reads them: README.md, then docs/ in the order docs/README.md
// lists them; in each, the fenced blocks it runs (```sh and ```graphql) and, after each command,
// the answer the guide shows.

export interface Block {
  file: string;
  line: number;
  lang: string;
  norun: boolean;
  lines: { text: string; line: number }[];
}

export interface Answer {
  status?: number;
  code?: string;
  body?: string;
}

export interface Command {
  file: string;
  line: number;
  text: string;
  answer?: Answer;
}

const RUN = new Set(["sh", "graphql"]);

/** README.md, then every guide docs/README.md links to, in its order; a guide it does not link is an error. */
export function guideOrder(root: string): string[] {
  const index = readFileSync(path.join(root, "docs/README.md"), "utf8");
  const linked = [...index.matchAll(/\]\(([a-z0-9-]+\.md)(?:#[^)]*)?\)/g)].map((m) => `docs/${m[1]}`);
  const unlisted = readdirSync(path.join(root, "docs")).filter((f) => f.endsWith(".md") && f !== "README.md" && !linked.includes(`docs/${f}`));
  if (unlisted.length > 0) throw new Error(`docs/README.md does not list ${unlisted.join(", ")}: the docs check follows its order`);
  return ["README.md", "docs/README.md", ...new Set(linked)];
}

export function readBlocks(root: string, file: string): Block[] {
  const lines = readFileSync(path.join(root, file), "utf8").split("\n");
  const blocks: Block[] = [];
  let open: Block | undefined;
  let indent = 0;
  lines.forEach((text, i) => {
    const fence = /^(\s*)```(.*)$/.exec(text);
    if (open && fence) {
      if (RUN.has(open.lang)) blocks.push(open);
      open = undefined;
    } else if (fence) {
      const [lang = "", ...flags] = fence[2]!.trim().split(/\s+/);
      open = { file, line: i + 1, lang, norun: flags.includes("norun"), lines: [] };
      indent = fence[1]!.length;
      const before = lines.slice(Math.max(0, i - 4), i).join(" ");
      if (open.norun && !/Not run as written/.test(before)) {
        throw new Error(`${file}:${i + 1}: a norun block needs a visible "Not run as written: <why>." line just before it`);
      }
    } else if (open) {
      open.lines.push({ text: text.slice(Math.min(indent, /^\s*/.exec(text)![0].length)), line: i + 1 });
    }
  });
  return blocks;
}

/** Where a `#` comment starts on a line of shell, outside quotes, carrying quote state across lines. */
function scan(line: string, state: { quote: string }): number {
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (state.quote === "'") {
      if (c === "'") state.quote = "";
    } else if (c === "\\") {
      i++;
    } else if (state.quote === '"') {
      if (c === '"') state.quote = "";
    } else if (c === "'" || c === '"') {
      state.quote = c;
    } else if (c === "#" && (i === 0 || /\s/.test(line[i - 1]!))) {
      return i;
    }
  }
  return -1;
}

const answerStart = (t: string) => /^(HTTP\/[\d.]+ \d{3}|\d{3}\b|[{[])/.test(t);

export function parseAnswer(lines: string[]): Answer {
  const answer: Answer = {};
  const status = /^(?:HTTP\/[\d.]+ )?(\d{3})\b(?:\s+([A-Z][A-Z_]+))?/.exec(lines[0]!);
  if (status) {
    answer.status = Number(status[1]);
    if (status[2]) answer.code = status[2];
  }
  const from = lines.findIndex((l) => /^[{[]/.test(l));
  if (from >= 0) answer.body = lines.slice(from).join("");
  return answer;
}

interface Cursor {
  lines: { text: string; line: number }[];
  at: number;
}

/** The lines of one command: continued by `\`, an open quote, a trailing pipe or `&&`, or a here-document. */
function readCommand(c: Cursor): { text: string; inline?: string } {
  const state = { quote: "" };
  const parts: string[] = [];
  let inline: string | undefined;
  let heredoc: string | undefined;
  for (;;) {
    const { text } = c.lines[c.at++]!;
    parts.push(text);
    const wasQuoted = state.quote !== "";
    const hash = scan(text, state);
    const code = (hash >= 0 ? text.slice(0, hash) : text).trimEnd();
    if (hash >= 0 && !wasQuoted) inline = text.slice(hash + 1).trim();
    heredoc ??= /<<-?\s*'?(\w+)'?/.exec(code)?.[1];
    const continues = state.quote !== "" || /(\\|\||&&)$/.test(code);
    if (continues && c.at < c.lines.length) continue;
    if (heredoc) {
      while (c.at < c.lines.length && c.lines[c.at]!.text.trim() !== heredoc) parts.push(c.lines[c.at++]!.text);
      parts.push(c.lines[c.at++]?.text ?? "");
    }
    return { text: parts.join("\n"), ...(inline !== undefined ? { inline } : {}) };
  }
}

/** A shell block's commands, each with the answer the guide shows after it (inline, or the comment lines below). */
export function shellCommands(block: Block): Command[] {
  const c: Cursor = { lines: block.lines, at: 0 };
  const out: Command[] = [];
  while (c.at < c.lines.length) {
    const { text, line } = c.lines[c.at]!;
    if (text.trim() === "" || text.trim().startsWith("#")) {
      c.at++;
      continue;
    }
    const cmd = readCommand(c);
    const shown: string[] = [];
    if (cmd.inline !== undefined && answerStart(cmd.inline)) shown.push(cmd.inline);
    else if (c.at < c.lines.length && answerStart(c.lines[c.at]!.text.replace(/^#\s?/, "")) && c.lines[c.at]!.text.startsWith("#")) {
      shown.push(c.lines[c.at++]!.text.slice(2));
      while (c.at < c.lines.length && /^# ?[ {[]/.test(c.lines[c.at]!.text)) shown.push(c.lines[c.at++]!.text.slice(2));
    }
    out.push({ file: block.file, line, text: cmd.text, ...(shown.length > 0 ? { answer: parseAnswer(shown) } : {}) });
  }
  return out;
}
