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
} as const;
