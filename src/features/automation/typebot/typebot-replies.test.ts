import { describe, expect, it } from "vitest";
import { numberedChoice, repliesOf } from "./typebot-replies.js";
import { plainOfRichText, whatsappText } from "./whatsapp-text.js";
import type { ChatAnswer } from "./typebot-api.js";

// A Typebot chat step as the contact's messages (typebot-replies.ts), and Typebot's markdown in
// WhatsApp's marks (whatsapp-text.ts). The bubbles and inputs are written as Typebot's chat API
// answers them (packages/chat-api/src/schemas.ts; test/kit/typebot.ts names the version read).

const text = (markdown: string) => ({ id: "b", type: "text", content: { type: "markdown", markdown } });
const choice = (...titles: string[]) => ({ id: "in", type: "choice input", items: titles.map((t, i) => ({ id: `item-${i + 1}`, content: t, outgoingEdgeId: "e" })) });
const step = (messages: ChatAnswer["messages"], input?: ChatAnswer["input"]): ChatAnswer => ({ messages, input });
const anywhere = { interactive: true, sendable: () => true };

describe("whatsappText", () => {
  it("writes CommonMark's marks as WhatsApp's", () => {
    expect(whatsappText("**Bold**, *italic*, _also_, ~~gone~~ and `code`")).toBe("*Bold*, _italic_, _also_, ~gone~ and `code`");
    expect(whatsappText("## Our menu\n\n* Margherita\n* **Pepperoni**")).toBe("*Our menu*\n\n- Margherita\n- *Pepperoni*");
    expect(whatsappText("See [the menu](https://example.com/m) or <https://example.com/x>, https://example.com/y")).toBe(
      "See the menu (https://example.com/m) or https://example.com/x, https://example.com/y",
    );
    expect(whatsappText("[https://example.com](https://example.com)")).toBe("https://example.com");
    expect(whatsappText("line one\\\nline two&#x20;\n\n\n\nnext")).toBe("line one\nline two \n\nnext");
    expect(whatsappText("```\n**kept** as *is*\n```")).toBe("```\n**kept** as *is*\n```");
    expect(whatsappText("2 * 3 * 4 and snake_case_name")).toBe("2 * 3 * 4 and snake_case_name");
    expect(whatsappText("السعر **١٠٠ ريال**")).toBe("السعر *١٠٠ ريال*");
  });

  it("reads an older Typebot's rich text as plain lines", () => {
    const rich = [
      { type: "p", children: [{ text: "Hi " }, { text: "Sara", bold: true }] },
      { type: "p", children: [{ text: "" }] },
      { type: "ul", children: [{ type: "li", children: [{ text: "one" }] }] },
    ];
    expect(plainOfRichText(rich)).toBe("Hi Sara\n\none");
    expect(plainOfRichText("not a tree")).toBe("");
  });
});

describe("repliesOf", () => {
  it("joins texts in a row, keeps an image between them, and reads other bubbles as links", () => {
    const answer = step([
      text("Hello"),
      text("Welcome"),
      { id: "i", type: "image", content: { url: "https://93.184.215.14/a.png" } },
      { id: "v", type: "video", content: { url: "https://youtu.be/x", type: "youtube" } },
      { id: "c", type: "custom-embed", content: {} },
      { id: "j", type: "image", content: { url: "javascript:alert(1)" } },
    ]);
    expect(repliesOf(answer, anywhere)).toEqual({
      replies: [
        { text: "Hello\n\nWelcome", imageUrl: null, content: null },
        { text: "", imageUrl: "https://93.184.215.14/a.png", content: null },
        { text: "https://youtu.be/x", imageUrl: null, content: null },
      ],
      numbered: null,
    });
    expect(repliesOf(answer, { ...anywhere, sendable: () => false }).replies.map((r) => r.text)).toEqual(["Hello\n\nWelcome\n\nhttps://youtu.be/x"]);
  });

  it("makes a choice buttons, a list, or numbered text, with the text before it as its body", () => {
    const buttons = repliesOf(step([text("Which size?")], choice("Small", "Large")), anywhere);
    expect(buttons.replies).toEqual([
      {
        text: "Which size?",
        imageUrl: null,
        content: {
          kind: "interactive",
          header: null,
          footer: null,
          type: "buttons",
          buttons: [
            { id: "item-1", title: "Small" },
            { id: "item-2", title: "Large" },
          ],
        },
      },
    ]);
    const long = "A title longer than a row's twenty-four";
    const list = repliesOf(step([text("أي حجم؟")], choice("S", "M", "L", long)), anywhere).replies[0]!;
    expect(list.content).toMatchObject({ type: "list", button: "الخيارات", sections: [{ title: null, rows: expect.any(Array) }] });
    expect(list.content?.type === "list" && list.content.sections[0]!.rows[3]).toEqual({ id: "item-4", title: "A title longer than a r…", description: long });
    const eleven = Array.from({ length: 11 }, (_, i) => `Option ${i + 1}`);
    const numbered = repliesOf(step([text("Pick one")], choice(...eleven)), anywhere);
    expect(numbered.replies).toHaveLength(1);
    expect(numbered.replies[0]!.text).toBe(`Pick one\n\n${eleven.map((t, i) => `${i + 1}. ${t}`).join("\n")}`);
    expect(numbered.numbered).toHaveLength(11);
    // On a number without buttons (WAHA), and without a question before it.
    expect(repliesOf(step([], choice("Yes", "No")), { ...anywhere, interactive: false })).toEqual({
      replies: [{ text: "1. Yes\n2. No", imageUrl: null, content: null }],
      numbered: [
        { id: "item-1", title: "Yes" },
        { id: "item-2", title: "No" },
      ],
    });
    expect(repliesOf(step([], choice("Yes", "No")), anywhere).replies[0]).toMatchObject({ text: "👇", content: { type: "buttons" } });
  });

  it("sends nothing of its own for another input, and nothing for a choice without items", () => {
    expect(repliesOf(step([text("Your email?")], { id: "e", type: "email input" }), anywhere).replies).toEqual([{ text: "Your email?", imageUrl: null, content: null }]);
    expect(repliesOf(step([], { id: "c", type: "choice input", items: [{ id: "x" }] }), anywhere)).toEqual({ replies: [], numbered: null });
  });
});

describe("numberedChoice", () => {
  const offered = [
    { id: "a", title: "Yes" },
    { id: "b", title: "No" },
  ];
  it("takes a typed number, in ASCII or Arabic-Indic digits, among the choices offered as numbered text", () => {
    expect(numberedChoice("2", offered)).toEqual(offered[1]);
    expect(numberedChoice(" ١. ", offered)).toEqual(offered[0]);
    expect(numberedChoice("۲", offered)).toEqual(offered[1]);
    expect(numberedChoice("3", offered)).toBeNull();
    expect(numberedChoice("2 please", offered)).toBeNull();
    expect(numberedChoice("1", null)).toBeNull();
  });
});
