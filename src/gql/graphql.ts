/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type AccountStatus =
  | 'banned'
  | 'connected'
  | 'disconnected'
  | 'paused'
  | 'restricted'
  | 'token_invalid';

/** active: it passes; expired: its expiry (or a rotation's overlap) has passed; revoked. */
export type ApiKeyState =
  | 'active'
  | 'expired'
  | 'revoked';

export type AutomationAction =
  | 'bot'
  | 'handover'
  | 'menu'
  | 'reply';

/** How a bot rule speaks to its bot: webhook (the message POSTed, signed) or typebot (Typebot's chat API; botUrl is its startChat URL). */
export type AutomationBotKind =
  | 'typebot'
  | 'webhook';

/** A menu: its text and options. style, button, back and timeout are taken by the top menu only. */
export type AutomationMenuInput = {
  /** The title of option 0 in menus below the top; default Back, or رجوع for an Arabic menu. */
  back?: string | null | undefined;
  /** The list's button (at most 20 characters); default Options, or الخيارات for an Arabic menu. */
  button?: string | null | undefined;
  /** 1 to 10 options in the top menu, 1 to 9 below it (0 goes back). */
  options: Array<AutomationMenuOptionInput>;
  /** Default numbered. */
  style?: AutomationMenuStyle | null | undefined;
  /** What the menu says above its options (at most 1024 characters). */
  text: string;
  /** Seconds a contact's place is kept after their last step: 60 to 86400, default 600. */
  timeout?: number | null | undefined;
};

/** An option: it answers (reply, handover or both) or leads to a menu. */
export type AutomationMenuOptionInput = {
  /** A list row's second line (at most 72 characters). */
  description?: string | null | undefined;
  /** Choosing it puts the contact in a person's hands (after the reply, if any). */
  handover?: boolean | null | undefined;
  /** The menu it leads to. */
  menu?: AutomationMenuInput | null | undefined;
  /** What choosing it sends. */
  reply?: string | null | undefined;
  /** At most 24 characters; a contact may type it instead of its number. */
  title: string;
};

/** numbered: the options as numbered lines of text (any number); list: a WhatsApp list where the number can send one, numbered text elsewhere. */
export type AutomationMenuStyle =
  | 'list'
  | 'numbered';

export type AutomationTrialInput = {
  /** The number it is sent to; omitted: any. */
  accountId?: number | null | undefined;
  /** The id of a button or list row chosen. */
  choiceId?: string | null | undefined;
  /** A rule as an editor holds it, tried in its place among the saved ones without being saved; its problems are named inside `draft`. */
  draft?: CreateAutomationRuleInput | null | undefined;
  /** As the contact's first message (default false). */
  firstMessage?: boolean | null | undefined;
  /** As if the send window were closed (default false). */
  outsideHours?: boolean | null | undefined;
  /** The saved rule the draft is an edit of: tried in its stead. */
  replaces?: string | null | undefined;
  /** The message's words. */
  text?: string | null | undefined;
};

/** What makes a rule answer (docs/automation.md). */
export type AutomationTrigger =
  | 'fallback'
  | 'first_message'
  | 'keyword'
  | 'outside_hours'
  | 'pattern'
  | 'reply_id';

export type BatchState =
  /** No message waits or is being sent. */
  | 'finished'
  /** Due and not finished (messages wait for pacing, limits or the send window, or are being sent). */
  | 'running'
  /** Not finished, and its send time is still ahead. */
  | 'scheduled';

/** message: a contact's message; opt_out: the private note that a message opted the contact out; note: a private note (an agent's reply refused on WhatsApp). */
export type ChatwootPostKind =
  | 'message'
  | 'note'
  | 'opt_out';

export type ConnectAccountInput = {
  /** whatsapp_cloud: a system-user access token (stored like other secrets, never shown again). */
  accessToken?: string | null | undefined;
  /** Left out: simulator on a gateway whose CHANNEL_DRIVER is simulator, else waha. */
  channel?: LinkChannel | null | undefined;
  /** A label for the number. */
  name: string;
  /** whatsapp_cloud: the phone number id Meta shows for the number. */
  phoneNumberId?: string | null | undefined;
  /** whatsapp_cloud: instead of a token, the code Meta's Embedded Signup handed back. */
  signupCode?: string | null | undefined;
  /** whatsapp_cloud: its WhatsApp Business Account id. */
  wabaId?: string | null | undefined;
  /** Start a warm-up when it links (default true); false: the number is not new. */
  warmUp?: boolean | null | undefined;
};

export type ConnectChatwootInput = {
  /** An administrator's access token (Chatwoot: Profile settings → Access token), which can read the inbox's webhook secret. An agent bot's token cannot be used: Chatwoot lets bots reach only conversations and messages, not the inbox or contacts. Kept, never shown again. */
  accessToken: string;
  /** The numbers of yours the inbox carries. */
  accountIds: Array<string>;
  /** Where Chatwoot answers, such as https://chatwoot.example.com (a public address). */
  baseUrl: string;
  chatwootAccountId: number;
  /** An API channel inbox of that account. */
  inboxId: number;
};

export type ConsentReason =
  /** The contact opted out (wrote a stop word). */
  | 'opted_out'
  /** You opted the number out, over the API or a suppression list. */
  | 'suppressed';

export type ContactCardInput = {
  emails?: Array<string> | null | undefined;
  name: string;
  organization?: string | null | undefined;
  /** 1 to 10 numbers. */
  phones: Array<string>;
};

/** What a message carries: text (with or without imageUrl), media, a location, contact cards, a reaction, an interactive message, or a WhatsApp template message. */
export type ContentKind =
  | 'audio'
  | 'contacts'
  | 'document'
  | 'image'
  | 'interactive'
  | 'location'
  | 'reaction'
  | 'sticker'
  | 'template'
  | 'text'
  | 'video';

export type CreateApiKeyInput = {
  /** Only these sender numbers (the caller's own); omitted: every number the caller may use. */
  accountIds?: Array<string> | null | undefined;
  /** When it stops passing (ISO 8601 with its offset); omitted: never, or the caller's own expiry. */
  expiresAt?: string | null | undefined;
  /** What the key is for (1–100 characters). */
  label: string;
  /** What it may do: scopes the caller has itself (resource:action). */
  scopes: Array<string>;
};

export type CreateAutomationRuleInput = {
  /** Answer only messages to these numbers; omitted or empty: all of yours. */
  accountIds?: Array<number> | null | undefined;
  action: AutomationAction;
  /** For the action `bot`: `webhook` (default) or `typebot`, whose botUrl is the bot's startChat URL. */
  botKind?: AutomationBotKind | null | undefined;
  /** For the action `bot`: where the contact's message is POSTed, signed; the bot's answer is sent (docs/automation.md). */
  botUrl?: string | null | undefined;
  /** 1 to 10 contact cards. */
  contacts?: Array<ContactCardInput> | null | undefined;
  /** 0 to 604800; default 600. */
  cooldownSeconds?: number | null | undefined;
  /** Default true. */
  enabled?: boolean | null | undefined;
  /** An image it sends, with the text as its caption. */
  imageUrl?: string | null | undefined;
  interactive?: InteractiveInput | null | undefined;
  /** For `keyword`: a word or phrase, matched as whole words in the message, Arabic spellings unified. */
  keyword?: string | null | undefined;
  location?: LocationInput | null | undefined;
  media?: MediaInput | null | undefined;
  /** For the action `menu`: the menu it opens (docs/automation.md, Menus). */
  menu?: AutomationMenuInput | null | undefined;
  /** 1 to 80 characters. */
  name: string;
  /** For `pattern`: an RE2 regular expression (at most 200 characters), matched anywhere in the message, case-insensitive. */
  pattern?: string | null | undefined;
  /** Its place in the order; default: after the last. */
  position?: number | null | undefined;
  /** For `reply_id`: the id of the button or list row the contact chose. */
  replyId?: string | null | undefined;
  /** What it sends (a handover: what it says first, if anything). */
  text?: string | null | undefined;
  trigger: AutomationTrigger;
  /** Sent whatever the customer-service window; WhatsApp Cloud numbers (and the simulator) only. */
  whatsappTemplate?: WhatsAppTemplateMessageInput | null | undefined;
};

export type CreateTemplateInput = {
  /** Absolute http(s) URL of an image to send with the text. */
  imageUrl?: string | null | undefined;
  /** Lowercase letters, digits, _ and - (at most 64); unique among your templates. */
  name: string;
  /** 1 to 4000 characters, with optional {{placeholders}}. */
  text: string;
  /** The placeholder names, as a check: if given, they must be exactly the text's. */
  variables?: Array<string> | null | undefined;
};

export type CreateWebhookEndpointInput = {
  /** Event types to send; omitted or empty: all. */
  events?: Array<MessageEventType> | null | undefined;
  /** http(s) URL; it may not point to loopback, private or link-local addresses. */
  url: string;
};

/** csv: a header row, then a row a message (UTF-8 with a byte order mark); ndjson: a JSON object a line. */
export type ExportFormat =
  | 'csv'
  | 'ndjson';

/** messages: the messages you sent; inbound: the messages contacts sent you (needs inbox:read too). */
export type ExportKind =
  | 'inbound'
  | 'messages';

/** queued, running (a worker writes it), ready (download it for a day), failed (see `error`), expired (its file is gone). */
export type ExportStatus =
  | 'expired'
  | 'failed'
  | 'queued'
  | 'ready'
  | 'running';

export type HealthThresholdsInput = {
  /** 1 to 100. */
  failureRatePercent?: number | null | undefined;
  /** 10 to 100000. */
  minSends?: number | null | undefined;
  /** 0.1 to 50. */
  optOutRatePercent?: number | null | undefined;
  /** 1 to 100. */
  undeliverableRatePercent?: number | null | undefined;
};

/** What a contact sent: `button` is a quick-reply or list choice (its title in `text`); `other` is anything the gateway does not read (contacts cards, polls, orders). */
export type InboundKind =
  | 'audio'
  | 'button'
  | 'contacts'
  | 'document'
  | 'image'
  | 'location'
  | 'other'
  | 'reaction'
  | 'sticker'
  | 'text'
  | 'video';

export type InboundMessageFilter = {
  /** Only messages to this number of yours. */
  accountId?: number | null | undefined;
  /** Only replies attributed to this batch. */
  batchId?: string | null | undefined;
  /** Only messages from this contact (any number format). */
  contact?: string | null | undefined;
  /** Only messages received at or after this time (ISO 8601 with offset); lists only. */
  since?: string | null | undefined;
};

/** WhatsApp Cloud only: reply buttons (1 to 3) or a list (up to 10 rows); the body is `text` (at most 1024 characters). */
export type InteractiveInput = {
  buttons?: Array<ReplyButtonInput> | null | undefined;
  /** At most 60 characters. */
  footer?: string | null | undefined;
  /** A text header, at most 60 characters. */
  header?: string | null | undefined;
  list?: ListInput | null | undefined;
};

export type InviteUserInput = {
  email: string;
  /** A role whose scopes the caller has; only an owner invites an owner. */
  role: StaffRole;
};

/** invoice: a tax invoice (INV-…); credit_note: a correction that takes back part or all of an invoice (CRN-…). */
export type InvoiceKind =
  | 'credit_note'
  | 'invoice';

/** waha: a session on one of the operator's WAHA servers; simulator: a simulated phone (development); whatsapp_cloud: a Cloud API number by its credentials. */
export type LinkChannel =
  | 'simulator'
  | 'waha'
  | 'whatsapp_cloud';

/** Where linking a number stands: WAHA's session status (CREATING before the session exists); OPERATOR: added by the operator, no session of ours. */
export type LinkState =
  | 'CREATING'
  | 'FAILED'
  | 'OPERATOR'
  | 'PASSKEY_CONFIRMATION_REQUIRED'
  | 'PASSKEY_REQUIRED'
  | 'SCAN_QR_CODE'
  | 'STARTING'
  | 'STOPPED'
  | 'WORKING';

export type ListInput = {
  /** The button that opens the list, at most 20 characters. */
  button: string;
  sections: Array<ListSectionInput>;
};

export type ListRowInput = {
  /** At most 72 characters. */
  description?: string | null | undefined;
  id: string;
  /** At most 24 characters. */
  title: string;
};

export type ListSectionInput = {
  rows: Array<ListRowInput>;
  title?: string | null | undefined;
};

export type LocationInput = {
  address?: string | null | undefined;
  /** -90 to 90. */
  latitude: number;
  /** -180 to 180. */
  longitude: number;
  name?: string | null | undefined;
};

/** A file by https link; the provider fetches it (the gateway never does). The caption is `text` (none for audio and stickers, at most 1024 characters). */
export type MediaInput = {
  /** Documents: the name the recipient sees (default: the link's file name). */
  filename?: string | null | undefined;
  /** The file's MIME type, when the link's extension does not say it (must be one Meta takes for the kind). */
  mimetype?: string | null | undefined;
  type: MediaType;
  /** https only, to a public address; its extension must be one the kind takes unless mimetype says. */
  url: string;
  /** Audio: send as a voice note (default false). */
  voice?: boolean | null | undefined;
};

export type MediaType =
  | 'audio'
  | 'document'
  | 'image'
  | 'sticker'
  | 'video';

export type MessageEventType =
  /** One of your numbers changed state: paused, resumed, warming up, disconnected… (webhooks; live: the accountStatusChanges subscription). */
  | 'ACCOUNT_STATUS_CHANGED'
  /** You erased a contact: its counts, never its number (webhooks only; docs/privacy.md). */
  | 'CONTACT_ERASED'
  /** The provider reported it delivered. */
  | 'DELIVERED'
  /** The provider reported it read. */
  | 'READ'
  /** A contact sent a message to one of your numbers (webhooks; live: the inboundMessages subscription). */
  | 'RECEIVED'
  /** The message's status changed. */
  | 'STATUS';

/** Within one sender number, high messages go out before normal ones (pacing unchanged). */
export type MessagePriority =
  | 'high'
  | 'normal';

/** pending: waiting in the queue; sending: being sent now; sent: sent; failed: see `error`. */
export type MessageStatus =
  | 'failed'
  | 'pending'
  | 'sending'
  | 'sent';

/** A number's health state (docs/number-health.md): connected and warming_up send; the others do not. */
export type NumberState =
  | 'banned'
  | 'connected'
  | 'disconnected'
  | 'paused'
  | 'restricted'
  | 'token_invalid'
  | 'warming_up';

/** An immediate send while the send window is closed: refused (OUTSIDE_SEND_WINDOW), or queued until it opens. */
export type OutsideWindow =
  | 'queue'
  | 'refuse';

/** An emoji on a message of the chat with `to`: one you sent (`message`) or received (`inbound`); it goes from that message's number. */
export type ReactionInput = {
  /** One emoji; empty takes an earlier reaction back. */
  emoji: string;
  /** The id of an inbound message. */
  inbound?: string | null | undefined;
  /** The id of a message you sent. */
  message?: string | null | undefined;
};

export type RecipientInput = {
  to: string;
  /** This recipient's values of the text's placeholders. */
  variables?: Record<string, string | number> | null | undefined;
};

export type RegisterWhatsAppTemplateInput = {
  /** Only this number may send it; omitted: any of your numbers (one WhatsApp Business account). */
  accountId?: number | null | undefined;
  /** The body's {{1}}… count, 0 to 100. */
  bodyParameters?: number | null | undefined;
  /** The template's buttons in order (at most 10). */
  buttons?: Array<WhatsAppTemplateButtonInput> | null | undefined;
  category: WhatsAppTemplateCategory;
  /** Default none. */
  headerFormat?: WhatsAppTemplateHeaderFormat | null | undefined;
  /** A text header's parameters, 0 or 1. */
  headerParameters?: number | null | undefined;
  /** Meta's language code, e.g. ar, en_US. */
  language: string;
  /** As approved in WhatsApp Manager (lowercase letters, digits and _). */
  name: string;
};

export type ReplyButtonInput = {
  id: string;
  /** At most 20 characters. */
  title: string;
};

export type SendBulkInput = {
  /** Sender account; chosen automatically when omitted. */
  accountId?: number | null | undefined;
  /** 1 to 10 contact cards. */
  contacts?: Array<ContactCardInput> | null | undefined;
  /** Sent instead of a free-form message to a contact whose customer-service window is closed (instead of refusing or skipping it). */
  fallbackTemplate?: WhatsAppTemplateMessageInput | null | undefined;
  /** Same key and same input within 24 h: the first result, queued once. Also read from the Idempotency-Key header. */
  idempotencyKey?: string | null | undefined;
  /** Absolute http(s) URL of an image to attach (with a template: instead of the template's). */
  imageUrl?: string | null | undefined;
  interactive?: InteractiveInput | null | undefined;
  location?: LocationInput | null | undefined;
  media?: MediaInput | null | undefined;
  /** 1 to 500 phone numbers; or give `recipients`. */
  numbers?: Array<string> | null | undefined;
  /** Default: high for single sends, normal for bulk. */
  priority?: MessagePriority | null | undefined;
  /** Single sends only. */
  reaction?: ReactionInput | null | undefined;
  /** 1 to 500 recipients with their own placeholder values (instead of `numbers`). */
  recipients?: Array<RecipientInput> | null | undefined;
  /** Send later: ISO 8601 with offset, at most 35 days ahead; a past time means now. */
  sendAt?: string | null | undefined;
  /** Send one of your templates (by name) instead of `text`. */
  template?: string | null | undefined;
  /** 1 to 4000 characters (Unicode code points), with optional {{placeholders}}; or name a `template`. With media: its caption; with an interactive message: its body (both at most 1024). */
  text?: string | null | undefined;
  /** A queued message not sent this long after it is due fails with `expired` (60 to 3024000; default MESSAGE_TTL_SECONDS). */
  validForSeconds?: number | null | undefined;
  /** Sent whatever the customer-service window; WhatsApp Cloud numbers (and the simulator) only. */
  whatsappTemplate?: WhatsAppTemplateMessageInput | null | undefined;
};

export type SendMessageInput = {
  /** Sender account; chosen automatically when omitted. */
  accountId?: number | null | undefined;
  /** 1 to 10 contact cards. */
  contacts?: Array<ContactCardInput> | null | undefined;
  /** Sent instead of a free-form message to a contact whose customer-service window is closed (instead of refusing or skipping it). */
  fallbackTemplate?: WhatsAppTemplateMessageInput | null | undefined;
  /** Same key and same input within 24 h: the first result, sent once. Also read from the Idempotency-Key header. */
  idempotencyKey?: string | null | undefined;
  /** Absolute http(s) URL of an image to attach (with a template: instead of the template's). */
  imageUrl?: string | null | undefined;
  interactive?: InteractiveInput | null | undefined;
  location?: LocationInput | null | undefined;
  media?: MediaInput | null | undefined;
  /** While your send window is closed: refuse (default) or queue until it opens. */
  outsideWindow?: OutsideWindow | null | undefined;
  /** Default: high for single sends, normal for bulk. */
  priority?: MessagePriority | null | undefined;
  /** Single sends only. */
  reaction?: ReactionInput | null | undefined;
  /** Send later: ISO 8601 with offset, at most 35 days ahead; a past time means now. */
  sendAt?: string | null | undefined;
  /** Send one of your templates (by name) instead of `text`. */
  template?: string | null | undefined;
  /** 1 to 4000 characters (Unicode code points), with optional {{placeholders}}; or name a `template`. With media: its caption; with an interactive message: its body (both at most 1024). */
  text?: string | null | undefined;
  /** 05XXXXXXXX, 9665XXXXXXXX, +9665… or another country's mobile in international form. */
  to: string;
  /** A queued message not sent this long after it is due fails with `expired` (60 to 3024000; default MESSAGE_TTL_SECONDS). */
  validForSeconds?: number | null | undefined;
  /** Values of the text's (or template's) placeholders. */
  variables?: Record<string, string | number> | null | undefined;
  /** Sent whatever the customer-service window; WhatsApp Cloud numbers (and the simulator) only. */
  whatsappTemplate?: WhatsAppTemplateMessageInput | null | undefined;
};

export type SendWindowInput = {
  /** At least one day. */
  days: Array<WeekDay>;
  /** HH:MM after start, up to 24:00. */
  end: string;
  /** HH:MM, 00:00 to 23:59. */
  start: string;
  /** IANA time zone, e.g. Asia/Riyadh. */
  timeZone: string;
};

