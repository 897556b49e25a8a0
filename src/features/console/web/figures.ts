// The figures the console's texts name and its fields hold to (a session's hours, the length of a
// name, WhatsApp's template limits), in one place: a text names them as placeholders ({nameMax}),
// and Texts.t writes them like every other number, in the reader's digits.

export const FIGURES = {
  /** How long a console session lasts (the gw_console cookie's Max-Age). */
  sessionHours: 12,
  /** The overview's activity chart. */
  activityHours: 24,
  /** A number's or a key's name. */
  nameMax: 100,
  /** An authenticator app's code. */
  codeDigits: 6,
  /** The shortest system user token the Cloud form takes. */
  cloudTokenMin: 20,
  /** WhatsApp's template limits (Meta's, checked again by the API). */
  waHeaderMax: 60,
  waFooterMax: 60,
  waButtonsMax: 3,
  waButtonTextMax: 25,
  waBodyMax: 1024,
  /** The share of an allowance at which the billing page's meter turns amber (it is red at 100). */
  meterNearPercent: 80,
  /** Saudi VAT, which the gateway adds to every price (the server's VAT_PERCENT). */
  vatPercent: 15,
  /** A VAT number: its digits, and the digit it starts and ends with (ZATCA's). */
  vatDigits: 15,
  vatEdge: 3,
  /** How long a sign-up's mailed link works. */
  verifyHours: 24,
  /** A new password's shortest length (the console's rule, docs/console.md). */
  passwordMin: 12,
  /** An automation rule's limits (the API's, docs/automation.md): its name, keyword and pattern, its cooldown, a business's rules. */
  autoNameMax: 80,
  autoKeywordMax: 100,
  autoPatternMax: 200,
  autoCooldownDefault: 600,
  /** The cooldown that answers every message. */
  autoCooldownEvery: 0,
  autoCooldownMaxSeconds: 604_800,
  autoCooldownMaxDays: 7,
  autoRulesMax: 200,
  autoPositionMin: 1,
  autoPositionMax: 1_000_000,
  /** A menu rule's limits (docs/automation.md, Menus): options at the top and below it, levels, the lengths of its texts, its timeout. */
  autoMenuTopOptions: 10,
  autoMenuSubOptions: 9,
  autoMenuDepth: 3,
  autoMenuTextMax: 1024,
  autoMenuTitleMax: 24,
  autoMenuDescriptionMax: 72,
  autoMenuButtonMax: 20,
  autoMenuTimeoutMin: 60,
  autoMenuTimeoutMax: 86_400,
  autoMenuTimeoutDefault: 600,
} as const;
