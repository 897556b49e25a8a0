import fs from "node:fs";
import path from "node:path";

import { invoiceFontsDir } from "../../../core/runtime/paths.js";
import { visualPieces } from "./bidi-text.js";

// Drawing one line of text at a place on the page, in the page's reading direction: a right-to-left
// page mirrors every x, so one layout serves both languages.

const FONT_FILES = {
  arabic: "NotoNaskhArabic-Regular.ttf",
  arabicBold: "NotoNaskhArabic-Bold.ttf",
  latin: "NotoSans-Regular.ttf",
  latinBold: "NotoSans-Bold.ttf",
} as const;

/** The font files' bytes, read once per process: each document parses and subsets them anew. */
let fontBytes: [string, Buffer][] | undefined;

export function registerFonts(doc: PDFKit.PDFDocument): void {
  fontBytes ??= Object.entries(FONT_FILES).map(([name, file]) => [name, fs.readFileSync(path.join(invoiceFontsDir, file))]);
  for (const [name, bytes] of fontBytes) doc.registerFont(name, bytes);
}

export interface LineStyle {
  size: number;
  bold?: boolean;
  /** Where in its box the line sits, in the page's reading direction: start (right on an Arabic page) or end. */
  align?: "start" | "end" | "center";
  /** The text's own direction; by default that of its first letter, so an English line on an Arabic page reads left to right. */
  base?: "rtl" | "ltr";
  color?: string;
}

export class PageWriter {
  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly rtl: boolean,
  ) {}

  /** The page's left x of a box that starts `start` points from the reading start and is `width` wide. */
  left(start: number, width: number): number {
    return this.rtl ? this.doc.page.width - start - width : start;
  }

  /** Draws `text` on one line in the box [start, start + width) at height y. */
  line(text: string, start: number, width: number, y: number, style: LineStyle): void {
    const doc = this.doc;
    const pieces = visualPieces(text, style.base);
    const fontOf = (arabic: boolean) => (arabic ? (style.bold ? "arabicBold" : "arabic") : style.bold ? "latinBold" : "latin");
    const widths = pieces.map((p) => doc.font(fontOf(p.arabic)).fontSize(style.size).widthOfString(p.text));
    const total = widths.reduce((a, b) => a + b, 0);
    const boxLeft = this.left(start, width);
    const align = style.align ?? "start";
    const atLeft = (align === "start") !== this.rtl;
    let x = align === "center" ? boxLeft + (width - total) / 2 : atLeft ? boxLeft : boxLeft + width - total;
    const placed = pieces.map((p, i) => {
      const at = x;
      x += widths[i] ?? 0;
      return { ...p, x: at };
    });
    doc.fillColor(style.color ?? "#111111");
    // Drawn in logical order at their visual places: a text extractor reads the content in that order.
    for (const p of placed.sort((a, b) => a.offset - b.offset)) {
      if (p.text.trim() !== "") doc.font(fontOf(p.arabic)).fontSize(style.size).text(p.text, p.x, y, { lineBreak: false });
    }
  }

  /** A horizontal rule across the box. */
  rule(start: number, width: number, y: number): void {
    const x = this.left(start, width);
    this.doc
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(0.5)
      .strokeColor("#999999")
      .stroke();
  }
}