export type SignUpInput = {
  /** The business's name, as mails and invoices show it. */
  businessName: string;
  /** The sign-up code the operator gave, when sign-up is by invitation. */
  code?: string | null | undefined;
  /** The owner's email: they sign in with it, and the confirmation link goes there. */
  email: string;
  /** The language of its mails and invoices: ar or en. */
  locale: string;
  /** The owner's password: at least 12 characters, not easily guessed. */
  password: string;
  /** Its VAT number, if registered: 15 digits, starting and ending with 3. */
  vatNumber?: string | null | undefined;
};

/** Why a bulk send left a number out. */
export type SkipReason =
  /** The contact opted out (wrote a stop word). */
  | 'opted_out'
  /** Its customer-service window is closed on every number that could send the message, and no fallback template was given. */
  | 'outside_window'
  /** You opted the number out (API or suppression list). */
  | 'suppressed';

/** A staff user's role, a fixed set of scopes (docs/access.md): owner and admin hold all; campaigns sends and runs campaigns; agent answers the inbox; viewer reads. */
export type StaffRole =
  | 'admin'
  | 'agent'
  | 'campaigns'
  | 'owner'
  | 'viewer';

/** invited: has not chosen a password yet; active; disabled: cannot sign in. */
export type StaffUserState =
  | 'active'
  | 'disabled'
  | 'invited';

export type StartExportInput = {
  format: ExportFormat;
  /** Rows created at or after this time (ISO 8601 with its offset). */
  from: string;
  kind: ExportKind;
  /** Rows created before this time; at most 366 days after `from`. */
  to: string;
};

export type SubmitWhatsAppTemplateInput = {
  /** The number whose WhatsApp Business Account reviews it; needed only when yours are in several. */
  accountId?: number | null | undefined;
  /** The text, with {{1}}, {{2}}… where each send fills in a value. */
  body: string;
  /** An example for each placeholder, in order, for Meta's review. */
  bodyExamples?: Array<string> | null | undefined;
  buttons?: Array<SubmittedTemplateButtonInput> | null | undefined;
  category: WhatsAppTemplateCategory;
  footer?: string | null | undefined;
  headerExample?: string | null | undefined;
  /** A text header (at most 60 characters, one {{1}} at most). */
  headerText?: string | null | undefined;
  language: string;
  name: string;
};

export type SubmittedTemplateButtonInput = {
  /** phone_number: the number the button calls. */
  phoneNumber?: string | null | undefined;
  /** The button's label (at most 25 characters). */
  text: string;
  type: SubmittedTemplateButtonType;
  /** url: an https link, which may end with {{1}} (filled in at send time). */
  url?: string | null | undefined;
  /** url: an example of the link's {{1}}, for Meta's review. */
  urlExample?: string | null | undefined;
};

export type SubmittedTemplateButtonType =
  | 'phone_number'
  | 'quick_reply'
  | 'url';

export type TemplateButtonInput = {
  /** The button's position in the template, from 0. */
  index: number;
  /** quick_reply (its payload), url (the link's variable part) or copy_code (the coupon code). */
  type: string;
  value: string;
};

export type TemplateHeaderInput = {
  /** A document header's file name. */
  filename?: string | null | undefined;
  /** A text header's parameter. */
  text?: string | null | undefined;
  /** text, image, video or document: as the template's header. */
  type: string;
  /** A media header's https link. */
  url?: string | null | undefined;
};

export type UpdateAutomationRuleInput = {
  /** Answer only messages to these numbers; omitted or empty: all of yours. */
  accountIds?: Array<number> | null | undefined;
  action?: AutomationAction | null | undefined;
  /** For the action `bot`: `webhook` (default) or `typebot`, whose botUrl is the bot's startChat URL. */
  botKind?: AutomationBotKind | null | undefined;
  /** For the action `bot`: where the contact's message is POSTed, signed; the bot's answer is sent (docs/automation.md). */
  botUrl?: string | null | undefined;
  /** 1 to 10 contact cards. */
  contacts?: Array<ContactCardInput> | null | undefined;
  /** 0 to 604800; default 600. */
  cooldownSeconds?: number | null | undefined;
  /** Default true. */
  enabled?: boolean | null | undefined;
  /** An image it sends, with the text as its caption. */
  imageUrl?: string | null | undefined;
  interactive?: InteractiveInput | null | undefined;
  /** For `keyword`: a word or phrase, matched as whole words in the message, Arabic spellings unified. */
  keyword?: string | null | undefined;
  location?: LocationInput | null | undefined;
  media?: MediaInput | null | undefined;
  /** For the action `menu`: the menu it opens (docs/automation.md, Menus). */
  menu?: AutomationMenuInput | null | undefined;
  /** 1 to 80 characters. */
  name?: string | null | undefined;
  /** For `pattern`: an RE2 regular expression (at most 200 characters), matched anywhere in the message, case-insensitive. */
  pattern?: string | null | undefined;
  /** Its place in the order; default: after the last. */
  position?: number | null | undefined;
  /** For `reply_id`: the id of the button or list row the contact chose. */
  replyId?: string | null | undefined;
  /** What it sends (a handover: what it says first, if anything). */
  text?: string | null | undefined;
  trigger?: AutomationTrigger | null | undefined;
  /** Sent whatever the customer-service window; WhatsApp Cloud numbers (and the simulator) only. */
  whatsappTemplate?: WhatsAppTemplateMessageInput | null | undefined;
};

export type UpdateTemplateInput = {
  /** The new image; null removes it, omitted keeps it. */
  imageUrl?: string | null | undefined;
  /** The new text; omitted: unchanged. */
  text?: string | null | undefined;
  /** The placeholder names, as a check: if given, they must be exactly the (new) text's. */
  variables?: Array<string> | null | undefined;
};

export type WarmUpInput = {
  /** New contacts a day while warming up; null: the plan's. */
  firstContactCap?: number | null | undefined;
  /** Meta's messaging limit to hold (sends in a rolling 24 hours); null: none. */
  messagingTier?: number | null | undefined;
  /** Daily sends by day of warm-up, increasing; empty: the plan's. */
  ramp?: Array<number> | null | undefined;
  /** true: start warming up today; false: end the warm-up now. */
  warmingUp?: boolean | null | undefined;
};

export type WebhookDeliveryFilter = {
  /** Only this endpoint's deliveries. */
  endpointId?: string | null | undefined;
  /** Only this message's events. */
  messageId?: string | null | undefined;
  /** Only deliveries in one of these states. */
  statuses?: Array<WebhookDeliveryStatus> | null | undefined;
};

/** pending: waiting for its first or next attempt; sending: being sent now; delivered: the receiver answered 2xx; failed: every attempt failed. */
export type WebhookDeliveryStatus =
  | 'delivered'
  | 'failed'
  | 'pending'
  | 'sending';

export type WeekDay =
  | 'fri'
  | 'mon'
  | 'sat'
  | 'sun'
  | 'thu'
  | 'tue'
  | 'wed';

export type WhatsAppTemplateButtonInput = {
  /** 1 for a dynamic URL or a copy-code button (quick replies always take their payload); default 0. */
  parameters?: number | null | undefined;
  type: WhatsAppTemplateButtonType;
};

export type WhatsAppTemplateButtonType =
  | 'copy_code'
  | 'phone_number'
  | 'quick_reply'
  | 'url';

export type WhatsAppTemplateCategory =
  | 'authentication'
  | 'marketing'
  | 'utility';

export type WhatsAppTemplateHeaderFormat =
  | 'document'
  | 'image'
  | 'none'
  | 'text'
  | 'video';

/** A WhatsApp (Meta-approved) template message, checked against your registration (registerWhatsAppTemplate). Parameters may hold {{placeholders}} filled from each recipient's variables. */
export type WhatsAppTemplateMessageInput = {
  /** The body's {{1}}, {{2}}… in order. */
  body?: Array<string> | null | undefined;
  buttons?: Array<TemplateButtonInput> | null | undefined;
  header?: TemplateHeaderInput | null | undefined;
  /** Meta's language code, e.g. ar, en_US. */
  language: string;
  name: string;
};

export type HistorySendMutationVariables = Exact<{
  input: SendMessageInput;
}>;


export type HistorySendMutation = { sendMessage: { message: { id: string } } };

export type HistoryMessagesQueryVariables = Exact<{
  first: number;
}>;


export type HistoryMessagesQuery = { messages: { edges: Array<{ node: { id: string, to: string, text: string, status: MessageStatus, error: string | null, createdAt: string, sentAt: string | null, batchId: string | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type BenchSendMutationVariables = Exact<{
  input: SendMessageInput;
}>;


export type BenchSendMutation = { sendMessage: { message: { id: string, to: string, status: MessageStatus } } };

export type ExampleSendMessageMutationVariables = Exact<{
  input: SendMessageInput;
}>;


export type ExampleSendMessageMutation = { sendMessage: { message: { id: string, to: string, status: MessageStatus } } };

export type ExampleFollowMessageSubscriptionVariables = Exact<{
  id: string;
}>;


export type ExampleFollowMessageSubscription = { messageStatus: { type: MessageEventType, status: MessageStatus, at: string, message: { sentAt: string | null, deliveredAt: string | null, readAt: string | null, error: string | null } } };

export type RestAccountsQueryVariables = Exact<{ [key: string]: never; }>;


export type RestAccountsQuery = { accounts: Array<{ id: number, name: string, phoneNumber: string | null, status: AccountStatus, state: NumberState, stateReason: string | null, stateSince: string, stateUntil: string | null, slowedUntil: string | null, slowFactor: number, messagingTier: number | null, quality: string | null, todaySent: number, monthSent: number, dailyLimit: number, monthlyLimit: number, capabilities: { channel: string, kinds: Array<ContentKind>, customerWindow: boolean }, warmUp: { startedOn: string, day: number, todayLimit: number, ramp: Array<number>, firstContactCap: number, firstContactsToday: number } | null }> };

export type RestBalanceQueryVariables = Exact<{ [key: string]: never; }>;


export type RestBalanceQuery = { balance: { plan: string, subscriptionEnds: string, messages: { limit: number, used: number, remaining: number }, accounts: { limit: number, connected: number } } };

export type RestAccountFieldsFragment = { id: number, name: string, phoneNumber: string | null, status: AccountStatus, state: NumberState, stateReason: string | null, stateSince: string, stateUntil: string | null, slowedUntil: string | null, slowFactor: number, messagingTier: number | null, quality: string | null, todaySent: number, monthSent: number, dailyLimit: number, monthlyLimit: number, capabilities: { channel: string, kinds: Array<ContentKind>, customerWindow: boolean }, warmUp: { startedOn: string, day: number, todayLimit: number, ramp: Array<number>, firstContactCap: number, firstContactsToday: number } | null };

export type RestAccountHealthQueryVariables = Exact<{
  id: number;
}>;


export type RestAccountHealthQuery = { accountHealth: { account: { id: number, name: string, phoneNumber: string | null, status: AccountStatus, state: NumberState, stateReason: string | null, stateSince: string, stateUntil: string | null, slowedUntil: string | null, slowFactor: number, messagingTier: number | null, quality: string | null, todaySent: number, monthSent: number, dailyLimit: number, monthlyLimit: number, capabilities: { channel: string, kinds: Array<ContentKind>, customerWindow: boolean }, warmUp: { startedOn: string, day: number, todayLimit: number, ramp: Array<number>, firstContactCap: number, firstContactsToday: number } | null }, last24h: { sent: number, failed: number, undeliverable: number, optOuts: number, replies: number, blockSignals: number, failureRate: number | null, undeliverableRate: number | null, optOutRate: number | null, replyRate: number | null }, last7d: { sent: number, failed: number, undeliverable: number, optOuts: number, replies: number, blockSignals: number, failureRate: number | null, undeliverableRate: number | null, optOutRate: number | null, replyRate: number | null }, thresholds: { optOutRatePercent: number, undeliverableRatePercent: number, failureRatePercent: number, minSends: number }, changes: Array<{ eventId: string, fromState: NumberState, state: NumberState, reason: string, signal: string, until: string | null, at: string }> } };

export type RestHealthFiguresFragment = { sent: number, failed: number, undeliverable: number, optOuts: number, replies: number, blockSignals: number, failureRate: number | null, undeliverableRate: number | null, optOutRate: number | null, replyRate: number | null };

export type RestResumeAccountMutationVariables = Exact<{
  id: number;
}>;


export type RestResumeAccountMutation = { resumeAccount: { id: number, name: string, phoneNumber: string | null, status: AccountStatus, state: NumberState, stateReason: string | null, stateSince: string, stateUntil: string | null, slowedUntil: string | null, slowFactor: number, messagingTier: number | null, quality: string | null, todaySent: number, monthSent: number, dailyLimit: number, monthlyLimit: number, capabilities: { channel: string, kinds: Array<ContentKind>, customerWindow: boolean }, warmUp: { startedOn: string, day: number, todayLimit: number, ramp: Array<number>, firstContactCap: number, firstContactsToday: number } | null } };

export type RestSetWarmUpMutationVariables = Exact<{
  id: number;
  input: WarmUpInput;
}>;


export type RestSetWarmUpMutation = { setWarmUp: { id: number, name: string, phoneNumber: string | null, status: AccountStatus, state: NumberState, stateReason: string | null, stateSince: string, stateUntil: string | null, slowedUntil: string | null, slowFactor: number, messagingTier: number | null, quality: string | null, todaySent: number, monthSent: number, dailyLimit: number, monthlyLimit: number, capabilities: { channel: string, kinds: Array<ContentKind>, customerWindow: boolean }, warmUp: { startedOn: string, day: number, todayLimit: number, ramp: Array<number>, firstContactCap: number, firstContactsToday: number } | null } };

export type RestHealthThresholdsQueryVariables = Exact<{ [key: string]: never; }>;


export type RestHealthThresholdsQuery = { healthThresholds: { optOutRatePercent: number, undeliverableRatePercent: number, failureRatePercent: number, minSends: number } };

export type RestSetHealthThresholdsMutationVariables = Exact<{
  input: HealthThresholdsInput;
}>;


export type RestSetHealthThresholdsMutation = { setHealthThresholds: { optOutRatePercent: number, undeliverableRatePercent: number, failureRatePercent: number, minSends: number } };

export type RestAuditEventsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  actor?: string | null | undefined;
  action?: string | null | undefined;
  target?: string | null | undefined;
  since?: string | null | undefined;
  until?: string | null | undefined;
}>;


export type RestAuditEventsQuery = { auditEvents: { edges: Array<{ node: { id: string, at: string, action: string, target: string | null, before: string | null, after: string | null, address: string | null, userAgent: string | null, requestId: string | null, hash: string, prevHash: string | null, actor: { kind: string, name: string, label: string | null } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type RestAutomationMenuOptionFieldsFragment = { title: string, description: string | null, reply: string | null, handover: boolean };

export type RestAutomationMenuFieldsFragment = { text: string, style: AutomationMenuStyle | null, button: string | null, back: string | null, timeout: number | null, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean }> } | null }> } | null }> };

export type RestRuleContentFieldsFragment = { media: { type: MediaType, url: string, filename: string | null, mimetype: string | null, voice: boolean | null } | null, location: { latitude: number, longitude: number, name: string | null, address: string | null } | null, contacts: Array<{ name: string, phones: Array<string>, emails: Array<string> | null, organization: string | null }> | null, interactive: { header: string | null, footer: string | null, buttons: Array<{ id: string, title: string }> | null, list: { button: string, sections: Array<{ title: string | null, rows: Array<{ id: string, title: string, description: string | null }> }> } | null } | null, whatsappTemplate: { name: string, language: string, body: Array<string> | null, header: { type: string, text: string | null, url: string | null, filename: string | null } | null, buttons: Array<{ index: number, type: string, value: string }> | null } | null };

export type RestAutomationRuleFieldsFragment = { id: string, name: string, position: number, enabled: boolean, trigger: AutomationTrigger, keyword: string | null, pattern: string | null, replyId: string | null, accountIds: Array<number>, action: AutomationAction, text: string | null, imageUrl: string | null, botUrl: string | null, botKind: AutomationBotKind, cooldownSeconds: number, createdAt: string, updatedAt: string, menu: { text: string, style: AutomationMenuStyle | null, button: string | null, back: string | null, timeout: number | null, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean }> } | null }> } | null }> } | null, media: { type: MediaType, url: string, filename: string | null, mimetype: string | null, voice: boolean | null } | null, location: { latitude: number, longitude: number, name: string | null, address: string | null } | null, contacts: Array<{ name: string, phones: Array<string>, emails: Array<string> | null, organization: string | null }> | null, interactive: { header: string | null, footer: string | null, buttons: Array<{ id: string, title: string }> | null, list: { button: string, sections: Array<{ title: string | null, rows: Array<{ id: string, title: string, description: string | null }> }> } | null } | null, whatsappTemplate: { name: string, language: string, body: Array<string> | null, header: { type: string, text: string | null, url: string | null, filename: string | null } | null, buttons: Array<{ index: number, type: string, value: string }> | null } | null };

export type RestAutomationRulesQueryVariables = Exact<{ [key: string]: never; }>;


export type RestAutomationRulesQuery = { automationRules: Array<{ id: string, name: string, position: number, enabled: boolean, trigger: AutomationTrigger, keyword: string | null, pattern: string | null, replyId: string | null, accountIds: Array<number>, action: AutomationAction, text: string | null, imageUrl: string | null, botUrl: string | null, botKind: AutomationBotKind, cooldownSeconds: number, createdAt: string, updatedAt: string, menu: { text: string, style: AutomationMenuStyle | null, button: string | null, back: string | null, timeout: number | null, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean }> } | null }> } | null }> } | null, media: { type: MediaType, url: string, filename: string | null, mimetype: string | null, voice: boolean | null } | null, location: { latitude: number, longitude: number, name: string | null, address: string | null } | null, contacts: Array<{ name: string, phones: Array<string>, emails: Array<string> | null, organization: string | null }> | null, interactive: { header: string | null, footer: string | null, buttons: Array<{ id: string, title: string }> | null, list: { button: string, sections: Array<{ title: string | null, rows: Array<{ id: string, title: string, description: string | null }> }> } | null } | null, whatsappTemplate: { name: string, language: string, body: Array<string> | null, header: { type: string, text: string | null, url: string | null, filename: string | null } | null, buttons: Array<{ index: number, type: string, value: string }> | null } | null }> };

export type RestAutomationRuleQueryVariables = Exact<{
  id: string;
}>;


export type RestAutomationRuleQuery = { automationRule: { id: string, name: string, position: number, enabled: boolean, trigger: AutomationTrigger, keyword: string | null, pattern: string | null, replyId: string | null, accountIds: Array<number>, action: AutomationAction, text: string | null, imageUrl: string | null, botUrl: string | null, botKind: AutomationBotKind, cooldownSeconds: number, createdAt: string, updatedAt: string, menu: { text: string, style: AutomationMenuStyle | null, button: string | null, back: string | null, timeout: number | null, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean }> } | null }> } | null }> } | null, media: { type: MediaType, url: string, filename: string | null, mimetype: string | null, voice: boolean | null } | null, location: { latitude: number, longitude: number, name: string | null, address: string | null } | null, contacts: Array<{ name: string, phones: Array<string>, emails: Array<string> | null, organization: string | null }> | null, interactive: { header: string | null, footer: string | null, buttons: Array<{ id: string, title: string }> | null, list: { button: string, sections: Array<{ title: string | null, rows: Array<{ id: string, title: string, description: string | null }> }> } | null } | null, whatsappTemplate: { name: string, language: string, body: Array<string> | null, header: { type: string, text: string | null, url: string | null, filename: string | null } | null, buttons: Array<{ index: number, type: string, value: string }> | null } | null } };

export type RestCreateAutomationRuleMutationVariables = Exact<{
  input: CreateAutomationRuleInput;
}>;


export type RestCreateAutomationRuleMutation = { createAutomationRule: { botSecret: string | null, rule: { id: string, name: string, position: number, enabled: boolean, trigger: AutomationTrigger, keyword: string | null, pattern: string | null, replyId: string | null, accountIds: Array<number>, action: AutomationAction, text: string | null, imageUrl: string | null, botUrl: string | null, botKind: AutomationBotKind, cooldownSeconds: number, createdAt: string, updatedAt: string, menu: { text: string, style: AutomationMenuStyle | null, button: string | null, back: string | null, timeout: number | null, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean }> } | null }> } | null }> } | null, media: { type: MediaType, url: string, filename: string | null, mimetype: string | null, voice: boolean | null } | null, location: { latitude: number, longitude: number, name: string | null, address: string | null } | null, contacts: Array<{ name: string, phones: Array<string>, emails: Array<string> | null, organization: string | null }> | null, interactive: { header: string | null, footer: string | null, buttons: Array<{ id: string, title: string }> | null, list: { button: string, sections: Array<{ title: string | null, rows: Array<{ id: string, title: string, description: string | null }> }> } | null } | null, whatsappTemplate: { name: string, language: string, body: Array<string> | null, header: { type: string, text: string | null, url: string | null, filename: string | null } | null, buttons: Array<{ index: number, type: string, value: string }> | null } | null } } };

export type RestUpdateAutomationRuleMutationVariables = Exact<{
  id: string;
  input: UpdateAutomationRuleInput;
}>;


export type RestUpdateAutomationRuleMutation = { updateAutomationRule: { botSecret: string | null, rule: { id: string, name: string, position: number, enabled: boolean, trigger: AutomationTrigger, keyword: string | null, pattern: string | null, replyId: string | null, accountIds: Array<number>, action: AutomationAction, text: string | null, imageUrl: string | null, botUrl: string | null, botKind: AutomationBotKind, cooldownSeconds: number, createdAt: string, updatedAt: string, menu: { text: string, style: AutomationMenuStyle | null, button: string | null, back: string | null, timeout: number | null, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean }> } | null }> } | null }> } | null, media: { type: MediaType, url: string, filename: string | null, mimetype: string | null, voice: boolean | null } | null, location: { latitude: number, longitude: number, name: string | null, address: string | null } | null, contacts: Array<{ name: string, phones: Array<string>, emails: Array<string> | null, organization: string | null }> | null, interactive: { header: string | null, footer: string | null, buttons: Array<{ id: string, title: string }> | null, list: { button: string, sections: Array<{ title: string | null, rows: Array<{ id: string, title: string, description: string | null }> }> } | null } | null, whatsappTemplate: { name: string, language: string, body: Array<string> | null, header: { type: string, text: string | null, url: string | null, filename: string | null } | null, buttons: Array<{ index: number, type: string, value: string }> | null } | null } } };

export type RestDeleteAutomationRuleMutationVariables = Exact<{
  id: string;
}>;


export type RestDeleteAutomationRuleMutation = { deleteAutomationRule: { rule: { id: string, name: string, position: number, enabled: boolean, trigger: AutomationTrigger, keyword: string | null, pattern: string | null, replyId: string | null, accountIds: Array<number>, action: AutomationAction, text: string | null, imageUrl: string | null, botUrl: string | null, botKind: AutomationBotKind, cooldownSeconds: number, createdAt: string, updatedAt: string, menu: { text: string, style: AutomationMenuStyle | null, button: string | null, back: string | null, timeout: number | null, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean }> } | null }> } | null }> } | null, media: { type: MediaType, url: string, filename: string | null, mimetype: string | null, voice: boolean | null } | null, location: { latitude: number, longitude: number, name: string | null, address: string | null } | null, contacts: Array<{ name: string, phones: Array<string>, emails: Array<string> | null, organization: string | null }> | null, interactive: { header: string | null, footer: string | null, buttons: Array<{ id: string, title: string }> | null, list: { button: string, sections: Array<{ title: string | null, rows: Array<{ id: string, title: string, description: string | null }> }> } | null } | null, whatsappTemplate: { name: string, language: string, body: Array<string> | null, header: { type: string, text: string | null, url: string | null, filename: string | null } | null, buttons: Array<{ index: number, type: string, value: string }> | null } | null } } };

export type RestAutomationTrialQueryVariables = Exact<{
  input: AutomationTrialInput;
}>;


export type RestAutomationTrialQuery = { automationTrial: { draft: boolean, text: string | null, imageUrl: string | null, handover: boolean, rule: { id: string, name: string, position: number, enabled: boolean, trigger: AutomationTrigger, keyword: string | null, pattern: string | null, replyId: string | null, accountIds: Array<number>, action: AutomationAction, text: string | null, imageUrl: string | null, botUrl: string | null, botKind: AutomationBotKind, cooldownSeconds: number, createdAt: string, updatedAt: string, menu: { text: string, style: AutomationMenuStyle | null, button: string | null, back: string | null, timeout: number | null, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean }> } | null }> } | null }> } | null, media: { type: MediaType, url: string, filename: string | null, mimetype: string | null, voice: boolean | null } | null, location: { latitude: number, longitude: number, name: string | null, address: string | null } | null, contacts: Array<{ name: string, phones: Array<string>, emails: Array<string> | null, organization: string | null }> | null, interactive: { header: string | null, footer: string | null, buttons: Array<{ id: string, title: string }> | null, list: { button: string, sections: Array<{ title: string | null, rows: Array<{ id: string, title: string, description: string | null }> }> } | null } | null, whatsappTemplate: { name: string, language: string, body: Array<string> | null, header: { type: string, text: string | null, url: string | null, filename: string | null } | null, buttons: Array<{ index: number, type: string, value: string }> | null } | null } | null, media: { type: MediaType, url: string, filename: string | null, mimetype: string | null, voice: boolean | null } | null, location: { latitude: number, longitude: number, name: string | null, address: string | null } | null, contacts: Array<{ name: string, phones: Array<string>, emails: Array<string> | null, organization: string | null }> | null, interactive: { header: string | null, footer: string | null, buttons: Array<{ id: string, title: string }> | null, list: { button: string, sections: Array<{ title: string | null, rows: Array<{ id: string, title: string, description: string | null }> }> } | null } | null, whatsappTemplate: { name: string, language: string, body: Array<string> | null, header: { type: string, text: string | null, url: string | null, filename: string | null } | null, buttons: Array<{ index: number, type: string, value: string }> | null } | null } };

export type RestSendBulkMutationVariables = Exact<{
  input: SendBulkInput;
}>;


export type RestSendBulkMutation = { sendBulk: { batchId: string, queued: number, sendAt: string | null, messages: Array<{ id: string, to: string }>, skipped: Array<{ to: string, reason: SkipReason }> } };

export type RestBatchQueryVariables = Exact<{
  id: string;
}>;


export type RestBatchQuery = { batch: { id: string, total: number, finished: boolean, state: BatchState, priority: MessagePriority, sendAt: string | null, createdAt: string, firstSentAt: string | null, lastSentAt: string | null, messages: Array<{ id: string, to: string, status: MessageStatus, sentAt: string | null, error: string | null }>, counts: { pending: number, sending: number, sent: number, failed: number, cancelled: number, expired: number, optedOut: number, delivered: number, read: number, replies: number } } };

export type RestBatchSummaryFragment = { id: string, total: number, finished: boolean, state: BatchState, priority: MessagePriority, sendAt: string | null, createdAt: string, firstSentAt: string | null, lastSentAt: string | null, counts: { pending: number, sending: number, sent: number, failed: number, cancelled: number, expired: number, optedOut: number, delivered: number, read: number, replies: number } };

export type RestBatchesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  state?: BatchState | null | undefined;
}>;


export type RestBatchesQuery = { batches: { edges: Array<{ node: { id: string, total: number, finished: boolean, state: BatchState, priority: MessagePriority, sendAt: string | null, createdAt: string, firstSentAt: string | null, lastSentAt: string | null, counts: { pending: number, sending: number, sent: number, failed: number, cancelled: number, expired: number, optedOut: number, delivered: number, read: number, replies: number } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type RestCancelBatchMutationVariables = Exact<{
  id: string;
}>;


export type RestCancelBatchMutation = { cancelBatch: { cancelled: number, inFlight: number, batch: { id: string, counts: { pending: number, sending: number, sent: number, failed: number, cancelled: number, expired: number, optedOut: number, delivered: number, read: number, replies: number } } } };

export type RestPlansQueryVariables = Exact<{ [key: string]: never; }>;


export type RestPlansQuery = { plans: Array<{ name: string, version: number, messagesPerMonth: number, numbers: number, users: number, monthly: { net: number, vat: number, total: number }, yearly: { net: number, vat: number, total: number } }> };

export type RestBillingQueryVariables = Exact<{ [key: string]: never; }>;


export type RestBillingQuery = { billing: { interval: string, state: string, periodStart: string, periodEnd: string, daysLeft: number, graceUntil: string | null, pendingPlan: string | null, plan: { name: string, version: number, messagesPerMonth: number, numbers: number, users: number, monthly: { net: number, vat: number, total: number }, yearly: { net: number, vat: number, total: number } }, messages: { used: number, allowance: number }, numbers: { used: number, allowance: number }, card: { brand: string | null, last4: string } | null } };

export type RestCheckoutMutationVariables = Exact<{
  plan: string;
  interval: string;
  token?: string | null | undefined;
}>;


export type RestCheckoutMutation = { checkout: { paymentId: string, status: string, redirectUrl: string | null, amount: number } };

export type RestChangePlanMutationVariables = Exact<{
  plan: string;
}>;


export type RestChangePlanMutation = { changePlan: { kind: string, effectiveOn: string, paymentId: string | null, status: string | null } };

export type RestTopUpMutationVariables = Exact<{
  pack: string;
}>;


export type RestTopUpMutation = { topUp: { paymentId: string, status: string, redirectUrl: string | null, amount: number } };

export type RestTemplateFieldsFragment = { id: string, name: string, text: string, imageUrl: string | null, variables: Array<string>, createdAt: string, updatedAt: string };

export type RestTemplatesQueryVariables = Exact<{ [key: string]: never; }>;


export type RestTemplatesQuery = { templates: Array<{ id: string, name: string, text: string, imageUrl: string | null, variables: Array<string>, createdAt: string, updatedAt: string }> };

export type RestTemplateQueryVariables = Exact<{
  name: string;
}>;


export type RestTemplateQuery = { template: { id: string, name: string, text: string, imageUrl: string | null, variables: Array<string>, createdAt: string, updatedAt: string } };

export type RestCreateTemplateMutationVariables = Exact<{
  input: CreateTemplateInput;
}>;


export type RestCreateTemplateMutation = { createTemplate: { template: { id: string, name: string, text: string, imageUrl: string | null, variables: Array<string>, createdAt: string, updatedAt: string } } };

export type RestUpdateTemplateMutationVariables = Exact<{
  name: string;
  input: UpdateTemplateInput;
}>;


export type RestUpdateTemplateMutation = { updateTemplate: { template: { id: string, name: string, text: string, imageUrl: string | null, variables: Array<string>, createdAt: string, updatedAt: string } } };

export type RestDeleteTemplateMutationVariables = Exact<{
  name: string;
  force?: boolean | null | undefined;
}>;


export type RestDeleteTemplateMutation = { deleteTemplate: { queuedMessages: number, template: { id: string, name: string, text: string, imageUrl: string | null, variables: Array<string>, createdAt: string, updatedAt: string } } };

export type RestSendWindowQueryVariables = Exact<{ [key: string]: never; }>;


export type RestSendWindowQuery = { sendWindow: { timeZone: string, days: Array<WeekDay>, start: string, end: string } | null };

export type RestSetSendWindowMutationVariables = Exact<{
  input?: SendWindowInput | null | undefined;
}>;


export type RestSetSendWindowMutation = { setSendWindow: { sendWindow: { timeZone: string, days: Array<WeekDay>, start: string, end: string } | null } };

export type RestChatwootBridgeQueryVariables = Exact<{ [key: string]: never; }>;


export type RestChatwootBridgeQuery = { chatwootBridge: { id: string, baseUrl: string, chatwootAccountId: number, inboxId: number, accountIds: Array<string>, webhooksSigned: boolean, createdAt: string, updatedAt: string, relay: { toChatwoot: number, toWhatsapp: number, failedPosts: number, oldestWaitingAt: string | null, lastPostedAt: string | null, lastError: string | null, lastErrorAt: string | null }, failedPosts: Array<{ id: string, phone: string, kind: ChatwootPostKind, inboundMessageId: string | null, reason: string, attempts: number, createdAt: string, failedAt: string }> } };

export type RestConnectChatwootMutationVariables = Exact<{
  input: ConnectChatwootInput;
}>;


export type RestConnectChatwootMutation = { connectChatwoot: { webhookUrl: string, bridge: { id: string, baseUrl: string, chatwootAccountId: number, inboxId: number, accountIds: Array<string>, webhooksSigned: boolean, createdAt: string, updatedAt: string } } };

export type RestRetryChatwootPostsMutationVariables = Exact<{
  ids?: Array<string> | string | null | undefined;
}>;


export type RestRetryChatwootPostsMutation = { retryChatwootPosts: { retried: number } };

export type RestDisconnectChatwootMutationVariables = Exact<{ [key: string]: never; }>;


export type RestDisconnectChatwootMutation = { disconnectChatwoot: { bridge: { id: string, baseUrl: string, chatwootAccountId: number, inboxId: number, accountIds: Array<string>, webhooksSigned: boolean, createdAt: string, updatedAt: string } } };

export type RestContactFieldsFragment = { id: string, phone: string, lid: string | null, name: string | null, firstSeenAt: string, lastSeenAt: string, lastInboundAt: string | null, lastOutboundAt: string | null, optedOut: boolean, optedOutAt: string | null, optOutReason: ConsentReason | null, windows: Array<{ accountId: number, openUntil: string, open: boolean }> };

export type RestConsentSettingsFieldsFragment = { useDefaultStopWords: boolean, stopWords: Array<string>, confirmationText: string | null, defaultStopWords: Array<string>, effectiveStopWords: Array<string> };

export type RestContactsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  search?: string | null | undefined;
  optedOut?: boolean | null | undefined;
}>;


export type RestContactsQuery = { contacts: { edges: Array<{ node: { id: string, phone: string, lid: string | null, name: string | null, firstSeenAt: string, lastSeenAt: string, lastInboundAt: string | null, lastOutboundAt: string | null, optedOut: boolean, optedOutAt: string | null, optOutReason: ConsentReason | null, windows: Array<{ accountId: number, openUntil: string, open: boolean }> } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type RestContactQueryVariables = Exact<{
  phone: string;
}>;


export type RestContactQuery = { contact: { id: string, phone: string, lid: string | null, name: string | null, firstSeenAt: string, lastSeenAt: string, lastInboundAt: string | null, lastOutboundAt: string | null, optedOut: boolean, optedOutAt: string | null, optOutReason: ConsentReason | null, windows: Array<{ accountId: number, openUntil: string, open: boolean }> } };

export type RestSetContactNameMutationVariables = Exact<{
  phone: string;
  name?: string | null | undefined;
}>;


export type RestSetContactNameMutation = { setContactName: { id: string, phone: string, lid: string | null, name: string | null, firstSeenAt: string, lastSeenAt: string, lastInboundAt: string | null, lastOutboundAt: string | null, optedOut: boolean, optedOutAt: string | null, optOutReason: ConsentReason | null, windows: Array<{ accountId: number, openUntil: string, open: boolean }> } };

export type RestOptOutContactsMutationVariables = Exact<{
  numbers: Array<string> | string;
}>;


export type RestOptOutContactsMutation = { optOutContacts: { optedOut: number, already: number, cancelled: number, inFlight: number, invalid: Array<{ index: number, value: string }> } };

export type RestImportSuppressionListMutationVariables = Exact<{
  numbers: Array<string> | string;
}>;


export type RestImportSuppressionListMutation = { importSuppressionList: { optedOut: number, already: number, cancelled: number, inFlight: number, invalid: Array<{ index: number, value: string }> } };

export type RestOptInContactsMutationVariables = Exact<{
  numbers: Array<string> | string;
}>;


export type RestOptInContactsMutation = { optInContacts: { optedIn: number, invalid: Array<{ index: number, value: string }> } };

export type RestConsentSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type RestConsentSettingsQuery = { consentSettings: { useDefaultStopWords: boolean, stopWords: Array<string>, confirmationText: string | null, defaultStopWords: Array<string>, effectiveStopWords: Array<string> } };

export type RestSetConsentSettingsMutationVariables = Exact<{
  useDefaultStopWords?: boolean | null | undefined;
  stopWords?: Array<string> | string | null | undefined;
  confirmationText?: string | null | undefined;
}>;


export type RestSetConsentSettingsMutation = { setConsentSettings: { useDefaultStopWords: boolean, stopWords: Array<string>, confirmationText: string | null, defaultStopWords: Array<string>, effectiveStopWords: Array<string> } };

export type RestEraseContactMutationVariables = Exact<{
  number: string;
}>;


export type RestEraseContactMutation = { eraseContact: { erasureId: string, messages: number, inboundMessages: number, contacts: number, cancelled: number, inFlight: number, webhookDeliveries: number, idempotencyRecords: number, batches: number, auditEvents: number, chatwootRecords: number, suppressionKept: boolean } };

export type RestStartExportMutationVariables = Exact<{
  input: StartExportInput;
}>;


export type RestStartExportMutation = { startExport: { export: { id: string, kind: ExportKind, format: ExportFormat, from: string, to: string, status: ExportStatus, rowsDone: number, rowsTotal: number | null, progress: number, bytes: number, error: string | null, createdAt: string, finishedAt: string | null, expiresAt: string | null, downloadPath: string | null } } };

export type RestExportQueryVariables = Exact<{
  id: string;
}>;


export type RestExportQuery = { export: { id: string, kind: ExportKind, format: ExportFormat, from: string, to: string, status: ExportStatus, rowsDone: number, rowsTotal: number | null, progress: number, bytes: number, error: string | null, createdAt: string, finishedAt: string | null, expiresAt: string | null, downloadPath: string | null } };

export type RestExportsQueryVariables = Exact<{ [key: string]: never; }>;


export type RestExportsQuery = { exports: Array<{ id: string, kind: ExportKind, format: ExportFormat, from: string, to: string, status: ExportStatus, rowsDone: number, rowsTotal: number | null, progress: number, bytes: number, error: string | null, createdAt: string, finishedAt: string | null, expiresAt: string | null, downloadPath: string | null }> };

export type RestInboundMessagesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  filter?: InboundMessageFilter | null | undefined;
}>;


export type RestInboundMessagesQuery = { inboundMessages: { edges: Array<{ node: { id: string, providerMessageId: string, accountId: number, from: string | null, fromLid: string | null, type: InboundKind, text: string | null, mediaUrl: string | null, mediaId: string | null, mimeType: string | null, fileName: string | null, latitude: number | null, longitude: number | null, replyToProviderId: string | null, batchId: string | null, optOut: boolean, sentAt: string, receivedAt: string, inReplyTo: { id: string } | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type RestInvoiceQueryVariables = Exact<{
  id: string;
}>;


export type RestInvoiceQuery = { invoice: { id: string, number: string, kind: InvoiceKind, issuedAt: string, subtotalHalalas: number, vatHalalas: number, totalHalalas: number, currency: string, creditFor: string | null, paymentProvider: string | null, paymentReference: string | null, pdfPath: string, seller: { name: string, vatNumber: string | null }, buyer: { name: string, vatNumber: string | null }, lines: Array<{ position: number, descriptionAr: string, descriptionEn: string, quantity: number, unitHalalas: number, netHalalas: number, vatHalalas: number }> } };

export type RestInvoicesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type RestInvoicesQuery = { invoices: { edges: Array<{ node: { id: string, number: string, kind: InvoiceKind, issuedAt: string, subtotalHalalas: number, vatHalalas: number, totalHalalas: number, currency: string, creditFor: string | null, paymentProvider: string | null, paymentReference: string | null, pdfPath: string, seller: { name: string, vatNumber: string | null }, buyer: { name: string, vatNumber: string | null }, lines: Array<{ position: number, descriptionAr: string, descriptionEn: string, quantity: number, unitHalalas: number, netHalalas: number, vatHalalas: number }> } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type RestApiKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type RestApiKeysQuery = { apiKeys: Array<{ id: string, prefix: string, label: string, scopes: Array<string>, accountIds: Array<string> | null, state: ApiKeyState, createdAt: string, lastUsedAt: string | null, expiresAt: string | null, revokedAt: string | null, rotatedFromId: string | null }> };

export type RestCreateApiKeyMutationVariables = Exact<{
  input: CreateApiKeyInput;
}>;


export type RestCreateApiKeyMutation = { createApiKey: { secret: string, key: { id: string, prefix: string, label: string, scopes: Array<string>, accountIds: Array<string> | null, state: ApiKeyState, createdAt: string, lastUsedAt: string | null, expiresAt: string | null, revokedAt: string | null, rotatedFromId: string | null } } };

export type RestRevokeApiKeyMutationVariables = Exact<{
  id: string;
}>;


export type RestRevokeApiKeyMutation = { revokeApiKey: { key: { id: string, prefix: string, label: string, scopes: Array<string>, accountIds: Array<string> | null, state: ApiKeyState, createdAt: string, lastUsedAt: string | null, expiresAt: string | null, revokedAt: string | null, rotatedFromId: string | null } } };

export type RestRotateApiKeyMutationVariables = Exact<{
  id: string;
  overlapSeconds?: number | null | undefined;
}>;


export type RestRotateApiKeyMutation = { rotateApiKey: { secret: string, key: { id: string, prefix: string, label: string, scopes: Array<string>, accountIds: Array<string> | null, state: ApiKeyState, createdAt: string, lastUsedAt: string | null, expiresAt: string | null, revokedAt: string | null, rotatedFromId: string | null }, previous: { id: string, prefix: string, label: string, scopes: Array<string>, accountIds: Array<string> | null, state: ApiKeyState, createdAt: string, lastUsedAt: string | null, expiresAt: string | null, revokedAt: string | null, rotatedFromId: string | null } } };

export type RestSendMessageMutationVariables = Exact<{
  input: SendMessageInput;
}>;


export type RestSendMessageMutation = { sendMessage: { message: { id: string, to: string, status: MessageStatus, dueAt: string | null } } };

export type RestMessageQueryVariables = Exact<{
  id: string;
}>;


export type RestMessageQuery = { message: { id: string, to: string, status: MessageStatus, sentAt: string | null, error: string | null, kind: ContentKind, deliveredAt: string | null, readAt: string | null } };

export type RestCancelMessageMutationVariables = Exact<{
  id: string;
}>;


export type RestCancelMessageMutation = { cancelMessage: { cancelled: boolean, inFlight: boolean, message: { id: string, status: MessageStatus, error: string | null } } };

export type RestRetryMessageMutationVariables = Exact<{
  id: string;
}>;


export type RestRetryMessageMutation = { retryMessage: { message: { id: string, to: string, status: MessageStatus } } };

export type RestConnectionFieldsFragment = { accountId: number, name: string, channel: string, state: LinkState, status: string, phoneNumber: string | null, qr: string | null, qrChangedAt: string | null, pairingCode: string | null, pairingPhone: string | null, error: string | null, verifiedName: string | null, quality: string | null, messagingTier: number | null };

export type RestConnectAccountMutationVariables = Exact<{
  input: ConnectAccountInput;
}>;


export type RestConnectAccountMutation = { connectAccount: { accountId: number, name: string, channel: string, state: LinkState, status: string, phoneNumber: string | null, qr: string | null, qrChangedAt: string | null, pairingCode: string | null, pairingPhone: string | null, error: string | null, verifiedName: string | null, quality: string | null, messagingTier: number | null } };

export type RestAccountConnectionQueryVariables = Exact<{
  id: number;
}>;


export type RestAccountConnectionQuery = { accountConnection: { accountId: number, name: string, channel: string, state: LinkState, status: string, phoneNumber: string | null, qr: string | null, qrChangedAt: string | null, pairingCode: string | null, pairingPhone: string | null, error: string | null, verifiedName: string | null, quality: string | null, messagingTier: number | null } };

export type RestRelinkAccountMutationVariables = Exact<{
  id: number;
}>;


export type RestRelinkAccountMutation = { relinkAccount: { accountId: number, name: string, channel: string, state: LinkState, status: string, phoneNumber: string | null, qr: string | null, qrChangedAt: string | null, pairingCode: string | null, pairingPhone: string | null, error: string | null, verifiedName: string | null, quality: string | null, messagingTier: number | null } };

export type RestRequestPairingCodeMutationVariables = Exact<{
  id: number;
  phoneNumber: string;
}>;


export type RestRequestPairingCodeMutation = { requestPairingCode: { accountId: number, name: string, channel: string, state: LinkState, status: string, phoneNumber: string | null, qr: string | null, qrChangedAt: string | null, pairingCode: string | null, pairingPhone: string | null, error: string | null, verifiedName: string | null, quality: string | null, messagingTier: number | null } };

export type RestRemoveAccountMutationVariables = Exact<{
  id: number;
}>;


export type RestRemoveAccountMutation = { removeAccount: { id: number, removedAt: string } };

export type RestSignUpMutationVariables = Exact<{
  input: SignUpInput;
}>;


export type RestSignUpMutation = { signUp: { message: string } };

export type RestVerifyEmailMutationVariables = Exact<{
  token: string;
}>;


export type RestVerifyEmailMutation = { verifyEmail: { email: string } };

export type RestUsersQueryVariables = Exact<{ [key: string]: never; }>;


export type RestUsersQuery = { users: Array<{ id: string, email: string, role: StaffRole, state: StaffUserState, twoFactor: boolean, createdAt: string, lastSignInAt: string | null, disabledAt: string | null }> };

export type RestInviteUserMutationVariables = Exact<{
  input: InviteUserInput;
}>;


export type RestInviteUserMutation = { inviteUser: { link: string, linkExpiresAt: string, user: { id: string, email: string, role: StaffRole, state: StaffUserState, twoFactor: boolean, createdAt: string, lastSignInAt: string | null, disabledAt: string | null } } };

export type RestSetUserRoleMutationVariables = Exact<{
  id: string;
  role: StaffRole;
}>;


export type RestSetUserRoleMutation = { setUserRole: { user: { id: string, email: string, role: StaffRole, state: StaffUserState, twoFactor: boolean, createdAt: string, lastSignInAt: string | null, disabledAt: string | null } } };

export type RestSetUserDisabledMutationVariables = Exact<{
  id: string;
  disabled: boolean;
}>;


export type RestSetUserDisabledMutation = { setUserDisabled: { user: { id: string, email: string, role: StaffRole, state: StaffUserState, twoFactor: boolean, createdAt: string, lastSignInAt: string | null, disabledAt: string | null } } };

export type RestSendUserPasswordLinkMutationVariables = Exact<{
  id: string;
}>;


export type RestSendUserPasswordLinkMutation = { sendUserPasswordLink: { link: string, linkExpiresAt: string, user: { id: string, email: string, role: StaffRole, state: StaffUserState, twoFactor: boolean, createdAt: string, lastSignInAt: string | null, disabledAt: string | null } } };

export type RestWebhookEndpointsQueryVariables = Exact<{ [key: string]: never; }>;


export type RestWebhookEndpointsQuery = { webhookEndpoints: Array<{ id: string, url: string, events: Array<MessageEventType>, enabled: boolean, createdAt: string }> };

export type RestCreateWebhookEndpointMutationVariables = Exact<{
  input: CreateWebhookEndpointInput;
}>;


export type RestCreateWebhookEndpointMutation = { createWebhookEndpoint: { secret: string, endpoint: { id: string, url: string, events: Array<MessageEventType>, enabled: boolean, createdAt: string } } };

export type RestDeleteWebhookEndpointMutationVariables = Exact<{
  id: string;
}>;


export type RestDeleteWebhookEndpointMutation = { deleteWebhookEndpoint: { endpoint: { id: string, url: string, events: Array<MessageEventType>, enabled: boolean, createdAt: string } } };

export type RestSetWebhookEndpointEnabledMutationVariables = Exact<{
  id: string;
  enabled: boolean;
}>;


export type RestSetWebhookEndpointEnabledMutation = { setWebhookEndpointEnabled: { endpoint: { id: string, url: string, events: Array<MessageEventType>, enabled: boolean, createdAt: string } } };

export type RestWebhookDeliveriesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  filter?: WebhookDeliveryFilter | null | undefined;
}>;


export type RestWebhookDeliveriesQuery = { webhookDeliveries: { edges: Array<{ node: { id: string, endpointId: string, eventId: string, eventType: MessageEventType, messageId: string | null, inboundMessageId: string | null, status: WebhookDeliveryStatus, attempts: number, responseStatus: number | null, lastError: string | null, nextAttemptAt: string | null, payload: string, createdAt: string, deliveredAt: string | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type RestReplayWebhookDeliveryMutationVariables = Exact<{
  id: string;
}>;


export type RestReplayWebhookDeliveryMutation = { replayWebhookDelivery: { delivery: { id: string, endpointId: string, eventId: string, eventType: MessageEventType, messageId: string | null, inboundMessageId: string | null, status: WebhookDeliveryStatus, attempts: number, responseStatus: number | null, lastError: string | null, nextAttemptAt: string | null, payload: string, createdAt: string, deliveredAt: string | null } } };

export type RestWhatsAppTemplateFieldsFragment = { id: string, name: string, language: string, category: WhatsAppTemplateCategory, accountId: number | null, headerFormat: WhatsAppTemplateHeaderFormat, headerParameters: number, bodyParameters: number, status: string, statusReason: string | null, quality: string | null, createdAt: string, buttons: Array<{ type: WhatsAppTemplateButtonType, parameters: number }> };

export type RestWhatsAppTemplatesQueryVariables = Exact<{ [key: string]: never; }>;


export type RestWhatsAppTemplatesQuery = { whatsappTemplates: Array<{ id: string, name: string, language: string, category: WhatsAppTemplateCategory, accountId: number | null, headerFormat: WhatsAppTemplateHeaderFormat, headerParameters: number, bodyParameters: number, status: string, statusReason: string | null, quality: string | null, createdAt: string, buttons: Array<{ type: WhatsAppTemplateButtonType, parameters: number }> }> };

export type RestRegisterWhatsAppTemplateMutationVariables = Exact<{
  input: RegisterWhatsAppTemplateInput;
}>;


export type RestRegisterWhatsAppTemplateMutation = { registerWhatsAppTemplate: { id: string, name: string, language: string, category: WhatsAppTemplateCategory, accountId: number | null, headerFormat: WhatsAppTemplateHeaderFormat, headerParameters: number, bodyParameters: number, status: string, statusReason: string | null, quality: string | null, createdAt: string, buttons: Array<{ type: WhatsAppTemplateButtonType, parameters: number }> } };

export type RestDeleteWhatsAppTemplateMutationVariables = Exact<{
  id: string;
}>;


export type RestDeleteWhatsAppTemplateMutation = { deleteWhatsAppTemplate: { id: string, name: string, language: string, category: WhatsAppTemplateCategory, accountId: number | null, headerFormat: WhatsAppTemplateHeaderFormat, headerParameters: number, bodyParameters: number, status: string, statusReason: string | null, quality: string | null, createdAt: string, buttons: Array<{ type: WhatsAppTemplateButtonType, parameters: number }> } };

export type RestSyncWhatsAppTemplatesMutationVariables = Exact<{ [key: string]: never; }>;


export type RestSyncWhatsAppTemplatesMutation = { syncWhatsAppTemplates: { synced: number, skipped: number } };

export type RestSubmitWhatsAppTemplateMutationVariables = Exact<{
  input: SubmitWhatsAppTemplateInput;
}>;


export type RestSubmitWhatsAppTemplateMutation = { submitWhatsAppTemplate: { id: string, name: string, language: string, category: WhatsAppTemplateCategory, accountId: number | null, headerFormat: WhatsAppTemplateHeaderFormat, headerParameters: number, bodyParameters: number, status: string, statusReason: string | null, quality: string | null, createdAt: string, buttons: Array<{ type: WhatsAppTemplateButtonType, parameters: number }> } };

export type AuthBalanceQueryVariables = Exact<{ [key: string]: never; }>;


export type AuthBalanceQuery = { balance: { plan: string, messages: { remaining: number } } };

export type PreviewTestSheetQueryVariables = Exact<{
  csv: string;
}>;


export type PreviewTestSheetQuery = { sheetRecipients: Array<{ to: string, variables: Record<string, string | number>, row: number }> };

export type PreviewTestPreviewQueryVariables = Exact<{
  input: SendBulkInput;
  first?: number | null | undefined;
}>;


export type PreviewTestPreviewQuery = { previewBulk: { total: number, skipped: number, recipients: Array<{ to: string, text: string, skipped: SkipReason | null }> } };

export type ContactsOptOutMutationVariables = Exact<{
  numbers: Array<string> | string;
}>;


export type ContactsOptOutMutation = { optOutContacts: { optedOut: number, already: number, cancelled: number, inFlight: number, invalid: Array<{ index: number, value: string }> } };

export type ContactsOptInMutationVariables = Exact<{
  numbers: Array<string> | string;
}>;


export type ContactsOptInMutation = { optInContacts: { optedIn: number, invalid: Array<{ index: number, value: string }> } };

export type ContactsImportMutationVariables = Exact<{
  numbers: Array<string> | string;
}>;


export type ContactsImportMutation = { importSuppressionList: { optedOut: number, already: number, cancelled: number, inFlight: number, invalid: Array<{ index: number, value: string }> } };

export type ContactsListQueryVariables = Exact<{
  search?: string | null | undefined;
  optedOut?: boolean | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ContactsListQuery = { contacts: { edges: Array<{ node: { phone: string, name: string | null, optedOut: boolean, optOutReason: ConsentReason | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type ContactsOneQueryVariables = Exact<{
  phone: string;
}>;


export type ContactsOneQuery = { contact: { id: string, phone: string, lid: string | null, name: string | null, firstSeenAt: string, lastSeenAt: string, lastInboundAt: string | null, lastOutboundAt: string | null, optedOut: boolean, optedOutAt: string | null, optOutReason: ConsentReason | null } };

export type ContactsSetNameMutationVariables = Exact<{
  phone: string;
  name?: string | null | undefined;
}>;


export type ContactsSetNameMutation = { setContactName: { phone: string, name: string | null, optedOut: boolean } };

export type ContactsSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type ContactsSettingsQuery = { consentSettings: { useDefaultStopWords: boolean, stopWords: Array<string>, confirmationText: string | null, defaultStopWords: Array<string>, effectiveStopWords: Array<string> } };

export type ContactsSetSettingsMutationVariables = Exact<{
  useDefaultStopWords?: boolean | null | undefined;
  stopWords?: Array<string> | string | null | undefined;
  confirmationText?: string | null | undefined;
}>;


export type ContactsSetSettingsMutation = { setConsentSettings: { useDefaultStopWords: boolean, stopWords: Array<string>, confirmationText: string | null, effectiveStopWords: Array<string> } };

export type ExportTestMessagesQueryVariables = Exact<{
  since?: string | null | undefined;
  until?: string | null | undefined;
}>;


export type ExportTestMessagesQuery = { messages: { edges: Array<{ node: { id: string, to: string, text: string, imageUrl: string | null, kind: ContentKind, status: MessageStatus, error: string | null, accountId: number | null, batchId: string | null, createdAt: string, sentAt: string | null, deliveredAt: string | null, readAt: string | null } }> } };

export type ExportTestStartMutationVariables = Exact<{
  input: StartExportInput;
}>;


export type ExportTestStartMutation = { startExport: { export: { id: string, status: ExportStatus, kind: ExportKind, format: ExportFormat, from: string, to: string, progress: number } } };

export type ExportTestStateQueryVariables = Exact<{
  id: string;
}>;


export type ExportTestStateQuery = { export: { id: string, status: ExportStatus, rowsDone: number, rowsTotal: number | null, progress: number, downloadPath: string | null } };

export type GqlSendMutationVariables = Exact<{
  input: SendMessageInput;
}>;


export type GqlSendMutation = { sendMessage: { message: { id: string, to: string, status: MessageStatus, text: string, sentAt: string | null, error: string | null, accountId: number | null, attempts: number, createdAt: string } } };

export type GqlBulkMutationVariables = Exact<{
  input: SendBulkInput;
}>;


export type GqlBulkMutation = { sendBulk: { batchId: string, queued: number, status: string, messages: Array<{ id: string, to: string }> } };

export type GqlBatchQueryVariables = Exact<{
  id: string;
}>;


export type GqlBatchQuery = { batch: { id: string, total: number, finished: boolean, counts: { pending: number, sending: number, sent: number, failed: number }, messages: Array<{ id: string, status: MessageStatus }> } };

export type GqlMessagesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  last?: number | null | undefined;
  before?: string | null | undefined;
  status?: Array<MessageStatus> | MessageStatus | null | undefined;
  batchId?: string | null | undefined;
}>;


export type GqlMessagesQuery = { messages: { edges: Array<{ cursor: string, node: { id: string, status: MessageStatus, batchId: string | null } }>, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, startCursor: string | null, endCursor: string | null } } };

export type GqlOverviewQueryVariables = Exact<{ [key: string]: never; }>;


export type GqlOverviewQuery = { balance: { plan: string, subscriptionEnds: string, messages: { limit: number, used: number, remaining: number }, accounts: { limit: number, connected: number } }, accounts: Array<{ id: number, phoneNumber: string | null, status: AccountStatus, todaySent: number, monthSent: number, dailyLimit: number, monthlyLimit: number }> };

export type ImageLinkSendMutationVariables = Exact<{
  input: SendMessageInput;
}>;


export type ImageLinkSendMutation = { sendMessage: { message: { id: string, status: MessageStatus } } };

export type ImageLinkBulkMutationVariables = Exact<{
  input: SendBulkInput;
}>;


export type ImageLinkBulkMutation = { sendBulk: { batchId: string, queued: number } };

export type ImageLinkTemplateMutationVariables = Exact<{
  input: CreateTemplateInput;
}>;


export type ImageLinkTemplateMutation = { createTemplate: { template: { name: string, imageUrl: string | null } } };

export type TestInvoicesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type TestInvoicesQuery = { invoices: { edges: Array<{ cursor: string, node: { id: string, number: string, kind: InvoiceKind, totalHalalas: number, creditFor: string | null, pdfPath: string } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type TestInvoiceQueryVariables = Exact<{
  id: string;
}>;


export type TestInvoiceQuery = { invoice: { id: string, number: string, kind: InvoiceKind, issuedAt: string, subtotalHalalas: number, vatHalalas: number, totalHalalas: number, currency: string, creditFor: string | null, paymentProvider: string | null, paymentReference: string | null, pdfPath: string, seller: { name: string, vatNumber: string | null }, buyer: { name: string, vatNumber: string | null }, lines: Array<{ position: number, descriptionAr: string, descriptionEn: string, quantity: number, unitHalalas: number, netHalalas: number, vatHalalas: number }> } };

export type IsolationMessagesQueryVariables = Exact<{
  first?: number | null | undefined;
  batchId?: string | null | undefined;
}>;


export type IsolationMessagesQuery = { messages: { edges: Array<{ node: { id: string, to: string } }> } };

export type FilterTestMessagesQueryVariables = Exact<{
  to?: string | null | undefined;
  since?: string | null | undefined;
  until?: string | null | undefined;
}>;


export type FilterTestMessagesQuery = { messages: { edges: Array<{ node: { to: string, text: string } }> } };

export type FilterTestActivityQueryVariables = Exact<{ [key: string]: never; }>;


export type FilterTestActivityQuery = { queuedMessages: number, sendingActivity: Array<{ hour: string, sent: number, failed: number }> };

export type OneCheckSendMutationVariables = Exact<{
  input: SendMessageInput;
}>;


export type OneCheckSendMutation = { sendMessage: { message: { id: string } } };

export type OneCheckBulkMutationVariables = Exact<{
  input: SendBulkInput;
}>;


export type OneCheckBulkMutation = { sendBulk: { batchId: string } };

export type RetryFailedMutationVariables = Exact<{
  id: string;
}>;


export type RetryFailedMutation = { retryMessage: { message: { id: string, status: MessageStatus, attempts: number, error: string | null } } };

export type RichRegisterTicketMutationVariables = Exact<{ [key: string]: never; }>;


export type RichRegisterTicketMutation = { registerWhatsAppTemplate: { id: string, bodyParameters: number, headerParameters: number } };

export type RichSendMutationVariables = Exact<{
  input: SendMessageInput;
}>;


export type RichSendMutation = { sendMessage: { message: { id: string, kind: ContentKind, status: MessageStatus } } };

export type TplCreateMutationVariables = Exact<{
  input: CreateTemplateInput;
}>;


export type TplCreateMutation = { createTemplate: { template: { id: string, name: string, text: string, imageUrl: string | null, variables: Array<string>, createdAt: string, updatedAt: string } } };

export type TplListQueryVariables = Exact<{ [key: string]: never; }>;


export type TplListQuery = { templates: Array<{ name: string, text: string, variables: Array<string> }> };

export type TplOneQueryVariables = Exact<{
  name: string;
}>;


export type TplOneQuery = { template: { id: string, name: string, text: string, imageUrl: string | null, variables: Array<string> } };

export type TplMessageTextQueryVariables = Exact<{
  id: string;
}>;


export type TplMessageTextQuery = { message: { id: string, status: MessageStatus, text: string } };

export type LimitInviteMutationVariables = Exact<{
  input: InviteUserInput;
}>;


export type LimitInviteMutation = { inviteUser: { user: { id: string } } };

export type WhCreateMutationVariables = Exact<{
  input: CreateWebhookEndpointInput;
}>;


export type WhCreateMutation = { createWebhookEndpoint: { secret: string, endpoint: { id: string, url: string, events: Array<MessageEventType>, enabled: boolean, createdAt: string } } };

export type WhEndpointsQueryVariables = Exact<{ [key: string]: never; }>;


export type WhEndpointsQuery = { webhookEndpoints: Array<{ id: string, url: string, events: Array<MessageEventType> }> };

export type WhDeleteMutationVariables = Exact<{
  id: string;
}>;


export type WhDeleteMutation = { deleteWebhookEndpoint: { endpoint: { id: string, url: string } } };

export type WhDeliveriesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  filter?: WebhookDeliveryFilter | null | undefined;
}>;


export type WhDeliveriesQuery = { webhookDeliveries: { edges: Array<{ node: { id: string, endpointId: string, eventId: string, eventType: MessageEventType, messageId: string | null, status: WebhookDeliveryStatus, attempts: number, responseStatus: number | null, lastError: string | null, payload: string, deliveredAt: string | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type WhReplayMutationVariables = Exact<{
  id: string;
}>;


export type WhReplayMutation = { replayWebhookDelivery: { delivery: { id: string, eventId: string, status: WebhookDeliveryStatus, attempts: number } } };

export const RestAccountFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAccountFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Account"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phoneNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"stateReason"}},{"kind":"Field","name":{"kind":"Name","value":"stateSince"}},{"kind":"Field","name":{"kind":"Name","value":"stateUntil"}},{"kind":"Field","name":{"kind":"Name","value":"slowedUntil"}},{"kind":"Field","name":{"kind":"Name","value":"slowFactor"}},{"kind":"Field","name":{"kind":"Name","value":"messagingTier"}},{"kind":"Field","name":{"kind":"Name","value":"quality"}},{"kind":"Field","name":{"kind":"Name","value":"todaySent"}},{"kind":"Field","name":{"kind":"Name","value":"monthSent"}},{"kind":"Field","name":{"kind":"Name","value":"dailyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"monthlyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"capabilities"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"kinds"}},{"kind":"Field","name":{"kind":"Name","value":"customerWindow"}}]}},{"kind":"Field","name":{"kind":"Name","value":"warmUp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startedOn"}},{"kind":"Field","name":{"kind":"Name","value":"day"}},{"kind":"Field","name":{"kind":"Name","value":"todayLimit"}},{"kind":"Field","name":{"kind":"Name","value":"ramp"}},{"kind":"Field","name":{"kind":"Name","value":"firstContactCap"}},{"kind":"Field","name":{"kind":"Name","value":"firstContactsToday"}}]}}]}}]} as unknown as DocumentNode<RestAccountFieldsFragment, unknown>;
export const RestHealthFiguresFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestHealthFigures"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HealthFigures"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"undeliverable"}},{"kind":"Field","name":{"kind":"Name","value":"optOuts"}},{"kind":"Field","name":{"kind":"Name","value":"replies"}},{"kind":"Field","name":{"kind":"Name","value":"blockSignals"}},{"kind":"Field","name":{"kind":"Name","value":"failureRate"}},{"kind":"Field","name":{"kind":"Name","value":"undeliverableRate"}},{"kind":"Field","name":{"kind":"Name","value":"optOutRate"}},{"kind":"Field","name":{"kind":"Name","value":"replyRate"}}]}}]} as unknown as DocumentNode<RestHealthFiguresFragment, unknown>;
export const RestRuleContentFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestRuleContentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"media"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}},{"kind":"Field","name":{"kind":"Name","value":"mimetype"}},{"kind":"Field","name":{"kind":"Name","value":"voice"}}]}},{"kind":"Field","name":{"kind":"Name","value":"location"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"latitude"}},{"kind":"Field","name":{"kind":"Name","value":"longitude"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"address"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contacts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phones"}},{"kind":"Field","name":{"kind":"Name","value":"emails"}},{"kind":"Field","name":{"kind":"Name","value":"organization"}}]}},{"kind":"Field","name":{"kind":"Name","value":"interactive"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"header"}},{"kind":"Field","name":{"kind":"Name","value":"footer"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"button"}},{"kind":"Field","name":{"kind":"Name","value":"sections"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"whatsappTemplate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"header"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}}]} as unknown as DocumentNode<RestRuleContentFieldsFragment, unknown>;
export const RestAutomationMenuOptionFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationMenuOption"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"reply"}},{"kind":"Field","name":{"kind":"Name","value":"handover"}}]}}]} as unknown as DocumentNode<RestAutomationMenuOptionFieldsFragment, unknown>;
export const RestAutomationMenuFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationMenuFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationMenu"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"style"}},{"kind":"Field","name":{"kind":"Name","value":"button"}},{"kind":"Field","name":{"kind":"Name","value":"back"}},{"kind":"Field","name":{"kind":"Name","value":"timeout"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}}]}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationMenuOption"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"reply"}},{"kind":"Field","name":{"kind":"Name","value":"handover"}}]}}]} as unknown as DocumentNode<RestAutomationMenuFieldsFragment, unknown>;
export const RestAutomationRuleFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationRuleFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"trigger"}},{"kind":"Field","name":{"kind":"Name","value":"keyword"}},{"kind":"Field","name":{"kind":"Name","value":"pattern"}},{"kind":"Field","name":{"kind":"Name","value":"replyId"}},{"kind":"Field","name":{"kind":"Name","value":"accountIds"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestRuleContentFields"}},{"kind":"Field","name":{"kind":"Name","value":"botUrl"}},{"kind":"Field","name":{"kind":"Name","value":"botKind"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cooldownSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationMenuOption"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"reply"}},{"kind":"Field","name":{"kind":"Name","value":"handover"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestRuleContentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"media"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}},{"kind":"Field","name":{"kind":"Name","value":"mimetype"}},{"kind":"Field","name":{"kind":"Name","value":"voice"}}]}},{"kind":"Field","name":{"kind":"Name","value":"location"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"latitude"}},{"kind":"Field","name":{"kind":"Name","value":"longitude"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"address"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contacts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phones"}},{"kind":"Field","name":{"kind":"Name","value":"emails"}},{"kind":"Field","name":{"kind":"Name","value":"organization"}}]}},{"kind":"Field","name":{"kind":"Name","value":"interactive"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"header"}},{"kind":"Field","name":{"kind":"Name","value":"footer"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"button"}},{"kind":"Field","name":{"kind":"Name","value":"sections"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"whatsappTemplate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"header"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationMenuFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationMenu"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"style"}},{"kind":"Field","name":{"kind":"Name","value":"button"}},{"kind":"Field","name":{"kind":"Name","value":"back"}},{"kind":"Field","name":{"kind":"Name","value":"timeout"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<RestAutomationRuleFieldsFragment, unknown>;
export const RestBatchSummaryFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestBatchSummary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Batch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"finished"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"sendAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"firstSentAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSentAt"}},{"kind":"Field","name":{"kind":"Name","value":"counts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pending"}},{"kind":"Field","name":{"kind":"Name","value":"sending"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"cancelled"}},{"kind":"Field","name":{"kind":"Name","value":"expired"}},{"kind":"Field","name":{"kind":"Name","value":"optedOut"}},{"kind":"Field","name":{"kind":"Name","value":"delivered"}},{"kind":"Field","name":{"kind":"Name","value":"read"}},{"kind":"Field","name":{"kind":"Name","value":"replies"}}]}}]}}]} as unknown as DocumentNode<RestBatchSummaryFragment, unknown>;
export const RestTemplateFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestTemplateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Template"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"variables"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestTemplateFieldsFragment, unknown>;
export const RestContactFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestContactFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Contact"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"lid"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"firstSeenAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSeenAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastInboundAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastOutboundAt"}},{"kind":"Field","name":{"kind":"Name","value":"optedOut"}},{"kind":"Field","name":{"kind":"Name","value":"optedOutAt"}},{"kind":"Field","name":{"kind":"Name","value":"optOutReason"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"openUntil"}},{"kind":"Field","name":{"kind":"Name","value":"open"}}]}}]}}]} as unknown as DocumentNode<RestContactFieldsFragment, unknown>;
export const RestConsentSettingsFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestConsentSettingsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConsentSettings"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"useDefaultStopWords"}},{"kind":"Field","name":{"kind":"Name","value":"stopWords"}},{"kind":"Field","name":{"kind":"Name","value":"confirmationText"}},{"kind":"Field","name":{"kind":"Name","value":"defaultStopWords"}},{"kind":"Field","name":{"kind":"Name","value":"effectiveStopWords"}}]}}]} as unknown as DocumentNode<RestConsentSettingsFieldsFragment, unknown>;
export const RestConnectionFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestConnectionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AccountConnection"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"phoneNumber"}},{"kind":"Field","name":{"kind":"Name","value":"qr"}},{"kind":"Field","name":{"kind":"Name","value":"qrChangedAt"}},{"kind":"Field","name":{"kind":"Name","value":"pairingCode"}},{"kind":"Field","name":{"kind":"Name","value":"pairingPhone"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"verifiedName"}},{"kind":"Field","name":{"kind":"Name","value":"quality"}},{"kind":"Field","name":{"kind":"Name","value":"messagingTier"}}]}}]} as unknown as DocumentNode<RestConnectionFieldsFragment, unknown>;
export const RestWhatsAppTemplateFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestWhatsAppTemplateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WhatsAppTemplate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"headerFormat"}},{"kind":"Field","name":{"kind":"Name","value":"headerParameters"}},{"kind":"Field","name":{"kind":"Name","value":"bodyParameters"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"parameters"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusReason"}},{"kind":"Field","name":{"kind":"Name","value":"quality"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<RestWhatsAppTemplateFieldsFragment, unknown>;
export const HistorySendDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"HistorySend"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SendMessageInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendMessage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<HistorySendMutation, HistorySendMutationVariables>;
export const HistoryMessagesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"HistoryMessages"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"messages"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"sentAt"}},{"kind":"Field","name":{"kind":"Name","value":"batchId"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<HistoryMessagesQuery, HistoryMessagesQueryVariables>;
export const BenchSendDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BenchSend"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SendMessageInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendMessage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<BenchSendMutation, BenchSendMutationVariables>;
export const ExampleSendMessageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ExampleSendMessage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SendMessageInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendMessage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<ExampleSendMessageMutation, ExampleSendMessageMutationVariables>;
export const ExampleFollowMessageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ExampleFollowMessage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"messageStatus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"message"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sentAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}},{"kind":"Field","name":{"kind":"Name","value":"readAt"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]}}]}}]} as unknown as DocumentNode<ExampleFollowMessageSubscription, ExampleFollowMessageSubscriptionVariables>;
export const RestAccountsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestAccounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAccountFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAccountFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Account"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phoneNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"stateReason"}},{"kind":"Field","name":{"kind":"Name","value":"stateSince"}},{"kind":"Field","name":{"kind":"Name","value":"stateUntil"}},{"kind":"Field","name":{"kind":"Name","value":"slowedUntil"}},{"kind":"Field","name":{"kind":"Name","value":"slowFactor"}},{"kind":"Field","name":{"kind":"Name","value":"messagingTier"}},{"kind":"Field","name":{"kind":"Name","value":"quality"}},{"kind":"Field","name":{"kind":"Name","value":"todaySent"}},{"kind":"Field","name":{"kind":"Name","value":"monthSent"}},{"kind":"Field","name":{"kind":"Name","value":"dailyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"monthlyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"capabilities"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"kinds"}},{"kind":"Field","name":{"kind":"Name","value":"customerWindow"}}]}},{"kind":"Field","name":{"kind":"Name","value":"warmUp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startedOn"}},{"kind":"Field","name":{"kind":"Name","value":"day"}},{"kind":"Field","name":{"kind":"Name","value":"todayLimit"}},{"kind":"Field","name":{"kind":"Name","value":"ramp"}},{"kind":"Field","name":{"kind":"Name","value":"firstContactCap"}},{"kind":"Field","name":{"kind":"Name","value":"firstContactsToday"}}]}}]}}]} as unknown as DocumentNode<RestAccountsQuery, RestAccountsQueryVariables>;
export const RestBalanceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestBalance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"balance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"plan"}},{"kind":"Field","name":{"kind":"Name","value":"subscriptionEnds"}},{"kind":"Field","name":{"kind":"Name","value":"messages"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"used"}},{"kind":"Field","name":{"kind":"Name","value":"remaining"}}]}},{"kind":"Field","name":{"kind":"Name","value":"accounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"connected"}}]}}]}}]}}]} as unknown as DocumentNode<RestBalanceQuery, RestBalanceQueryVariables>;
export const RestAccountHealthDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestAccountHealth"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountHealth"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAccountFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"last24h"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestHealthFigures"}}]}},{"kind":"Field","name":{"kind":"Name","value":"last7d"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestHealthFigures"}}]}},{"kind":"Field","name":{"kind":"Name","value":"thresholds"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"optOutRatePercent"}},{"kind":"Field","name":{"kind":"Name","value":"undeliverableRatePercent"}},{"kind":"Field","name":{"kind":"Name","value":"failureRatePercent"}},{"kind":"Field","name":{"kind":"Name","value":"minSends"}}]}},{"kind":"Field","name":{"kind":"Name","value":"changes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"fromState"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"signal"}},{"kind":"Field","name":{"kind":"Name","value":"until"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAccountFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Account"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phoneNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"stateReason"}},{"kind":"Field","name":{"kind":"Name","value":"stateSince"}},{"kind":"Field","name":{"kind":"Name","value":"stateUntil"}},{"kind":"Field","name":{"kind":"Name","value":"slowedUntil"}},{"kind":"Field","name":{"kind":"Name","value":"slowFactor"}},{"kind":"Field","name":{"kind":"Name","value":"messagingTier"}},{"kind":"Field","name":{"kind":"Name","value":"quality"}},{"kind":"Field","name":{"kind":"Name","value":"todaySent"}},{"kind":"Field","name":{"kind":"Name","value":"monthSent"}},{"kind":"Field","name":{"kind":"Name","value":"dailyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"monthlyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"capabilities"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"kinds"}},{"kind":"Field","name":{"kind":"Name","value":"customerWindow"}}]}},{"kind":"Field","name":{"kind":"Name","value":"warmUp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startedOn"}},{"kind":"Field","name":{"kind":"Name","value":"day"}},{"kind":"Field","name":{"kind":"Name","value":"todayLimit"}},{"kind":"Field","name":{"kind":"Name","value":"ramp"}},{"kind":"Field","name":{"kind":"Name","value":"firstContactCap"}},{"kind":"Field","name":{"kind":"Name","value":"firstContactsToday"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestHealthFigures"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HealthFigures"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"undeliverable"}},{"kind":"Field","name":{"kind":"Name","value":"optOuts"}},{"kind":"Field","name":{"kind":"Name","value":"replies"}},{"kind":"Field","name":{"kind":"Name","value":"blockSignals"}},{"kind":"Field","name":{"kind":"Name","value":"failureRate"}},{"kind":"Field","name":{"kind":"Name","value":"undeliverableRate"}},{"kind":"Field","name":{"kind":"Name","value":"optOutRate"}},{"kind":"Field","name":{"kind":"Name","value":"replyRate"}}]}}]} as unknown as DocumentNode<RestAccountHealthQuery, RestAccountHealthQueryVariables>;
export const RestResumeAccountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestResumeAccount"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resumeAccount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAccountFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAccountFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Account"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phoneNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"stateReason"}},{"kind":"Field","name":{"kind":"Name","value":"stateSince"}},{"kind":"Field","name":{"kind":"Name","value":"stateUntil"}},{"kind":"Field","name":{"kind":"Name","value":"slowedUntil"}},{"kind":"Field","name":{"kind":"Name","value":"slowFactor"}},{"kind":"Field","name":{"kind":"Name","value":"messagingTier"}},{"kind":"Field","name":{"kind":"Name","value":"quality"}},{"kind":"Field","name":{"kind":"Name","value":"todaySent"}},{"kind":"Field","name":{"kind":"Name","value":"monthSent"}},{"kind":"Field","name":{"kind":"Name","value":"dailyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"monthlyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"capabilities"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"kinds"}},{"kind":"Field","name":{"kind":"Name","value":"customerWindow"}}]}},{"kind":"Field","name":{"kind":"Name","value":"warmUp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startedOn"}},{"kind":"Field","name":{"kind":"Name","value":"day"}},{"kind":"Field","name":{"kind":"Name","value":"todayLimit"}},{"kind":"Field","name":{"kind":"Name","value":"ramp"}},{"kind":"Field","name":{"kind":"Name","value":"firstContactCap"}},{"kind":"Field","name":{"kind":"Name","value":"firstContactsToday"}}]}}]}}]} as unknown as DocumentNode<RestResumeAccountMutation, RestResumeAccountMutationVariables>;
export const RestSetWarmUpDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestSetWarmUp"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"WarmUpInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setWarmUp"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAccountFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAccountFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Account"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phoneNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"stateReason"}},{"kind":"Field","name":{"kind":"Name","value":"stateSince"}},{"kind":"Field","name":{"kind":"Name","value":"stateUntil"}},{"kind":"Field","name":{"kind":"Name","value":"slowedUntil"}},{"kind":"Field","name":{"kind":"Name","value":"slowFactor"}},{"kind":"Field","name":{"kind":"Name","value":"messagingTier"}},{"kind":"Field","name":{"kind":"Name","value":"quality"}},{"kind":"Field","name":{"kind":"Name","value":"todaySent"}},{"kind":"Field","name":{"kind":"Name","value":"monthSent"}},{"kind":"Field","name":{"kind":"Name","value":"dailyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"monthlyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"capabilities"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"kinds"}},{"kind":"Field","name":{"kind":"Name","value":"customerWindow"}}]}},{"kind":"Field","name":{"kind":"Name","value":"warmUp"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startedOn"}},{"kind":"Field","name":{"kind":"Name","value":"day"}},{"kind":"Field","name":{"kind":"Name","value":"todayLimit"}},{"kind":"Field","name":{"kind":"Name","value":"ramp"}},{"kind":"Field","name":{"kind":"Name","value":"firstContactCap"}},{"kind":"Field","name":{"kind":"Name","value":"firstContactsToday"}}]}}]}}]} as unknown as DocumentNode<RestSetWarmUpMutation, RestSetWarmUpMutationVariables>;
export const RestHealthThresholdsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestHealthThresholds"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"healthThresholds"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"optOutRatePercent"}},{"kind":"Field","name":{"kind":"Name","value":"undeliverableRatePercent"}},{"kind":"Field","name":{"kind":"Name","value":"failureRatePercent"}},{"kind":"Field","name":{"kind":"Name","value":"minSends"}}]}}]}}]} as unknown as DocumentNode<RestHealthThresholdsQuery, RestHealthThresholdsQueryVariables>;
export const RestSetHealthThresholdsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestSetHealthThresholds"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"HealthThresholdsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setHealthThresholds"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"optOutRatePercent"}},{"kind":"Field","name":{"kind":"Name","value":"undeliverableRatePercent"}},{"kind":"Field","name":{"kind":"Name","value":"failureRatePercent"}},{"kind":"Field","name":{"kind":"Name","value":"minSends"}}]}}]}}]} as unknown as DocumentNode<RestSetHealthThresholdsMutation, RestSetHealthThresholdsMutationVariables>;
export const RestAuditEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestAuditEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"actor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"action"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"target"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"since"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"until"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"auditEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"actor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"actor"}}},{"kind":"Argument","name":{"kind":"Name","value":"action"},"value":{"kind":"Variable","name":{"kind":"Name","value":"action"}}},{"kind":"Argument","name":{"kind":"Name","value":"target"},"value":{"kind":"Variable","name":{"kind":"Name","value":"target"}}},{"kind":"Argument","name":{"kind":"Name","value":"since"},"value":{"kind":"Variable","name":{"kind":"Name","value":"since"}}},{"kind":"Argument","name":{"kind":"Name","value":"until"},"value":{"kind":"Variable","name":{"kind":"Name","value":"until"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"target"}},{"kind":"Field","name":{"kind":"Name","value":"before"}},{"kind":"Field","name":{"kind":"Name","value":"after"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"userAgent"}},{"kind":"Field","name":{"kind":"Name","value":"requestId"}},{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"prevHash"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<RestAuditEventsQuery, RestAuditEventsQueryVariables>;
export const RestAutomationRulesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestAutomationRules"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"automationRules"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationRuleFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestRuleContentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"media"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}},{"kind":"Field","name":{"kind":"Name","value":"mimetype"}},{"kind":"Field","name":{"kind":"Name","value":"voice"}}]}},{"kind":"Field","name":{"kind":"Name","value":"location"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"latitude"}},{"kind":"Field","name":{"kind":"Name","value":"longitude"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"address"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contacts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phones"}},{"kind":"Field","name":{"kind":"Name","value":"emails"}},{"kind":"Field","name":{"kind":"Name","value":"organization"}}]}},{"kind":"Field","name":{"kind":"Name","value":"interactive"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"header"}},{"kind":"Field","name":{"kind":"Name","value":"footer"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"button"}},{"kind":"Field","name":{"kind":"Name","value":"sections"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"whatsappTemplate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"header"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationMenuOption"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"reply"}},{"kind":"Field","name":{"kind":"Name","value":"handover"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationMenuFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationMenu"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"style"}},{"kind":"Field","name":{"kind":"Name","value":"button"}},{"kind":"Field","name":{"kind":"Name","value":"back"}},{"kind":"Field","name":{"kind":"Name","value":"timeout"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}}]}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationRuleFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"trigger"}},{"kind":"Field","name":{"kind":"Name","value":"keyword"}},{"kind":"Field","name":{"kind":"Name","value":"pattern"}},{"kind":"Field","name":{"kind":"Name","value":"replyId"}},{"kind":"Field","name":{"kind":"Name","value":"accountIds"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestRuleContentFields"}},{"kind":"Field","name":{"kind":"Name","value":"botUrl"}},{"kind":"Field","name":{"kind":"Name","value":"botKind"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cooldownSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestAutomationRulesQuery, RestAutomationRulesQueryVariables>;
export const RestAutomationRuleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestAutomationRule"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"automationRule"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationRuleFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestRuleContentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"media"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}},{"kind":"Field","name":{"kind":"Name","value":"mimetype"}},{"kind":"Field","name":{"kind":"Name","value":"voice"}}]}},{"kind":"Field","name":{"kind":"Name","value":"location"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"latitude"}},{"kind":"Field","name":{"kind":"Name","value":"longitude"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"address"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contacts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phones"}},{"kind":"Field","name":{"kind":"Name","value":"emails"}},{"kind":"Field","name":{"kind":"Name","value":"organization"}}]}},{"kind":"Field","name":{"kind":"Name","value":"interactive"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"header"}},{"kind":"Field","name":{"kind":"Name","value":"footer"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"button"}},{"kind":"Field","name":{"kind":"Name","value":"sections"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"whatsappTemplate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"header"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationMenuOption"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"reply"}},{"kind":"Field","name":{"kind":"Name","value":"handover"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationMenuFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationMenu"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"style"}},{"kind":"Field","name":{"kind":"Name","value":"button"}},{"kind":"Field","name":{"kind":"Name","value":"back"}},{"kind":"Field","name":{"kind":"Name","value":"timeout"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}}]}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationRuleFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"trigger"}},{"kind":"Field","name":{"kind":"Name","value":"keyword"}},{"kind":"Field","name":{"kind":"Name","value":"pattern"}},{"kind":"Field","name":{"kind":"Name","value":"replyId"}},{"kind":"Field","name":{"kind":"Name","value":"accountIds"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestRuleContentFields"}},{"kind":"Field","name":{"kind":"Name","value":"botUrl"}},{"kind":"Field","name":{"kind":"Name","value":"botKind"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cooldownSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestAutomationRuleQuery, RestAutomationRuleQueryVariables>;
export const RestCreateAutomationRuleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestCreateAutomationRule"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateAutomationRuleInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createAutomationRule"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rule"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationRuleFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"botSecret"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestRuleContentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"media"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}},{"kind":"Field","name":{"kind":"Name","value":"mimetype"}},{"kind":"Field","name":{"kind":"Name","value":"voice"}}]}},{"kind":"Field","name":{"kind":"Name","value":"location"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"latitude"}},{"kind":"Field","name":{"kind":"Name","value":"longitude"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"address"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contacts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phones"}},{"kind":"Field","name":{"kind":"Name","value":"emails"}},{"kind":"Field","name":{"kind":"Name","value":"organization"}}]}},{"kind":"Field","name":{"kind":"Name","value":"interactive"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"header"}},{"kind":"Field","name":{"kind":"Name","value":"footer"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"button"}},{"kind":"Field","name":{"kind":"Name","value":"sections"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"whatsappTemplate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"header"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationMenuOption"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"reply"}},{"kind":"Field","name":{"kind":"Name","value":"handover"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationMenuFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationMenu"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"style"}},{"kind":"Field","name":{"kind":"Name","value":"button"}},{"kind":"Field","name":{"kind":"Name","value":"back"}},{"kind":"Field","name":{"kind":"Name","value":"timeout"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}}]}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationRuleFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"trigger"}},{"kind":"Field","name":{"kind":"Name","value":"keyword"}},{"kind":"Field","name":{"kind":"Name","value":"pattern"}},{"kind":"Field","name":{"kind":"Name","value":"replyId"}},{"kind":"Field","name":{"kind":"Name","value":"accountIds"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestRuleContentFields"}},{"kind":"Field","name":{"kind":"Name","value":"botUrl"}},{"kind":"Field","name":{"kind":"Name","value":"botKind"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cooldownSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestCreateAutomationRuleMutation, RestCreateAutomationRuleMutationVariables>;
export const RestUpdateAutomationRuleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestUpdateAutomationRule"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateAutomationRuleInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateAutomationRule"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rule"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationRuleFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"botSecret"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestRuleContentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"media"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}},{"kind":"Field","name":{"kind":"Name","value":"mimetype"}},{"kind":"Field","name":{"kind":"Name","value":"voice"}}]}},{"kind":"Field","name":{"kind":"Name","value":"location"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"latitude"}},{"kind":"Field","name":{"kind":"Name","value":"longitude"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"address"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contacts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phones"}},{"kind":"Field","name":{"kind":"Name","value":"emails"}},{"kind":"Field","name":{"kind":"Name","value":"organization"}}]}},{"kind":"Field","name":{"kind":"Name","value":"interactive"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"header"}},{"kind":"Field","name":{"kind":"Name","value":"footer"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"button"}},{"kind":"Field","name":{"kind":"Name","value":"sections"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"whatsappTemplate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"header"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationMenuOption"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"reply"}},{"kind":"Field","name":{"kind":"Name","value":"handover"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationMenuFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationMenu"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"style"}},{"kind":"Field","name":{"kind":"Name","value":"button"}},{"kind":"Field","name":{"kind":"Name","value":"back"}},{"kind":"Field","name":{"kind":"Name","value":"timeout"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}}]}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationRuleFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"trigger"}},{"kind":"Field","name":{"kind":"Name","value":"keyword"}},{"kind":"Field","name":{"kind":"Name","value":"pattern"}},{"kind":"Field","name":{"kind":"Name","value":"replyId"}},{"kind":"Field","name":{"kind":"Name","value":"accountIds"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestRuleContentFields"}},{"kind":"Field","name":{"kind":"Name","value":"botUrl"}},{"kind":"Field","name":{"kind":"Name","value":"botKind"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cooldownSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestUpdateAutomationRuleMutation, RestUpdateAutomationRuleMutationVariables>;
export const RestDeleteAutomationRuleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestDeleteAutomationRule"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteAutomationRule"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rule"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationRuleFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestRuleContentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"media"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}},{"kind":"Field","name":{"kind":"Name","value":"mimetype"}},{"kind":"Field","name":{"kind":"Name","value":"voice"}}]}},{"kind":"Field","name":{"kind":"Name","value":"location"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"latitude"}},{"kind":"Field","name":{"kind":"Name","value":"longitude"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"address"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contacts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phones"}},{"kind":"Field","name":{"kind":"Name","value":"emails"}},{"kind":"Field","name":{"kind":"Name","value":"organization"}}]}},{"kind":"Field","name":{"kind":"Name","value":"interactive"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"header"}},{"kind":"Field","name":{"kind":"Name","value":"footer"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"button"}},{"kind":"Field","name":{"kind":"Name","value":"sections"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"whatsappTemplate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"header"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationMenuOption"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"reply"}},{"kind":"Field","name":{"kind":"Name","value":"handover"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationMenuFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationMenu"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"style"}},{"kind":"Field","name":{"kind":"Name","value":"button"}},{"kind":"Field","name":{"kind":"Name","value":"back"}},{"kind":"Field","name":{"kind":"Name","value":"timeout"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}}]}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationRuleFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"trigger"}},{"kind":"Field","name":{"kind":"Name","value":"keyword"}},{"kind":"Field","name":{"kind":"Name","value":"pattern"}},{"kind":"Field","name":{"kind":"Name","value":"replyId"}},{"kind":"Field","name":{"kind":"Name","value":"accountIds"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestRuleContentFields"}},{"kind":"Field","name":{"kind":"Name","value":"botUrl"}},{"kind":"Field","name":{"kind":"Name","value":"botKind"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cooldownSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestDeleteAutomationRuleMutation, RestDeleteAutomationRuleMutationVariables>;
export const RestAutomationTrialDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestAutomationTrial"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationTrialInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"automationTrial"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rule"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationRuleFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"draft"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"handover"}},{"kind":"Field","name":{"kind":"Name","value":"media"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}},{"kind":"Field","name":{"kind":"Name","value":"mimetype"}},{"kind":"Field","name":{"kind":"Name","value":"voice"}}]}},{"kind":"Field","name":{"kind":"Name","value":"location"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"latitude"}},{"kind":"Field","name":{"kind":"Name","value":"longitude"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"address"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contacts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phones"}},{"kind":"Field","name":{"kind":"Name","value":"emails"}},{"kind":"Field","name":{"kind":"Name","value":"organization"}}]}},{"kind":"Field","name":{"kind":"Name","value":"interactive"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"header"}},{"kind":"Field","name":{"kind":"Name","value":"footer"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"button"}},{"kind":"Field","name":{"kind":"Name","value":"sections"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"whatsappTemplate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"header"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestRuleContentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"media"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}},{"kind":"Field","name":{"kind":"Name","value":"mimetype"}},{"kind":"Field","name":{"kind":"Name","value":"voice"}}]}},{"kind":"Field","name":{"kind":"Name","value":"location"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"latitude"}},{"kind":"Field","name":{"kind":"Name","value":"longitude"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"address"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contacts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phones"}},{"kind":"Field","name":{"kind":"Name","value":"emails"}},{"kind":"Field","name":{"kind":"Name","value":"organization"}}]}},{"kind":"Field","name":{"kind":"Name","value":"interactive"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"header"}},{"kind":"Field","name":{"kind":"Name","value":"footer"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"button"}},{"kind":"Field","name":{"kind":"Name","value":"sections"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"whatsappTemplate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"header"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"filename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationMenuOption"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"reply"}},{"kind":"Field","name":{"kind":"Name","value":"handover"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationMenuFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationMenu"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"style"}},{"kind":"Field","name":{"kind":"Name","value":"button"}},{"kind":"Field","name":{"kind":"Name","value":"back"}},{"kind":"Field","name":{"kind":"Name","value":"timeout"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuOptionFields"}}]}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestAutomationRuleFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AutomationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"trigger"}},{"kind":"Field","name":{"kind":"Name","value":"keyword"}},{"kind":"Field","name":{"kind":"Name","value":"pattern"}},{"kind":"Field","name":{"kind":"Name","value":"replyId"}},{"kind":"Field","name":{"kind":"Name","value":"accountIds"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestRuleContentFields"}},{"kind":"Field","name":{"kind":"Name","value":"botUrl"}},{"kind":"Field","name":{"kind":"Name","value":"botKind"}},{"kind":"Field","name":{"kind":"Name","value":"menu"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestAutomationMenuFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cooldownSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestAutomationTrialQuery, RestAutomationTrialQueryVariables>;
export const RestSendBulkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestSendBulk"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SendBulkInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendBulk"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"queued"}},{"kind":"Field","name":{"kind":"Name","value":"sendAt"}},{"kind":"Field","name":{"kind":"Name","value":"messages"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"to"}}]}},{"kind":"Field","name":{"kind":"Name","value":"skipped"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}}]}}]}}]} as unknown as DocumentNode<RestSendBulkMutation, RestSendBulkMutationVariables>;
export const RestBatchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestBatch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batch"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestBatchSummary"}},{"kind":"Field","name":{"kind":"Name","value":"messages"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"sentAt"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestBatchSummary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Batch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"finished"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"sendAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"firstSentAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSentAt"}},{"kind":"Field","name":{"kind":"Name","value":"counts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pending"}},{"kind":"Field","name":{"kind":"Name","value":"sending"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"cancelled"}},{"kind":"Field","name":{"kind":"Name","value":"expired"}},{"kind":"Field","name":{"kind":"Name","value":"optedOut"}},{"kind":"Field","name":{"kind":"Name","value":"delivered"}},{"kind":"Field","name":{"kind":"Name","value":"read"}},{"kind":"Field","name":{"kind":"Name","value":"replies"}}]}}]}}]} as unknown as DocumentNode<RestBatchQuery, RestBatchQueryVariables>;
export const RestBatchesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestBatches"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"state"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"BatchState"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batches"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"state"},"value":{"kind":"Variable","name":{"kind":"Name","value":"state"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestBatchSummary"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestBatchSummary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Batch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"finished"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"sendAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"firstSentAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSentAt"}},{"kind":"Field","name":{"kind":"Name","value":"counts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pending"}},{"kind":"Field","name":{"kind":"Name","value":"sending"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"cancelled"}},{"kind":"Field","name":{"kind":"Name","value":"expired"}},{"kind":"Field","name":{"kind":"Name","value":"optedOut"}},{"kind":"Field","name":{"kind":"Name","value":"delivered"}},{"kind":"Field","name":{"kind":"Name","value":"read"}},{"kind":"Field","name":{"kind":"Name","value":"replies"}}]}}]}}]} as unknown as DocumentNode<RestBatchesQuery, RestBatchesQueryVariables>;
export const RestCancelBatchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestCancelBatch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelBatch"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelled"}},{"kind":"Field","name":{"kind":"Name","value":"inFlight"}},{"kind":"Field","name":{"kind":"Name","value":"batch"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"counts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pending"}},{"kind":"Field","name":{"kind":"Name","value":"sending"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"cancelled"}},{"kind":"Field","name":{"kind":"Name","value":"expired"}},{"kind":"Field","name":{"kind":"Name","value":"optedOut"}},{"kind":"Field","name":{"kind":"Name","value":"delivered"}},{"kind":"Field","name":{"kind":"Name","value":"read"}},{"kind":"Field","name":{"kind":"Name","value":"replies"}}]}}]}}]}}]}}]} as unknown as DocumentNode<RestCancelBatchMutation, RestCancelBatchMutationVariables>;
export const RestPlansDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestPlans"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"plans"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"messagesPerMonth"}},{"kind":"Field","name":{"kind":"Name","value":"numbers"}},{"kind":"Field","name":{"kind":"Name","value":"users"}},{"kind":"Field","name":{"kind":"Name","value":"monthly"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"net"}},{"kind":"Field","name":{"kind":"Name","value":"vat"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"yearly"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"net"}},{"kind":"Field","name":{"kind":"Name","value":"vat"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}}]}}]} as unknown as DocumentNode<RestPlansQuery, RestPlansQueryVariables>;
export const RestBillingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestBilling"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"billing"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"plan"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"messagesPerMonth"}},{"kind":"Field","name":{"kind":"Name","value":"numbers"}},{"kind":"Field","name":{"kind":"Name","value":"users"}},{"kind":"Field","name":{"kind":"Name","value":"monthly"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"net"}},{"kind":"Field","name":{"kind":"Name","value":"vat"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"yearly"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"net"}},{"kind":"Field","name":{"kind":"Name","value":"vat"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"interval"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"periodStart"}},{"kind":"Field","name":{"kind":"Name","value":"periodEnd"}},{"kind":"Field","name":{"kind":"Name","value":"daysLeft"}},{"kind":"Field","name":{"kind":"Name","value":"graceUntil"}},{"kind":"Field","name":{"kind":"Name","value":"pendingPlan"}},{"kind":"Field","name":{"kind":"Name","value":"messages"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"used"}},{"kind":"Field","name":{"kind":"Name","value":"allowance"}}]}},{"kind":"Field","name":{"kind":"Name","value":"numbers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"used"}},{"kind":"Field","name":{"kind":"Name","value":"allowance"}}]}},{"kind":"Field","name":{"kind":"Name","value":"card"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"brand"}},{"kind":"Field","name":{"kind":"Name","value":"last4"}}]}}]}}]}}]} as unknown as DocumentNode<RestBillingQuery, RestBillingQueryVariables>;
export const RestCheckoutDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestCheckout"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"plan"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"interval"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkout"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"plan"},"value":{"kind":"Variable","name":{"kind":"Name","value":"plan"}}},{"kind":"Argument","name":{"kind":"Name","value":"interval"},"value":{"kind":"Variable","name":{"kind":"Name","value":"interval"}}},{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"paymentId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"redirectUrl"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}}]} as unknown as DocumentNode<RestCheckoutMutation, RestCheckoutMutationVariables>;
export const RestChangePlanDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestChangePlan"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"plan"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"changePlan"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"plan"},"value":{"kind":"Variable","name":{"kind":"Name","value":"plan"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"effectiveOn"}},{"kind":"Field","name":{"kind":"Name","value":"paymentId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<RestChangePlanMutation, RestChangePlanMutationVariables>;
export const RestTopUpDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestTopUp"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"pack"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"topUp"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"pack"},"value":{"kind":"Variable","name":{"kind":"Name","value":"pack"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"paymentId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"redirectUrl"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}}]} as unknown as DocumentNode<RestTopUpMutation, RestTopUpMutationVariables>;
export const RestTemplatesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestTemplates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestTemplateFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestTemplateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Template"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"variables"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestTemplatesQuery, RestTemplatesQueryVariables>;
export const RestTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"template"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestTemplateFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestTemplateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Template"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"variables"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestTemplateQuery, RestTemplateQueryVariables>;
export const RestCreateTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestCreateTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTemplateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"template"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestTemplateFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestTemplateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Template"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"variables"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestCreateTemplateMutation, RestCreateTemplateMutationVariables>;
export const RestUpdateTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestUpdateTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateTemplateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"template"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestTemplateFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestTemplateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Template"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"variables"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestUpdateTemplateMutation, RestUpdateTemplateMutationVariables>;
export const RestDeleteTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestDeleteTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"force"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"force"},"value":{"kind":"Variable","name":{"kind":"Name","value":"force"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"queuedMessages"}},{"kind":"Field","name":{"kind":"Name","value":"template"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestTemplateFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestTemplateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Template"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"variables"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestDeleteTemplateMutation, RestDeleteTemplateMutationVariables>;
export const RestSendWindowDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestSendWindow"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendWindow"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"timeZone"}},{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}}]}}]}}]} as unknown as DocumentNode<RestSendWindowQuery, RestSendWindowQueryVariables>;
export const RestSetSendWindowDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestSetSendWindow"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SendWindowInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setSendWindow"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendWindow"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"timeZone"}},{"kind":"Field","name":{"kind":"Name","value":"days"}},{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}}]}}]}}]}}]} as unknown as DocumentNode<RestSetSendWindowMutation, RestSetSendWindowMutationVariables>;
export const RestChatwootBridgeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestChatwootBridge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chatwootBridge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"baseUrl"}},{"kind":"Field","name":{"kind":"Name","value":"chatwootAccountId"}},{"kind":"Field","name":{"kind":"Name","value":"inboxId"}},{"kind":"Field","name":{"kind":"Name","value":"accountIds"}},{"kind":"Field","name":{"kind":"Name","value":"webhooksSigned"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"relay"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"toChatwoot"}},{"kind":"Field","name":{"kind":"Name","value":"toWhatsapp"}},{"kind":"Field","name":{"kind":"Name","value":"failedPosts"}},{"kind":"Field","name":{"kind":"Name","value":"oldestWaitingAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastPostedAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"lastErrorAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"failedPosts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"inboundMessageId"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"failedAt"}}]}}]}}]}}]} as unknown as DocumentNode<RestChatwootBridgeQuery, RestChatwootBridgeQueryVariables>;
export const RestConnectChatwootDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestConnectChatwoot"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ConnectChatwootInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"connectChatwoot"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookUrl"}},{"kind":"Field","name":{"kind":"Name","value":"bridge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"baseUrl"}},{"kind":"Field","name":{"kind":"Name","value":"chatwootAccountId"}},{"kind":"Field","name":{"kind":"Name","value":"inboxId"}},{"kind":"Field","name":{"kind":"Name","value":"accountIds"}},{"kind":"Field","name":{"kind":"Name","value":"webhooksSigned"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]}}]} as unknown as DocumentNode<RestConnectChatwootMutation, RestConnectChatwootMutationVariables>;
export const RestRetryChatwootPostsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestRetryChatwootPosts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ids"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryChatwootPosts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ids"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ids"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retried"}}]}}]}}]} as unknown as DocumentNode<RestRetryChatwootPostsMutation, RestRetryChatwootPostsMutationVariables>;
export const RestDisconnectChatwootDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestDisconnectChatwoot"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"disconnectChatwoot"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bridge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"baseUrl"}},{"kind":"Field","name":{"kind":"Name","value":"chatwootAccountId"}},{"kind":"Field","name":{"kind":"Name","value":"inboxId"}},{"kind":"Field","name":{"kind":"Name","value":"accountIds"}},{"kind":"Field","name":{"kind":"Name","value":"webhooksSigned"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]}}]} as unknown as DocumentNode<RestDisconnectChatwootMutation, RestDisconnectChatwootMutationVariables>;
export const RestContactsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestContacts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"optedOut"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contacts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}},{"kind":"Argument","name":{"kind":"Name","value":"optedOut"},"value":{"kind":"Variable","name":{"kind":"Name","value":"optedOut"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestContactFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestContactFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Contact"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"lid"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"firstSeenAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSeenAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastInboundAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastOutboundAt"}},{"kind":"Field","name":{"kind":"Name","value":"optedOut"}},{"kind":"Field","name":{"kind":"Name","value":"optedOutAt"}},{"kind":"Field","name":{"kind":"Name","value":"optOutReason"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"openUntil"}},{"kind":"Field","name":{"kind":"Name","value":"open"}}]}}]}}]} as unknown as DocumentNode<RestContactsQuery, RestContactsQueryVariables>;
export const RestContactDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestContact"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"phone"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contact"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"phone"},"value":{"kind":"Variable","name":{"kind":"Name","value":"phone"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestContactFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestContactFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Contact"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"lid"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"firstSeenAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSeenAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastInboundAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastOutboundAt"}},{"kind":"Field","name":{"kind":"Name","value":"optedOut"}},{"kind":"Field","name":{"kind":"Name","value":"optedOutAt"}},{"kind":"Field","name":{"kind":"Name","value":"optOutReason"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"openUntil"}},{"kind":"Field","name":{"kind":"Name","value":"open"}}]}}]}}]} as unknown as DocumentNode<RestContactQuery, RestContactQueryVariables>;
export const RestSetContactNameDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestSetContactName"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"phone"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setContactName"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"phone"},"value":{"kind":"Variable","name":{"kind":"Name","value":"phone"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestContactFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestContactFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Contact"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"lid"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"firstSeenAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSeenAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastInboundAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastOutboundAt"}},{"kind":"Field","name":{"kind":"Name","value":"optedOut"}},{"kind":"Field","name":{"kind":"Name","value":"optedOutAt"}},{"kind":"Field","name":{"kind":"Name","value":"optOutReason"}},{"kind":"Field","name":{"kind":"Name","value":"windows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"openUntil"}},{"kind":"Field","name":{"kind":"Name","value":"open"}}]}}]}}]} as unknown as DocumentNode<RestSetContactNameMutation, RestSetContactNameMutationVariables>;
export const RestOptOutContactsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestOptOutContacts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"numbers"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"optOutContacts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"numbers"},"value":{"kind":"Variable","name":{"kind":"Name","value":"numbers"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"optedOut"}},{"kind":"Field","name":{"kind":"Name","value":"already"}},{"kind":"Field","name":{"kind":"Name","value":"cancelled"}},{"kind":"Field","name":{"kind":"Name","value":"inFlight"}},{"kind":"Field","name":{"kind":"Name","value":"invalid"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}}]} as unknown as DocumentNode<RestOptOutContactsMutation, RestOptOutContactsMutationVariables>;
export const RestImportSuppressionListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestImportSuppressionList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"numbers"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"importSuppressionList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"numbers"},"value":{"kind":"Variable","name":{"kind":"Name","value":"numbers"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"optedOut"}},{"kind":"Field","name":{"kind":"Name","value":"already"}},{"kind":"Field","name":{"kind":"Name","value":"cancelled"}},{"kind":"Field","name":{"kind":"Name","value":"inFlight"}},{"kind":"Field","name":{"kind":"Name","value":"invalid"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}}]} as unknown as DocumentNode<RestImportSuppressionListMutation, RestImportSuppressionListMutationVariables>;
export const RestOptInContactsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestOptInContacts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"numbers"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"optInContacts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"numbers"},"value":{"kind":"Variable","name":{"kind":"Name","value":"numbers"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"optedIn"}},{"kind":"Field","name":{"kind":"Name","value":"invalid"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}}]} as unknown as DocumentNode<RestOptInContactsMutation, RestOptInContactsMutationVariables>;
export const RestConsentSettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestConsentSettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"consentSettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestConsentSettingsFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestConsentSettingsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConsentSettings"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"useDefaultStopWords"}},{"kind":"Field","name":{"kind":"Name","value":"stopWords"}},{"kind":"Field","name":{"kind":"Name","value":"confirmationText"}},{"kind":"Field","name":{"kind":"Name","value":"defaultStopWords"}},{"kind":"Field","name":{"kind":"Name","value":"effectiveStopWords"}}]}}]} as unknown as DocumentNode<RestConsentSettingsQuery, RestConsentSettingsQueryVariables>;
export const RestSetConsentSettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestSetConsentSettings"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"useDefaultStopWords"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"stopWords"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"confirmationText"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setConsentSettings"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"useDefaultStopWords"},"value":{"kind":"Variable","name":{"kind":"Name","value":"useDefaultStopWords"}}},{"kind":"Argument","name":{"kind":"Name","value":"stopWords"},"value":{"kind":"Variable","name":{"kind":"Name","value":"stopWords"}}},{"kind":"Argument","name":{"kind":"Name","value":"confirmationText"},"value":{"kind":"Variable","name":{"kind":"Name","value":"confirmationText"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestConsentSettingsFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestConsentSettingsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConsentSettings"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"useDefaultStopWords"}},{"kind":"Field","name":{"kind":"Name","value":"stopWords"}},{"kind":"Field","name":{"kind":"Name","value":"confirmationText"}},{"kind":"Field","name":{"kind":"Name","value":"defaultStopWords"}},{"kind":"Field","name":{"kind":"Name","value":"effectiveStopWords"}}]}}]} as unknown as DocumentNode<RestSetConsentSettingsMutation, RestSetConsentSettingsMutationVariables>;
export const RestEraseContactDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestEraseContact"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"number"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eraseContact"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"number"},"value":{"kind":"Variable","name":{"kind":"Name","value":"number"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"erasureId"}},{"kind":"Field","name":{"kind":"Name","value":"messages"}},{"kind":"Field","name":{"kind":"Name","value":"inboundMessages"}},{"kind":"Field","name":{"kind":"Name","value":"contacts"}},{"kind":"Field","name":{"kind":"Name","value":"cancelled"}},{"kind":"Field","name":{"kind":"Name","value":"inFlight"}},{"kind":"Field","name":{"kind":"Name","value":"webhookDeliveries"}},{"kind":"Field","name":{"kind":"Name","value":"idempotencyRecords"}},{"kind":"Field","name":{"kind":"Name","value":"batches"}},{"kind":"Field","name":{"kind":"Name","value":"auditEvents"}},{"kind":"Field","name":{"kind":"Name","value":"chatwootRecords"}},{"kind":"Field","name":{"kind":"Name","value":"suppressionKept"}}]}}]}}]} as unknown as DocumentNode<RestEraseContactMutation, RestEraseContactMutationVariables>;
export const RestStartExportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestStartExport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"StartExportInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startExport"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"export"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"from"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"rowsDone"}},{"kind":"Field","name":{"kind":"Name","value":"rowsTotal"}},{"kind":"Field","name":{"kind":"Name","value":"progress"}},{"kind":"Field","name":{"kind":"Name","value":"bytes"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"downloadPath"}}]}}]}}]}}]} as unknown as DocumentNode<RestStartExportMutation, RestStartExportMutationVariables>;
export const RestExportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestExport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"export"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"from"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"rowsDone"}},{"kind":"Field","name":{"kind":"Name","value":"rowsTotal"}},{"kind":"Field","name":{"kind":"Name","value":"progress"}},{"kind":"Field","name":{"kind":"Name","value":"bytes"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"downloadPath"}}]}}]}}]} as unknown as DocumentNode<RestExportQuery, RestExportQueryVariables>;
export const RestExportsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestExports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"from"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"rowsDone"}},{"kind":"Field","name":{"kind":"Name","value":"rowsTotal"}},{"kind":"Field","name":{"kind":"Name","value":"progress"}},{"kind":"Field","name":{"kind":"Name","value":"bytes"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"downloadPath"}}]}}]}}]} as unknown as DocumentNode<RestExportsQuery, RestExportsQueryVariables>;
export const RestInboundMessagesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestInboundMessages"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"InboundMessageFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inboundMessages"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"providerMessageId"}},{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"from"}},{"kind":"Field","name":{"kind":"Name","value":"fromLid"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"mediaUrl"}},{"kind":"Field","name":{"kind":"Name","value":"mediaId"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"latitude"}},{"kind":"Field","name":{"kind":"Name","value":"longitude"}},{"kind":"Field","name":{"kind":"Name","value":"replyToProviderId"}},{"kind":"Field","name":{"kind":"Name","value":"inReplyTo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"optOut"}},{"kind":"Field","name":{"kind":"Name","value":"sentAt"}},{"kind":"Field","name":{"kind":"Name","value":"receivedAt"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<RestInboundMessagesQuery, RestInboundMessagesQueryVariables>;
export const RestInvoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestInvoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"issuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"seller"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"vatNumber"}}]}},{"kind":"Field","name":{"kind":"Name","value":"buyer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"vatNumber"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionAr"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionEn"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitHalalas"}},{"kind":"Field","name":{"kind":"Name","value":"netHalalas"}},{"kind":"Field","name":{"kind":"Name","value":"vatHalalas"}}]}},{"kind":"Field","name":{"kind":"Name","value":"subtotalHalalas"}},{"kind":"Field","name":{"kind":"Name","value":"vatHalalas"}},{"kind":"Field","name":{"kind":"Name","value":"totalHalalas"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"creditFor"}},{"kind":"Field","name":{"kind":"Name","value":"paymentProvider"}},{"kind":"Field","name":{"kind":"Name","value":"paymentReference"}},{"kind":"Field","name":{"kind":"Name","value":"pdfPath"}}]}}]}}]} as unknown as DocumentNode<RestInvoiceQuery, RestInvoiceQueryVariables>;
export const RestInvoicesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestInvoices"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoices"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"issuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"seller"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"vatNumber"}}]}},{"kind":"Field","name":{"kind":"Name","value":"buyer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"vatNumber"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionAr"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionEn"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitHalalas"}},{"kind":"Field","name":{"kind":"Name","value":"netHalalas"}},{"kind":"Field","name":{"kind":"Name","value":"vatHalalas"}}]}},{"kind":"Field","name":{"kind":"Name","value":"subtotalHalalas"}},{"kind":"Field","name":{"kind":"Name","value":"vatHalalas"}},{"kind":"Field","name":{"kind":"Name","value":"totalHalalas"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"creditFor"}},{"kind":"Field","name":{"kind":"Name","value":"paymentProvider"}},{"kind":"Field","name":{"kind":"Name","value":"paymentReference"}},{"kind":"Field","name":{"kind":"Name","value":"pdfPath"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<RestInvoicesQuery, RestInvoicesQueryVariables>;
export const RestApiKeysDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestApiKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"accountIds"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rotatedFromId"}}]}}]}}]} as unknown as DocumentNode<RestApiKeysQuery, RestApiKeysQueryVariables>;
export const RestCreateApiKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestCreateApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateApiKeyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"key"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"accountIds"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rotatedFromId"}}]}}]}}]}}]} as unknown as DocumentNode<RestCreateApiKeyMutation, RestCreateApiKeyMutationVariables>;
export const RestRevokeApiKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestRevokeApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"accountIds"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rotatedFromId"}}]}}]}}]}}]} as unknown as DocumentNode<RestRevokeApiKeyMutation, RestRevokeApiKeyMutationVariables>;
export const RestRotateApiKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestRotateApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"overlapSeconds"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rotateApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"overlapSeconds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"overlapSeconds"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"key"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"accountIds"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rotatedFromId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"previous"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"accountIds"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rotatedFromId"}}]}}]}}]}}]} as unknown as DocumentNode<RestRotateApiKeyMutation, RestRotateApiKeyMutationVariables>;
export const RestSendMessageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestSendMessage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SendMessageInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendMessage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}}]}}]}}]}}]} as unknown as DocumentNode<RestSendMessageMutation, RestSendMessageMutationVariables>;
export const RestMessageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestMessage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"sentAt"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}},{"kind":"Field","name":{"kind":"Name","value":"readAt"}}]}}]}}]} as unknown as DocumentNode<RestMessageQuery, RestMessageQueryVariables>;
export const RestCancelMessageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestCancelMessage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelMessage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelled"}},{"kind":"Field","name":{"kind":"Name","value":"inFlight"}},{"kind":"Field","name":{"kind":"Name","value":"message"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]}}]}}]} as unknown as DocumentNode<RestCancelMessageMutation, RestCancelMessageMutationVariables>;
export const RestRetryMessageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestRetryMessage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryMessage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<RestRetryMessageMutation, RestRetryMessageMutationVariables>;
export const RestConnectAccountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestConnectAccount"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ConnectAccountInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"connectAccount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestConnectionFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestConnectionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AccountConnection"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"phoneNumber"}},{"kind":"Field","name":{"kind":"Name","value":"qr"}},{"kind":"Field","name":{"kind":"Name","value":"qrChangedAt"}},{"kind":"Field","name":{"kind":"Name","value":"pairingCode"}},{"kind":"Field","name":{"kind":"Name","value":"pairingPhone"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"verifiedName"}},{"kind":"Field","name":{"kind":"Name","value":"quality"}},{"kind":"Field","name":{"kind":"Name","value":"messagingTier"}}]}}]} as unknown as DocumentNode<RestConnectAccountMutation, RestConnectAccountMutationVariables>;
export const RestAccountConnectionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestAccountConnection"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestConnectionFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestConnectionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AccountConnection"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"phoneNumber"}},{"kind":"Field","name":{"kind":"Name","value":"qr"}},{"kind":"Field","name":{"kind":"Name","value":"qrChangedAt"}},{"kind":"Field","name":{"kind":"Name","value":"pairingCode"}},{"kind":"Field","name":{"kind":"Name","value":"pairingPhone"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"verifiedName"}},{"kind":"Field","name":{"kind":"Name","value":"quality"}},{"kind":"Field","name":{"kind":"Name","value":"messagingTier"}}]}}]} as unknown as DocumentNode<RestAccountConnectionQuery, RestAccountConnectionQueryVariables>;
export const RestRelinkAccountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestRelinkAccount"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"relinkAccount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestConnectionFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestConnectionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AccountConnection"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"phoneNumber"}},{"kind":"Field","name":{"kind":"Name","value":"qr"}},{"kind":"Field","name":{"kind":"Name","value":"qrChangedAt"}},{"kind":"Field","name":{"kind":"Name","value":"pairingCode"}},{"kind":"Field","name":{"kind":"Name","value":"pairingPhone"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"verifiedName"}},{"kind":"Field","name":{"kind":"Name","value":"quality"}},{"kind":"Field","name":{"kind":"Name","value":"messagingTier"}}]}}]} as unknown as DocumentNode<RestRelinkAccountMutation, RestRelinkAccountMutationVariables>;
export const RestRequestPairingCodeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestRequestPairingCode"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"phoneNumber"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requestPairingCode"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"phoneNumber"},"value":{"kind":"Variable","name":{"kind":"Name","value":"phoneNumber"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestConnectionFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestConnectionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AccountConnection"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"phoneNumber"}},{"kind":"Field","name":{"kind":"Name","value":"qr"}},{"kind":"Field","name":{"kind":"Name","value":"qrChangedAt"}},{"kind":"Field","name":{"kind":"Name","value":"pairingCode"}},{"kind":"Field","name":{"kind":"Name","value":"pairingPhone"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"verifiedName"}},{"kind":"Field","name":{"kind":"Name","value":"quality"}},{"kind":"Field","name":{"kind":"Name","value":"messagingTier"}}]}}]} as unknown as DocumentNode<RestRequestPairingCodeMutation, RestRequestPairingCodeMutationVariables>;
export const RestRemoveAccountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestRemoveAccount"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeAccount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"removedAt"}}]}}]}}]} as unknown as DocumentNode<RestRemoveAccountMutation, RestRemoveAccountMutationVariables>;
export const RestSignUpDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestSignUp"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SignUpInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"signUp"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<RestSignUpMutation, RestSignUpMutationVariables>;
export const RestVerifyEmailDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestVerifyEmail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"verifyEmail"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]} as unknown as DocumentNode<RestVerifyEmailMutation, RestVerifyEmailMutationVariables>;
export const RestUsersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestUsers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"users"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"twoFactor"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSignInAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}}]}}]}}]} as unknown as DocumentNode<RestUsersQuery, RestUsersQueryVariables>;
export const RestInviteUserDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestInviteUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"InviteUserInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inviteUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"link"}},{"kind":"Field","name":{"kind":"Name","value":"linkExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"twoFactor"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSignInAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}}]}}]}}]}}]} as unknown as DocumentNode<RestInviteUserMutation, RestInviteUserMutationVariables>;
export const RestSetUserRoleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestSetUserRole"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"role"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"StaffRole"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setUserRole"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"role"},"value":{"kind":"Variable","name":{"kind":"Name","value":"role"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"twoFactor"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSignInAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}}]}}]}}]}}]} as unknown as DocumentNode<RestSetUserRoleMutation, RestSetUserRoleMutationVariables>;
export const RestSetUserDisabledDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestSetUserDisabled"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"disabled"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setUserDisabled"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"disabled"},"value":{"kind":"Variable","name":{"kind":"Name","value":"disabled"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"twoFactor"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSignInAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}}]}}]}}]}}]} as unknown as DocumentNode<RestSetUserDisabledMutation, RestSetUserDisabledMutationVariables>;
export const RestSendUserPasswordLinkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestSendUserPasswordLink"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendUserPasswordLink"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"link"}},{"kind":"Field","name":{"kind":"Name","value":"linkExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"twoFactor"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSignInAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}}]}}]}}]}}]} as unknown as DocumentNode<RestSendUserPasswordLinkMutation, RestSendUserPasswordLinkMutationVariables>;
export const RestWebhookEndpointsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestWebhookEndpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookEndpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<RestWebhookEndpointsQuery, RestWebhookEndpointsQueryVariables>;
export const RestCreateWebhookEndpointDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestCreateWebhookEndpoint"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookEndpointInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhookEndpoint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"endpoint"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]}}]} as unknown as DocumentNode<RestCreateWebhookEndpointMutation, RestCreateWebhookEndpointMutationVariables>;
export const RestDeleteWebhookEndpointDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestDeleteWebhookEndpoint"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteWebhookEndpoint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"endpoint"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]}}]} as unknown as DocumentNode<RestDeleteWebhookEndpointMutation, RestDeleteWebhookEndpointMutationVariables>;
export const RestSetWebhookEndpointEnabledDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestSetWebhookEndpointEnabled"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"enabled"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setWebhookEndpointEnabled"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"enabled"},"value":{"kind":"Variable","name":{"kind":"Name","value":"enabled"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"endpoint"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]}}]} as unknown as DocumentNode<RestSetWebhookEndpointEnabledMutation, RestSetWebhookEndpointEnabledMutationVariables>;
export const RestWebhookDeliveriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestWebhookDeliveries"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDeliveryFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookDeliveries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"endpointId"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"inboundMessageId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"responseStatus"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"payload"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<RestWebhookDeliveriesQuery, RestWebhookDeliveriesQueryVariables>;
export const RestReplayWebhookDeliveryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestReplayWebhookDelivery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"replayWebhookDelivery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"delivery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"endpointId"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"inboundMessageId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"responseStatus"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"payload"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}}]}}]}}]}}]} as unknown as DocumentNode<RestReplayWebhookDeliveryMutation, RestReplayWebhookDeliveryMutationVariables>;
export const RestWhatsAppTemplatesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestWhatsAppTemplates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"whatsappTemplates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestWhatsAppTemplateFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestWhatsAppTemplateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WhatsAppTemplate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"headerFormat"}},{"kind":"Field","name":{"kind":"Name","value":"headerParameters"}},{"kind":"Field","name":{"kind":"Name","value":"bodyParameters"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"parameters"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusReason"}},{"kind":"Field","name":{"kind":"Name","value":"quality"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<RestWhatsAppTemplatesQuery, RestWhatsAppTemplatesQueryVariables>;
export const RestRegisterWhatsAppTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestRegisterWhatsAppTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RegisterWhatsAppTemplateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"registerWhatsAppTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestWhatsAppTemplateFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestWhatsAppTemplateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WhatsAppTemplate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"headerFormat"}},{"kind":"Field","name":{"kind":"Name","value":"headerParameters"}},{"kind":"Field","name":{"kind":"Name","value":"bodyParameters"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"parameters"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusReason"}},{"kind":"Field","name":{"kind":"Name","value":"quality"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<RestRegisterWhatsAppTemplateMutation, RestRegisterWhatsAppTemplateMutationVariables>;
export const RestDeleteWhatsAppTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestDeleteWhatsAppTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteWhatsAppTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestWhatsAppTemplateFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestWhatsAppTemplateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WhatsAppTemplate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"headerFormat"}},{"kind":"Field","name":{"kind":"Name","value":"headerParameters"}},{"kind":"Field","name":{"kind":"Name","value":"bodyParameters"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"parameters"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusReason"}},{"kind":"Field","name":{"kind":"Name","value":"quality"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<RestDeleteWhatsAppTemplateMutation, RestDeleteWhatsAppTemplateMutationVariables>;
export const RestSyncWhatsAppTemplatesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestSyncWhatsAppTemplates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"syncWhatsAppTemplates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"synced"}},{"kind":"Field","name":{"kind":"Name","value":"skipped"}}]}}]}}]} as unknown as DocumentNode<RestSyncWhatsAppTemplatesMutation, RestSyncWhatsAppTemplatesMutationVariables>;
export const RestSubmitWhatsAppTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestSubmitWhatsAppTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SubmitWhatsAppTemplateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"submitWhatsAppTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestWhatsAppTemplateFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestWhatsAppTemplateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WhatsAppTemplate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"headerFormat"}},{"kind":"Field","name":{"kind":"Name","value":"headerParameters"}},{"kind":"Field","name":{"kind":"Name","value":"bodyParameters"}},{"kind":"Field","name":{"kind":"Name","value":"buttons"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"parameters"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusReason"}},{"kind":"Field","name":{"kind":"Name","value":"quality"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<RestSubmitWhatsAppTemplateMutation, RestSubmitWhatsAppTemplateMutationVariables>;
export const AuthBalanceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AuthBalance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"balance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"plan"}},{"kind":"Field","name":{"kind":"Name","value":"messages"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"remaining"}}]}}]}}]}}]} as unknown as DocumentNode<AuthBalanceQuery, AuthBalanceQueryVariables>;
export const PreviewTestSheetDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PreviewTestSheet"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"csv"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sheetRecipients"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"csv"},"value":{"kind":"Variable","name":{"kind":"Name","value":"csv"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"variables"}},{"kind":"Field","name":{"kind":"Name","value":"row"}}]}}]}}]} as unknown as DocumentNode<PreviewTestSheetQuery, PreviewTestSheetQueryVariables>;
export const PreviewTestPreviewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PreviewTestPreview"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SendBulkInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"previewBulk"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"skipped"}},{"kind":"Field","name":{"kind":"Name","value":"recipients"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"skipped"}}]}}]}}]}}]} as unknown as DocumentNode<PreviewTestPreviewQuery, PreviewTestPreviewQueryVariables>;
export const ContactsOptOutDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ContactsOptOut"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"numbers"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"optOutContacts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"numbers"},"value":{"kind":"Variable","name":{"kind":"Name","value":"numbers"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"optedOut"}},{"kind":"Field","name":{"kind":"Name","value":"already"}},{"kind":"Field","name":{"kind":"Name","value":"cancelled"}},{"kind":"Field","name":{"kind":"Name","value":"inFlight"}},{"kind":"Field","name":{"kind":"Name","value":"invalid"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}}]} as unknown as DocumentNode<ContactsOptOutMutation, ContactsOptOutMutationVariables>;
export const ContactsOptInDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ContactsOptIn"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"numbers"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"optInContacts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"numbers"},"value":{"kind":"Variable","name":{"kind":"Name","value":"numbers"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"optedIn"}},{"kind":"Field","name":{"kind":"Name","value":"invalid"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}}]} as unknown as DocumentNode<ContactsOptInMutation, ContactsOptInMutationVariables>;
export const ContactsImportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ContactsImport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"numbers"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"importSuppressionList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"numbers"},"value":{"kind":"Variable","name":{"kind":"Name","value":"numbers"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"optedOut"}},{"kind":"Field","name":{"kind":"Name","value":"already"}},{"kind":"Field","name":{"kind":"Name","value":"cancelled"}},{"kind":"Field","name":{"kind":"Name","value":"inFlight"}},{"kind":"Field","name":{"kind":"Name","value":"invalid"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}}]} as unknown as DocumentNode<ContactsImportMutation, ContactsImportMutationVariables>;
export const ContactsListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ContactsList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"optedOut"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contacts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}},{"kind":"Argument","name":{"kind":"Name","value":"optedOut"},"value":{"kind":"Variable","name":{"kind":"Name","value":"optedOut"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"optedOut"}},{"kind":"Field","name":{"kind":"Name","value":"optOutReason"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<ContactsListQuery, ContactsListQueryVariables>;
export const ContactsOneDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ContactsOne"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"phone"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contact"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"phone"},"value":{"kind":"Variable","name":{"kind":"Name","value":"phone"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"lid"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"firstSeenAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSeenAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastInboundAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastOutboundAt"}},{"kind":"Field","name":{"kind":"Name","value":"optedOut"}},{"kind":"Field","name":{"kind":"Name","value":"optedOutAt"}},{"kind":"Field","name":{"kind":"Name","value":"optOutReason"}}]}}]}}]} as unknown as DocumentNode<ContactsOneQuery, ContactsOneQueryVariables>;
export const ContactsSetNameDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ContactsSetName"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"phone"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setContactName"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"phone"},"value":{"kind":"Variable","name":{"kind":"Name","value":"phone"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"optedOut"}}]}}]}}]} as unknown as DocumentNode<ContactsSetNameMutation, ContactsSetNameMutationVariables>;
export const ContactsSettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ContactsSettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"consentSettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"useDefaultStopWords"}},{"kind":"Field","name":{"kind":"Name","value":"stopWords"}},{"kind":"Field","name":{"kind":"Name","value":"confirmationText"}},{"kind":"Field","name":{"kind":"Name","value":"defaultStopWords"}},{"kind":"Field","name":{"kind":"Name","value":"effectiveStopWords"}}]}}]}}]} as unknown as DocumentNode<ContactsSettingsQuery, ContactsSettingsQueryVariables>;
export const ContactsSetSettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ContactsSetSettings"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"useDefaultStopWords"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"stopWords"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"confirmationText"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setConsentSettings"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"useDefaultStopWords"},"value":{"kind":"Variable","name":{"kind":"Name","value":"useDefaultStopWords"}}},{"kind":"Argument","name":{"kind":"Name","value":"stopWords"},"value":{"kind":"Variable","name":{"kind":"Name","value":"stopWords"}}},{"kind":"Argument","name":{"kind":"Name","value":"confirmationText"},"value":{"kind":"Variable","name":{"kind":"Name","value":"confirmationText"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"useDefaultStopWords"}},{"kind":"Field","name":{"kind":"Name","value":"stopWords"}},{"kind":"Field","name":{"kind":"Name","value":"confirmationText"}},{"kind":"Field","name":{"kind":"Name","value":"effectiveStopWords"}}]}}]}}]} as unknown as DocumentNode<ContactsSetSettingsMutation, ContactsSetSettingsMutationVariables>;
export const ExportTestMessagesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ExportTestMessages"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"since"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"until"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"messages"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}},{"kind":"Argument","name":{"kind":"Name","value":"since"},"value":{"kind":"Variable","name":{"kind":"Name","value":"since"}}},{"kind":"Argument","name":{"kind":"Name","value":"until"},"value":{"kind":"Variable","name":{"kind":"Name","value":"until"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"sentAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}},{"kind":"Field","name":{"kind":"Name","value":"readAt"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ExportTestMessagesQuery, ExportTestMessagesQueryVariables>;
export const ExportTestStartDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ExportTestStart"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"StartExportInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startExport"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"export"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"from"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"progress"}}]}}]}}]}}]} as unknown as DocumentNode<ExportTestStartMutation, ExportTestStartMutationVariables>;
export const ExportTestStateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ExportTestState"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"export"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"rowsDone"}},{"kind":"Field","name":{"kind":"Name","value":"rowsTotal"}},{"kind":"Field","name":{"kind":"Name","value":"progress"}},{"kind":"Field","name":{"kind":"Name","value":"downloadPath"}}]}}]}}]} as unknown as DocumentNode<ExportTestStateQuery, ExportTestStateQueryVariables>;
export const GqlSendDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"GqlSend"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SendMessageInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendMessage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"sentAt"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]}}]} as unknown as DocumentNode<GqlSendMutation, GqlSendMutationVariables>;
export const GqlBulkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"GqlBulk"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SendBulkInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendBulk"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"queued"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"messages"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"to"}}]}}]}}]}}]} as unknown as DocumentNode<GqlBulkMutation, GqlBulkMutationVariables>;
export const GqlBatchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GqlBatch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batch"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"finished"}},{"kind":"Field","name":{"kind":"Name","value":"counts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pending"}},{"kind":"Field","name":{"kind":"Name","value":"sending"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}}]}},{"kind":"Field","name":{"kind":"Name","value":"messages"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<GqlBatchQuery, GqlBatchQueryVariables>;
export const GqlMessagesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GqlMessages"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"last"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"before"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MessageStatus"}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"batchId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"messages"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"last"},"value":{"kind":"Variable","name":{"kind":"Name","value":"last"}}},{"kind":"Argument","name":{"kind":"Name","value":"before"},"value":{"kind":"Variable","name":{"kind":"Name","value":"before"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"batchId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"batchId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"batchId"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<GqlMessagesQuery, GqlMessagesQueryVariables>;
export const GqlOverviewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GqlOverview"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"balance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"plan"}},{"kind":"Field","name":{"kind":"Name","value":"subscriptionEnds"}},{"kind":"Field","name":{"kind":"Name","value":"messages"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"used"}},{"kind":"Field","name":{"kind":"Name","value":"remaining"}}]}},{"kind":"Field","name":{"kind":"Name","value":"accounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"connected"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"accounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"phoneNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"todaySent"}},{"kind":"Field","name":{"kind":"Name","value":"monthSent"}},{"kind":"Field","name":{"kind":"Name","value":"dailyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"monthlyLimit"}}]}}]}}]} as unknown as DocumentNode<GqlOverviewQuery, GqlOverviewQueryVariables>;
export const ImageLinkSendDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ImageLinkSend"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SendMessageInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendMessage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<ImageLinkSendMutation, ImageLinkSendMutationVariables>;
export const ImageLinkBulkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ImageLinkBulk"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SendBulkInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendBulk"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batchId"}},{"kind":"Field","name":{"kind":"Name","value":"queued"}}]}}]}}]} as unknown as DocumentNode<ImageLinkBulkMutation, ImageLinkBulkMutationVariables>;
export const ImageLinkTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ImageLinkTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTemplateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"template"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}}]}}]}}]}}]} as unknown as DocumentNode<ImageLinkTemplateMutation, ImageLinkTemplateMutationVariables>;
export const TestInvoicesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TestInvoices"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoices"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"totalHalalas"}},{"kind":"Field","name":{"kind":"Name","value":"creditFor"}},{"kind":"Field","name":{"kind":"Name","value":"pdfPath"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<TestInvoicesQuery, TestInvoicesQueryVariables>;
export const TestInvoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TestInvoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"issuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"seller"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"vatNumber"}}]}},{"kind":"Field","name":{"kind":"Name","value":"buyer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"vatNumber"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionAr"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionEn"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitHalalas"}},{"kind":"Field","name":{"kind":"Name","value":"netHalalas"}},{"kind":"Field","name":{"kind":"Name","value":"vatHalalas"}}]}},{"kind":"Field","name":{"kind":"Name","value":"subtotalHalalas"}},{"kind":"Field","name":{"kind":"Name","value":"vatHalalas"}},{"kind":"Field","name":{"kind":"Name","value":"totalHalalas"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"creditFor"}},{"kind":"Field","name":{"kind":"Name","value":"paymentProvider"}},{"kind":"Field","name":{"kind":"Name","value":"paymentReference"}},{"kind":"Field","name":{"kind":"Name","value":"pdfPath"}}]}}]}}]} as unknown as DocumentNode<TestInvoiceQuery, TestInvoiceQueryVariables>;
export const IsolationMessagesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"IsolationMessages"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"batchId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"messages"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"batchId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"batchId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"to"}}]}}]}}]}}]}}]} as unknown as DocumentNode<IsolationMessagesQuery, IsolationMessagesQueryVariables>;
export const FilterTestMessagesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FilterTestMessages"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"to"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"since"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"until"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"messages"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"to"}}},{"kind":"Argument","name":{"kind":"Name","value":"since"},"value":{"kind":"Variable","name":{"kind":"Name","value":"since"}}},{"kind":"Argument","name":{"kind":"Name","value":"until"},"value":{"kind":"Variable","name":{"kind":"Name","value":"until"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"text"}}]}}]}}]}}]}}]} as unknown as DocumentNode<FilterTestMessagesQuery, FilterTestMessagesQueryVariables>;
export const FilterTestActivityDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FilterTestActivity"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"queuedMessages"}},{"kind":"Field","name":{"kind":"Name","value":"sendingActivity"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hour"}},{"kind":"Field","name":{"kind":"Name","value":"sent"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}}]}}]}}]} as unknown as DocumentNode<FilterTestActivityQuery, FilterTestActivityQueryVariables>;
export const OneCheckSendDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"OneCheckSend"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SendMessageInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendMessage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<OneCheckSendMutation, OneCheckSendMutationVariables>;
export const OneCheckBulkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"OneCheckBulk"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SendBulkInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendBulk"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batchId"}}]}}]}}]} as unknown as DocumentNode<OneCheckBulkMutation, OneCheckBulkMutationVariables>;
export const RetryFailedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RetryFailed"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryMessage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]}}]}}]} as unknown as DocumentNode<RetryFailedMutation, RetryFailedMutationVariables>;
export const RichRegisterTicketDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RichRegisterTicket"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"registerWhatsAppTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"name"},"value":{"kind":"StringValue","value":"ticket","block":false}},{"kind":"ObjectField","name":{"kind":"Name","value":"language"},"value":{"kind":"StringValue","value":"en_US","block":false}},{"kind":"ObjectField","name":{"kind":"Name","value":"category"},"value":{"kind":"EnumValue","value":"utility"}},{"kind":"ObjectField","name":{"kind":"Name","value":"headerFormat"},"value":{"kind":"EnumValue","value":"document"}},{"kind":"ObjectField","name":{"kind":"Name","value":"bodyParameters"},"value":{"kind":"IntValue","value":"2"}},{"kind":"ObjectField","name":{"kind":"Name","value":"buttons"},"value":{"kind":"ListValue","values":[{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"type"},"value":{"kind":"EnumValue","value":"url"}},{"kind":"ObjectField","name":{"kind":"Name","value":"parameters"},"value":{"kind":"IntValue","value":"1"}}]}]}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"bodyParameters"}},{"kind":"Field","name":{"kind":"Name","value":"headerParameters"}}]}}]}}]} as unknown as DocumentNode<RichRegisterTicketMutation, RichRegisterTicketMutationVariables>;
export const RichSendDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RichSend"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SendMessageInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendMessage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<RichSendMutation, RichSendMutationVariables>;
export const TplCreateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TplCreate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTemplateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"template"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"variables"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]}}]} as unknown as DocumentNode<TplCreateMutation, TplCreateMutationVariables>;
export const TplListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TplList"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"variables"}}]}}]}}]} as unknown as DocumentNode<TplListQuery, TplListQueryVariables>;
export const TplOneDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TplOne"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"template"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"imageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"variables"}}]}}]}}]} as unknown as DocumentNode<TplOneQuery, TplOneQueryVariables>;
export const TplMessageTextDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TplMessageText"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"text"}}]}}]}}]} as unknown as DocumentNode<TplMessageTextQuery, TplMessageTextQueryVariables>;
export const LimitInviteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"LimitInvite"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"InviteUserInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inviteUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<LimitInviteMutation, LimitInviteMutationVariables>;
export const WhCreateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"WhCreate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookEndpointInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhookEndpoint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"endpoint"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]}}]} as unknown as DocumentNode<WhCreateMutation, WhCreateMutationVariables>;
export const WhEndpointsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WhEndpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookEndpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}}]}}]}}]} as unknown as DocumentNode<WhEndpointsQuery, WhEndpointsQueryVariables>;
export const WhDeleteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"WhDelete"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteWebhookEndpoint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"endpoint"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}}]}}]}}]} as unknown as DocumentNode<WhDeleteMutation, WhDeleteMutationVariables>;
export const WhDeliveriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WhDeliveries"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDeliveryFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookDeliveries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"endpointId"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"responseStatus"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"payload"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<WhDeliveriesQuery, WhDeliveriesQueryVariables>;
export const WhReplayDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"WhReplay"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"replayWebhookDelivery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"delivery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}}]}}]}}]}}]} as unknown as DocumentNode<WhReplayMutation, WhReplayMutationVariables>;