/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
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

export type AutomationRuleContentFragment = { media: { type: MediaType, url: string } | null, location: { name: string | null } | null, contacts: Array<{ name: string }> | null, interactive: { buttons: Array<{ title: string }> | null, list: { button: string } | null } | null, whatsappTemplate: { name: string, language: string } | null };

export type AutomationRuleMenuFragment = { menu: { text: string, style: AutomationMenuStyle | null, button: string | null, back: string | null, timeout: number | null, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean }> } | null }> } | null }> } | null };

export type AutomationRuleKeptFragment = { botUrl: string | null, botKind: AutomationBotKind, media: { type: MediaType, url: string, mimetype: string | null, filename: string | null, voice: boolean | null } | null, location: { latitude: number, longitude: number, name: string | null, address: string | null } | null, contacts: Array<{ name: string, phones: Array<string>, emails: Array<string> | null, organization: string | null }> | null, interactive: { header: string | null, footer: string | null, buttons: Array<{ id: string, title: string }> | null, list: { button: string, sections: Array<{ title: string | null, rows: Array<{ id: string, title: string, description: string | null }> }> } | null } | null, whatsappTemplate: { name: string, language: string, body: Array<string> | null, header: { type: string, text: string | null, url: string | null, filename: string | null } | null, buttons: Array<{ index: number, type: string, value: string }> | null } | null };

export type AutomationRuleFieldsFragment = { id: string, name: string, position: number, enabled: boolean, trigger: AutomationTrigger, keyword: string | null, pattern: string | null, replyId: string | null, accountIds: Array<number>, action: AutomationAction, text: string | null, imageUrl: string | null, cooldownSeconds: number, answeredToday: number, botUrl: string | null, botKind: AutomationBotKind, menu: { text: string, style: AutomationMenuStyle | null, button: string | null, back: string | null, timeout: number | null, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean }> } | null }> } | null }> } | null, media: { type: MediaType, url: string, mimetype: string | null, filename: string | null, voice: boolean | null } | null, location: { latitude: number, longitude: number, name: string | null, address: string | null } | null, contacts: Array<{ name: string, phones: Array<string>, emails: Array<string> | null, organization: string | null }> | null, interactive: { header: string | null, footer: string | null, buttons: Array<{ id: string, title: string }> | null, list: { button: string, sections: Array<{ title: string | null, rows: Array<{ id: string, title: string, description: string | null }> }> } | null } | null, whatsappTemplate: { name: string, language: string, body: Array<string> | null, header: { type: string, text: string | null, url: string | null, filename: string | null } | null, buttons: Array<{ index: number, type: string, value: string }> | null } | null };

export type ConsoleAutomationRulesQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleAutomationRulesQuery = { automationRules: Array<{ id: string, name: string, position: number, enabled: boolean, trigger: AutomationTrigger, keyword: string | null, pattern: string | null, replyId: string | null, accountIds: Array<number>, action: AutomationAction, text: string | null, imageUrl: string | null, cooldownSeconds: number, answeredToday: number, botUrl: string | null, botKind: AutomationBotKind, menu: { text: string, style: AutomationMenuStyle | null, button: string | null, back: string | null, timeout: number | null, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean }> } | null }> } | null }> } | null, media: { type: MediaType, url: string, mimetype: string | null, filename: string | null, voice: boolean | null } | null, location: { latitude: number, longitude: number, name: string | null, address: string | null } | null, contacts: Array<{ name: string, phones: Array<string>, emails: Array<string> | null, organization: string | null }> | null, interactive: { header: string | null, footer: string | null, buttons: Array<{ id: string, title: string }> | null, list: { button: string, sections: Array<{ title: string | null, rows: Array<{ id: string, title: string, description: string | null }> }> } | null } | null, whatsappTemplate: { name: string, language: string, body: Array<string> | null, header: { type: string, text: string | null, url: string | null, filename: string | null } | null, buttons: Array<{ index: number, type: string, value: string }> | null } | null }> };

export type ConsoleCreateAutomationRuleMutationVariables = Exact<{
  input: CreateAutomationRuleInput;
}>;


export type ConsoleCreateAutomationRuleMutation = { createAutomationRule: { rule: { id: string, name: string, position: number, enabled: boolean, trigger: AutomationTrigger, keyword: string | null, pattern: string | null, replyId: string | null, accountIds: Array<number>, action: AutomationAction, text: string | null, imageUrl: string | null, cooldownSeconds: number, answeredToday: number, botUrl: string | null, botKind: AutomationBotKind, menu: { text: string, style: AutomationMenuStyle | null, button: string | null, back: string | null, timeout: number | null, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean }> } | null }> } | null }> } | null, media: { type: MediaType, url: string, mimetype: string | null, filename: string | null, voice: boolean | null } | null, location: { latitude: number, longitude: number, name: string | null, address: string | null } | null, contacts: Array<{ name: string, phones: Array<string>, emails: Array<string> | null, organization: string | null }> | null, interactive: { header: string | null, footer: string | null, buttons: Array<{ id: string, title: string }> | null, list: { button: string, sections: Array<{ title: string | null, rows: Array<{ id: string, title: string, description: string | null }> }> } | null } | null, whatsappTemplate: { name: string, language: string, body: Array<string> | null, header: { type: string, text: string | null, url: string | null, filename: string | null } | null, buttons: Array<{ index: number, type: string, value: string }> | null } | null } } };

export type ConsoleUpdateAutomationRuleMutationVariables = Exact<{
  id: string;
  input: UpdateAutomationRuleInput;
}>;


export type ConsoleUpdateAutomationRuleMutation = { updateAutomationRule: { rule: { id: string, name: string, position: number, enabled: boolean, trigger: AutomationTrigger, keyword: string | null, pattern: string | null, replyId: string | null, accountIds: Array<number>, action: AutomationAction, text: string | null, imageUrl: string | null, cooldownSeconds: number, answeredToday: number, botUrl: string | null, botKind: AutomationBotKind, menu: { text: string, style: AutomationMenuStyle | null, button: string | null, back: string | null, timeout: number | null, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean, menu: { text: string, options: Array<{ title: string, description: string | null, reply: string | null, handover: boolean }> } | null }> } | null }> } | null, media: { type: MediaType, url: string, mimetype: string | null, filename: string | null, voice: boolean | null } | null, location: { latitude: number, longitude: number, name: string | null, address: string | null } | null, contacts: Array<{ name: string, phones: Array<string>, emails: Array<string> | null, organization: string | null }> | null, interactive: { header: string | null, footer: string | null, buttons: Array<{ id: string, title: string }> | null, list: { button: string, sections: Array<{ title: string | null, rows: Array<{ id: string, title: string, description: string | null }> }> } | null } | null, whatsappTemplate: { name: string, language: string, body: Array<string> | null, header: { type: string, text: string | null, url: string | null, filename: string | null } | null, buttons: Array<{ index: number, type: string, value: string }> | null } | null } } };

export type ConsoleDeleteAutomationRuleMutationVariables = Exact<{
  id: string;
}>;


export type ConsoleDeleteAutomationRuleMutation = { deleteAutomationRule: { rule: { id: string, name: string } } };

export type ConsoleAutomationTrialQueryVariables = Exact<{
  input: AutomationTrialInput;
}>;


export type ConsoleAutomationTrialQuery = { automationTrial: { draft: boolean, text: string | null, imageUrl: string | null, handover: boolean, rule: { id: string, name: string } | null, media: { type: MediaType, url: string } | null, location: { name: string | null } | null, contacts: Array<{ name: string }> | null, interactive: { buttons: Array<{ title: string }> | null, list: { button: string } | null } | null, whatsappTemplate: { name: string, language: string } | null } };

export type PlanFieldsFragment = { name: string, version: number, messagesPerMonth: number, numbers: number, users: number, monthly: { net: number, vat: number, total: number }, yearly: { net: number, vat: number, total: number } };

export type ConsolePlansQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsolePlansQuery = { plans: Array<{ name: string, version: number, messagesPerMonth: number, numbers: number, users: number, monthly: { net: number, vat: number, total: number }, yearly: { net: number, vat: number, total: number } }>, billing: { plan: { name: string } } };

export type ConsoleBillingQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleBillingQuery = { billing: { interval: string, state: string, periodStart: string, periodEnd: string, daysLeft: number, graceUntil: string | null, pendingPlan: string | null, provider: string | null, renewedByProvider: boolean, plan: { name: string, version: number, messagesPerMonth: number, numbers: number, users: number, monthly: { net: number, vat: number, total: number }, yearly: { net: number, vat: number, total: number } }, messages: { used: number, allowance: number }, numbers: { used: number, allowance: number }, card: { brand: string | null, last4: string } | null }, plans: Array<{ name: string, version: number, messagesPerMonth: number, numbers: number, users: number, monthly: { net: number, vat: number, total: number }, yearly: { net: number, vat: number, total: number } }>, topUpPacks: Array<{ id: string, name: string, messages: number, price: { net: number, vat: number, total: number } }> };

export type ConsoleInvoicesQueryVariables = Exact<{
  first: number;
}>;


export type ConsoleInvoicesQuery = { invoices: { edges: Array<{ node: { id: string, number: string, kind: InvoiceKind, issuedAt: string, totalHalalas: number } }> } };

export type ConsoleCheckoutMutationVariables = Exact<{
  plan: string;
  interval: string;
  token?: string | null | undefined;
}>;


export type ConsoleCheckoutMutation = { checkout: { paymentId: string, status: string, redirectUrl: string | null, amount: number } };

export type ConsoleChangePlanMutationVariables = Exact<{
  plan: string;
}>;


export type ConsoleChangePlanMutation = { changePlan: { kind: string, effectiveOn: string, paymentId: string | null, status: string | null } };

export type ConsoleTopUpMutationVariables = Exact<{
  pack: string;
}>;


export type ConsoleTopUpMutation = { topUp: { paymentId: string, status: string, redirectUrl: string | null, amount: number } };

export type ConsoleSignUpMutationVariables = Exact<{
  input: SignUpInput;
}>;


export type ConsoleSignUpMutation = { signUp: { message: string } };

export type ConsoleResendVerificationMutationVariables = Exact<{ [key: string]: never; }>;


export type ConsoleResendVerificationMutation = { resendVerification: { sent: boolean } };

export type ExportFieldsFragment = { id: string, kind: ExportKind, format: ExportFormat, from: string, to: string, status: ExportStatus, rowsDone: number, rowsTotal: number | null, progress: number, bytes: number, error: string | null, createdAt: string, expiresAt: string | null, downloadPath: string | null };

export type ConsoleExportsQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleExportsQuery = { exports: Array<{ id: string, kind: ExportKind, format: ExportFormat, from: string, to: string, status: ExportStatus, rowsDone: number, rowsTotal: number | null, progress: number, bytes: number, error: string | null, createdAt: string, expiresAt: string | null, downloadPath: string | null }> };

export type ConsoleStartExportMutationVariables = Exact<{
  input: StartExportInput;
}>;


export type ConsoleStartExportMutation = { startExport: { export: { id: string, kind: ExportKind, format: ExportFormat, from: string, to: string, status: ExportStatus, rowsDone: number, rowsTotal: number | null, progress: number, bytes: number, error: string | null, createdAt: string, expiresAt: string | null, downloadPath: string | null } } };

export type ApiKeyFieldsFragment = { id: string, prefix: string, label: string, scopes: Array<string>, state: ApiKeyState, createdAt: string, lastUsedAt: string | null, expiresAt: string | null, revokedAt: string | null, rotatedFromId: string | null };

export type ConsoleApiKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleApiKeysQuery = { apiKeys: Array<{ id: string, prefix: string, label: string, scopes: Array<string>, state: ApiKeyState, createdAt: string, lastUsedAt: string | null, expiresAt: string | null, revokedAt: string | null, rotatedFromId: string | null }> };

export type ConsoleCreateApiKeyMutationVariables = Exact<{
  input: CreateApiKeyInput;
}>;


export type ConsoleCreateApiKeyMutation = { createApiKey: { secret: string, key: { id: string, prefix: string, label: string, scopes: Array<string>, state: ApiKeyState, createdAt: string, lastUsedAt: string | null, expiresAt: string | null, revokedAt: string | null, rotatedFromId: string | null } } };

export type ConsoleRevokeApiKeyMutationVariables = Exact<{
  id: string;
}>;


export type ConsoleRevokeApiKeyMutation = { revokeApiKey: { key: { id: string, prefix: string, label: string, scopes: Array<string>, state: ApiKeyState, createdAt: string, lastUsedAt: string | null, expiresAt: string | null, revokedAt: string | null, rotatedFromId: string | null } } };

export type ConsoleRotateApiKeyMutationVariables = Exact<{
  id: string;
  overlapSeconds?: number | null | undefined;
}>;


export type ConsoleRotateApiKeyMutation = { rotateApiKey: { secret: string, key: { id: string, prefix: string, label: string, scopes: Array<string>, state: ApiKeyState, createdAt: string, lastUsedAt: string | null, expiresAt: string | null, revokedAt: string | null, rotatedFromId: string | null }, previous: { id: string, prefix: string, label: string, scopes: Array<string>, state: ApiKeyState, createdAt: string, lastUsedAt: string | null, expiresAt: string | null, revokedAt: string | null, rotatedFromId: string | null } } };

export type StaffUserFieldsFragment = { id: string, email: string, role: StaffRole, state: StaffUserState, twoFactor: boolean, lastSignInAt: string | null, createdAt: string };

export type ConsoleUsersQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleUsersQuery = { users: Array<{ id: string, email: string, role: StaffRole, state: StaffUserState, twoFactor: boolean, lastSignInAt: string | null, createdAt: string }> };

export type ConsoleInviteUserMutationVariables = Exact<{
  input: InviteUserInput;
}>;


export type ConsoleInviteUserMutation = { inviteUser: { link: string, linkExpiresAt: string, user: { id: string, email: string, role: StaffRole, state: StaffUserState, twoFactor: boolean, lastSignInAt: string | null, createdAt: string } } };

export type ConsoleSetUserRoleMutationVariables = Exact<{
  id: string;
  role: StaffRole;
}>;


export type ConsoleSetUserRoleMutation = { setUserRole: { user: { id: string, email: string, role: StaffRole, state: StaffUserState, twoFactor: boolean, lastSignInAt: string | null, createdAt: string } } };

export type ConsoleSetUserDisabledMutationVariables = Exact<{
  id: string;
  disabled: boolean;
}>;


export type ConsoleSetUserDisabledMutation = { setUserDisabled: { user: { id: string, email: string, role: StaffRole, state: StaffUserState, twoFactor: boolean, lastSignInAt: string | null, createdAt: string } } };

export type ConsolePasswordLinkMutationVariables = Exact<{
  id: string;
}>;


export type ConsolePasswordLinkMutation = { sendUserPasswordLink: { link: string, linkExpiresAt: string, user: { id: string, email: string, role: StaffRole, state: StaffUserState, twoFactor: boolean, lastSignInAt: string | null, createdAt: string } } };

export type ConsoleAuditEventsQueryVariables = Exact<{
  first: number;
  after?: string | null | undefined;
  action?: string | null | undefined;
  actor?: string | null | undefined;
  target?: string | null | undefined;
  since?: string | null | undefined;
  until?: string | null | undefined;
}>;


export type ConsoleAuditEventsQuery = { auditEvents: { edges: Array<{ node: { id: string, at: string, action: string, target: string | null, address: string | null, actor: { kind: string, name: string, label: string | null } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type ChatwootBridgeFieldsFragment = { id: string, baseUrl: string, chatwootAccountId: number, inboxId: number, accountIds: Array<string>, webhooksSigned: boolean, createdAt: string, updatedAt: string, relay: { toChatwoot: number, toWhatsapp: number, failedPosts: number, oldestWaitingAt: string | null, lastPostedAt: string | null, lastError: string | null, lastErrorAt: string | null }, failedPosts: Array<{ id: string, phone: string, kind: ChatwootPostKind, reason: string, failedAt: string }> };

export type ConsoleChatwootBridgeQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleChatwootBridgeQuery = { chatwootBridge: { id: string, baseUrl: string, chatwootAccountId: number, inboxId: number, accountIds: Array<string>, webhooksSigned: boolean, createdAt: string, updatedAt: string, relay: { toChatwoot: number, toWhatsapp: number, failedPosts: number, oldestWaitingAt: string | null, lastPostedAt: string | null, lastError: string | null, lastErrorAt: string | null }, failedPosts: Array<{ id: string, phone: string, kind: ChatwootPostKind, reason: string, failedAt: string }> } };

export type ConsoleConnectChatwootMutationVariables = Exact<{
  input: ConnectChatwootInput;
}>;


export type ConsoleConnectChatwootMutation = { connectChatwoot: { webhookUrl: string, bridge: { id: string, baseUrl: string, chatwootAccountId: number, inboxId: number, accountIds: Array<string>, webhooksSigned: boolean, createdAt: string, updatedAt: string, relay: { toChatwoot: number, toWhatsapp: number, failedPosts: number, oldestWaitingAt: string | null, lastPostedAt: string | null, lastError: string | null, lastErrorAt: string | null }, failedPosts: Array<{ id: string, phone: string, kind: ChatwootPostKind, reason: string, failedAt: string }> } } };

export type ConsoleDisconnectChatwootMutationVariables = Exact<{ [key: string]: never; }>;


export type ConsoleDisconnectChatwootMutation = { disconnectChatwoot: { bridge: { id: string } } };

export type ConsoleRetryChatwootPostsMutationVariables = Exact<{ [key: string]: never; }>;


export type ConsoleRetryChatwootPostsMutation = { retryChatwootPosts: { retried: number } };

export type ConsoleOverviewQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleOverviewQuery = { queuedMessages: number, balance: { plan: string, subscriptionEnds: string, messages: { limit: number, used: number, remaining: number }, accounts: { limit: number, connected: number } }, accounts: Array<{ id: number, name: string, phoneNumber: string | null, status: AccountStatus, state: NumberState, stateReason: string | null, todaySent: number, monthSent: number, dailyLimit: number, monthlyLimit: number }>, sendWindow: { timeZone: string } | null, sendingActivity: Array<{ hour: string, sent: number, failed: number }> };

export type ConsoleInboxQueryVariables = Exact<{
  first: number;
}>;


export type ConsoleInboxQuery = { inboundMessages: { edges: Array<{ node: { id: string, from: string | null, text: string | null, type: InboundKind, optOut: boolean, receivedAt: string, accountId: number, inReplyTo: { id: string, text: string } | null } }> } };

export type InboxItemFragment = { id: string, from: string | null, text: string | null, type: InboundKind, optOut: boolean, receivedAt: string, accountId: number, inReplyTo: { id: string, text: string } | null };

export type ConsoleInboxLiveSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type ConsoleInboxLiveSubscription = { inboundMessages: { id: string, from: string | null, text: string | null, type: InboundKind, optOut: boolean, receivedAt: string, accountId: number, inReplyTo: { id: string, text: string } | null } };

export type ConsoleOptOutMutationVariables = Exact<{
  numbers: Array<string> | string;
}>;


export type ConsoleOptOutMutation = { optOutContacts: { optedOut: number, already: number } };

export type ConsoleEraseContactMutationVariables = Exact<{
  number: string;
}>;


export type ConsoleEraseContactMutation = { eraseContact: { messages: number, inboundMessages: number } };

export type ConsoleSendSetupQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleSendSetupQuery = { templates: Array<{ name: string, text: string, variables: Array<string> }>, accounts: Array<{ id: number, name: string, phoneNumber: string | null, state: NumberState }> };

export type ConsoleSheetQueryVariables = Exact<{
  csv: string;
}>;


export type ConsoleSheetQuery = { sheetRecipients: Array<{ to: string, variables: Record<string, string | number>, row: number }> };

export type ConsolePreviewQueryVariables = Exact<{
  input: SendBulkInput;
}>;


export type ConsolePreviewQuery = { previewBulk: { total: number, skipped: number, recipients: Array<{ to: string, text: string, skipped: SkipReason | null }> } };

export type ConsoleSendBulkMutationVariables = Exact<{
  input: SendBulkInput;
}>;


export type ConsoleSendBulkMutation = { sendBulk: { batchId: string, queued: number, skipped: Array<{ to: string, reason: SkipReason }> } };

export type BatchFieldsFragment = { id: string, total: number, text: string, createdAt: string, sendAt: string | null, state: BatchState, finished: boolean, counts: { pending: number, sending: number, sent: number, failed: number, cancelled: number, optedOut: number, delivered: number, read: number, replies: number } };

export type ConsoleBatchesQueryVariables = Exact<{
  first: number;
  state?: BatchState | null | undefined;
}>;


export type ConsoleBatchesQuery = { batches: { edges: Array<{ node: { id: string, total: number, text: string, createdAt: string, sendAt: string | null, state: BatchState, finished: boolean, counts: { pending: number, sending: number, sent: number, failed: number, cancelled: number, optedOut: number, delivered: number, read: number, replies: number } } }> } };

export type ConsoleBatchProgressSubscriptionVariables = Exact<{
  id: string;
}>;


export type ConsoleBatchProgressSubscription = { batchProgress: { id: string, total: number, text: string, createdAt: string, sendAt: string | null, state: BatchState, finished: boolean, counts: { pending: number, sending: number, sent: number, failed: number, cancelled: number, optedOut: number, delivered: number, read: number, replies: number } } };

export type ConsoleCancelBatchMutationVariables = Exact<{
  id: string;
}>;


export type ConsoleCancelBatchMutation = { cancelBatch: { cancelled: number, batch: { id: string, total: number, text: string, createdAt: string, sendAt: string | null, state: BatchState, finished: boolean, counts: { pending: number, sending: number, sent: number, failed: number, cancelled: number, optedOut: number, delivered: number, read: number, replies: number } } } };

export type ConsoleMessagesQueryVariables = Exact<{
  first: number;
  after?: string | null | undefined;
  status?: Array<MessageStatus> | MessageStatus | null | undefined;
  to?: string | null | undefined;
  since?: string | null | undefined;
  until?: string | null | undefined;
}>;


export type ConsoleMessagesQuery = { messages: { edges: Array<{ node: { id: string, to: string, text: string, status: MessageStatus, error: string | null, createdAt: string, sentAt: string | null, batchId: string | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type ConsoleContactsQueryVariables = Exact<{
  first: number;
  after?: string | null | undefined;
  search?: string | null | undefined;
  optedOut?: boolean | null | undefined;
}>;


export type ConsoleContactsQuery = { contacts: { edges: Array<{ node: { id: string, phone: string, name: string | null, optedOut: boolean, optOutReason: ConsentReason | null, lastInboundAt: string | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type ConsoleOptInMutationVariables = Exact<{
  numbers: Array<string> | string;
}>;


export type ConsoleOptInMutation = { optInContacts: { __typename: 'OptInResult' } };

export type ConsoleImportSuppressionMutationVariables = Exact<{
  numbers: Array<string> | string;
}>;


export type ConsoleImportSuppressionMutation = { importSuppressionList: { optedOut: number, already: number, invalid: Array<{ __typename: 'InvalidNumber' }> } };

export type ConsoleTemplatesQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleTemplatesQuery = { templates: Array<{ name: string, text: string, variables: Array<string>, updatedAt: string }> };

export type ConsoleCreateTemplateMutationVariables = Exact<{
  input: CreateTemplateInput;
}>;


export type ConsoleCreateTemplateMutation = { createTemplate: { template: { name: string } } };

export type ConsoleUpdateTemplateMutationVariables = Exact<{
  name: string;
  input: UpdateTemplateInput;
}>;


export type ConsoleUpdateTemplateMutation = { updateTemplate: { template: { name: string } } };

export type ConsoleDeleteTemplateMutationVariables = Exact<{
  name: string;
  force?: boolean | null | undefined;
}>;


export type ConsoleDeleteTemplateMutation = { deleteTemplate: { queuedMessages: number } };

export type ConsoleSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleSettingsQuery = { sendWindow: { days: Array<WeekDay>, start: string, end: string, timeZone: string } | null, consentSettings: { stopWords: Array<string>, useDefaultStopWords: boolean, defaultStopWords: Array<string> }, webhookEndpoints: Array<{ id: string, url: string, enabled: boolean, events: Array<MessageEventType> }>, webhookDeliveries: { edges: Array<{ node: { id: string, endpointId: string, eventType: MessageEventType, status: WebhookDeliveryStatus, attempts: number, responseStatus: number | null, lastError: string | null, createdAt: string } }> } };

export type ConsoleSetSendWindowMutationVariables = Exact<{
  input?: SendWindowInput | null | undefined;
}>;


export type ConsoleSetSendWindowMutation = { setSendWindow: { sendWindow: { days: Array<WeekDay>, start: string, end: string, timeZone: string } | null } };

export type ConsoleSetStopWordsMutationVariables = Exact<{
  stopWords?: Array<string> | string | null | undefined;
  useDefaultStopWords?: boolean | null | undefined;
}>;


export type ConsoleSetStopWordsMutation = { setConsentSettings: { stopWords: Array<string>, useDefaultStopWords: boolean } };

export type ConsoleCreateWebhookMutationVariables = Exact<{
  input: CreateWebhookEndpointInput;
}>;


export type ConsoleCreateWebhookMutation = { createWebhookEndpoint: { secret: string, endpoint: { id: string, url: string } } };

export type ConsoleReplayDeliveryMutationVariables = Exact<{
  id: string;
}>;


export type ConsoleReplayDeliveryMutation = { replayWebhookDelivery: { delivery: { id: string, status: WebhookDeliveryStatus } } };

export type ConsoleReplyMutationVariables = Exact<{
  input: SendMessageInput;
}>;


export type ConsoleReplyMutation = { sendMessage: { message: { id: string, status: MessageStatus } } };

export type ConnectionFieldsFragment = { accountId: number, name: string, channel: string, state: LinkState, status: string, phoneNumber: string | null, qr: string | null, qrChangedAt: string | null, pairingCode: string | null, pairingPhone: string | null, error: string | null, verifiedName: string | null, quality: string | null, messagingTier: number | null };

export type ConsoleNumbersQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleNumbersQuery = { accounts: Array<{ id: number, name: string, phoneNumber: string | null, status: AccountStatus, state: NumberState, quality: string | null, messagingTier: number | null }> };

export type ConsoleConnectionQueryVariables = Exact<{
  id: number;
}>;


export type ConsoleConnectionQuery = { accountConnection: { accountId: number, name: string, channel: string, state: LinkState, status: string, phoneNumber: string | null, qr: string | null, qrChangedAt: string | null, pairingCode: string | null, pairingPhone: string | null, error: string | null, verifiedName: string | null, quality: string | null, messagingTier: number | null } };

export type ConsoleConnectionLiveSubscriptionVariables = Exact<{
  id: number;
}>;


export type ConsoleConnectionLiveSubscription = { accountConnection: { accountId: number, name: string, channel: string, state: LinkState, status: string, phoneNumber: string | null, qr: string | null, qrChangedAt: string | null, pairingCode: string | null, pairingPhone: string | null, error: string | null, verifiedName: string | null, quality: string | null, messagingTier: number | null } };

export type ConsoleConnectAccountMutationVariables = Exact<{
  input: ConnectAccountInput;
}>;


export type ConsoleConnectAccountMutation = { connectAccount: { accountId: number, name: string, channel: string, state: LinkState, status: string, phoneNumber: string | null, qr: string | null, qrChangedAt: string | null, pairingCode: string | null, pairingPhone: string | null, error: string | null, verifiedName: string | null, quality: string | null, messagingTier: number | null } };

export type ConsolePairingCodeMutationVariables = Exact<{
  id: number;
  phoneNumber: string;
}>;


export type ConsolePairingCodeMutation = { requestPairingCode: { accountId: number, name: string, channel: string, state: LinkState, status: string, phoneNumber: string | null, qr: string | null, qrChangedAt: string | null, pairingCode: string | null, pairingPhone: string | null, error: string | null, verifiedName: string | null, quality: string | null, messagingTier: number | null } };

export type ConsoleRelinkMutationVariables = Exact<{
  id: number;
}>;


export type ConsoleRelinkMutation = { relinkAccount: { accountId: number, name: string, channel: string, state: LinkState, status: string, phoneNumber: string | null, qr: string | null, qrChangedAt: string | null, pairingCode: string | null, pairingPhone: string | null, error: string | null, verifiedName: string | null, quality: string | null, messagingTier: number | null } };

export type ConsoleRemoveAccountMutationVariables = Exact<{
  id: number;
}>;


export type ConsoleRemoveAccountMutation = { removeAccount: { id: number, removedAt: string } };

export type ConsoleEmbeddedSignupQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleEmbeddedSignupQuery = { embeddedSignup: { appId: string, configId: string | null, graphVersion: string } | null };

export type WhatsAppTemplateFieldsFragment = { id: string, name: string, language: string, category: WhatsAppTemplateCategory, accountId: number | null, headerFormat: WhatsAppTemplateHeaderFormat, headerParameters: number, bodyParameters: number, status: string, statusReason: string | null, quality: string | null, createdAt: string, buttons: Array<{ type: WhatsAppTemplateButtonType, parameters: number }> };

export type ConsoleWhatsAppTemplatesQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleWhatsAppTemplatesQuery = { whatsappTemplates: Array<{ id: string, name: string, language: string, category: WhatsAppTemplateCategory, accountId: number | null, headerFormat: WhatsAppTemplateHeaderFormat, headerParameters: number, bodyParameters: number, status: string, statusReason: string | null, quality: string | null, createdAt: string, buttons: Array<{ type: WhatsAppTemplateButtonType, parameters: number }> }>, accounts: Array<{ id: number, name: string, phoneNumber: string | null, capabilities: { channel: string } }> };

export type ConsoleSyncWhatsAppTemplatesMutationVariables = Exact<{ [key: string]: never; }>;


export type ConsoleSyncWhatsAppTemplatesMutation = { syncWhatsAppTemplates: { synced: number, skipped: number } };

export type ConsoleSubmitWhatsAppTemplateMutationVariables = Exact<{
  input: SubmitWhatsAppTemplateInput;
}>;


export type ConsoleSubmitWhatsAppTemplateMutation = { submitWhatsAppTemplate: { id: string, name: string, language: string, category: WhatsAppTemplateCategory, accountId: number | null, headerFormat: WhatsAppTemplateHeaderFormat, headerParameters: number, bodyParameters: number, status: string, statusReason: string | null, quality: string | null, createdAt: string, buttons: Array<{ type: WhatsAppTemplateButtonType, parameters: number }> } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const AutomationRuleMenuFragmentDoc = new TypedDocumentString(`
    fragment AutomationRuleMenu on AutomationRule {
  menu {
    text
    style
    button
    back
    timeout
    options {
      title
      description
      reply
      handover
      menu {
        text
        options {
          title
          description
          reply
          handover
          menu {
            text
            options {
              title
              description
              reply
              handover
            }
          }
        }
      }
    }
  }
}
    `, {"fragmentName":"AutomationRuleMenu"}) as unknown as TypedDocumentString<AutomationRuleMenuFragment, unknown>;
export const AutomationRuleKeptFragmentDoc = new TypedDocumentString(`
    fragment AutomationRuleKept on AutomationRule {
  botUrl
  botKind
  media {
    type
    url
    mimetype
    filename
    voice
  }
  location {
    latitude
    longitude
    name
    address
  }
  contacts {
    name
    phones
    emails
    organization
  }
  interactive {
    header
    footer
    buttons {
      id
      title
    }
    list {
      button
      sections {
        title
        rows {
          id
          title
          description
        }
      }
    }
  }
  whatsappTemplate {
    name
    language
    body
    header {
      type
      text
      url
      filename
    }
    buttons {
      index
      type
      value
    }
  }
}
    `, {"fragmentName":"AutomationRuleKept"}) as unknown as TypedDocumentString<AutomationRuleKeptFragment, unknown>;
export const AutomationRuleContentFragmentDoc = new TypedDocumentString(`
    fragment AutomationRuleContent on AutomationRule {
  media {
    type
    url
  }
  location {
    name
  }
  contacts {
    name
  }
  interactive {
    buttons {
      title
    }
    list {
      button
    }
  }
  whatsappTemplate {
    name
    language
  }
}
    `, {"fragmentName":"AutomationRuleContent"}) as unknown as TypedDocumentString<AutomationRuleContentFragment, unknown>;
export const AutomationRuleFieldsFragmentDoc = new TypedDocumentString(`
    fragment AutomationRuleFields on AutomationRule {
  id
  name
  position
  enabled
  trigger
  keyword
  pattern
  replyId
  accountIds
  action
  text
  imageUrl
  cooldownSeconds
  answeredToday
  ...AutomationRuleMenu
  ...AutomationRuleKept
  ...AutomationRuleContent
}
    fragment AutomationRuleContent on AutomationRule {
  media {
    type
    url
  }
  location {
    name
  }
  contacts {
    name
  }
  interactive {
    buttons {
      title
    }
    list {
      button
    }
  }
  whatsappTemplate {
    name
    language
  }
}
fragment AutomationRuleMenu on AutomationRule {
  menu {
    text
    style
    button
    back
    timeout
    options {
      title
      description
      reply
      handover
      menu {
        text
        options {
          title
          description
          reply
          handover
          menu {
            text
            options {
              title
              description
              reply
              handover
            }
          }
        }
      }
    }
  }
}
fragment AutomationRuleKept on AutomationRule {
  botUrl
  botKind
  media {
    type
    url
    mimetype
    filename
    voice
  }
  location {
    latitude
    longitude
    name
    address
  }
  contacts {
    name
    phones
    emails
    organization
  }
  interactive {
    header
    footer
    buttons {
      id
      title
    }
    list {
      button
      sections {
        title
        rows {
          id
          title
          description
        }
      }
    }
  }
  whatsappTemplate {
    name
    language
    body
    header {
      type
      text
      url
      filename
    }
    buttons {
      index
      type
      value
    }
  }
}`, {"fragmentName":"AutomationRuleFields"}) as unknown as TypedDocumentString<AutomationRuleFieldsFragment, unknown>;
export const PlanFieldsFragmentDoc = new TypedDocumentString(`
    fragment PlanFields on Plan {
  name
  version
  messagesPerMonth
  numbers
  users
  monthly {
    net
    vat
    total
  }
  yearly {
    net
    vat
    total
  }
}
    `, {"fragmentName":"PlanFields"}) as unknown as TypedDocumentString<PlanFieldsFragment, unknown>;
export const ExportFieldsFragmentDoc = new TypedDocumentString(`
    fragment ExportFields on Export {
  id
  kind
  format
  from
  to
  status
  rowsDone
  rowsTotal
  progress
  bytes
  error
  createdAt
  expiresAt
  downloadPath
}
    `, {"fragmentName":"ExportFields"}) as unknown as TypedDocumentString<ExportFieldsFragment, unknown>;
export const ApiKeyFieldsFragmentDoc = new TypedDocumentString(`
    fragment ApiKeyFields on ApiKey {
  id
  prefix
  label
  scopes
  state
  createdAt
  lastUsedAt
  expiresAt
  revokedAt
  rotatedFromId
}
    `, {"fragmentName":"ApiKeyFields"}) as unknown as TypedDocumentString<ApiKeyFieldsFragment, unknown>;
export const StaffUserFieldsFragmentDoc = new TypedDocumentString(`
    fragment StaffUserFields on StaffUser {
  id
  email
  role
  state
  twoFactor
  lastSignInAt
  createdAt
}
    `, {"fragmentName":"StaffUserFields"}) as unknown as TypedDocumentString<StaffUserFieldsFragment, unknown>;
export const ChatwootBridgeFieldsFragmentDoc = new TypedDocumentString(`
    fragment ChatwootBridgeFields on ChatwootBridge {
  id
  baseUrl
  chatwootAccountId
  inboxId
  accountIds
  webhooksSigned
  createdAt
  updatedAt
  relay {
    toChatwoot
    toWhatsapp
    failedPosts
    oldestWaitingAt
    lastPostedAt
    lastError
    lastErrorAt
  }
  failedPosts {
    id
    phone
    kind
    reason
    failedAt
  }
}
    `, {"fragmentName":"ChatwootBridgeFields"}) as unknown as TypedDocumentString<ChatwootBridgeFieldsFragment, unknown>;
export const InboxItemFragmentDoc = new TypedDocumentString(`
    fragment InboxItem on InboundMessage {
  id
  from
  text
  type
  optOut
  receivedAt
  accountId
  inReplyTo {
    id
    text
  }
}
    `, {"fragmentName":"InboxItem"}) as unknown as TypedDocumentString<InboxItemFragment, unknown>;
export const BatchFieldsFragmentDoc = new TypedDocumentString(`
    fragment BatchFields on Batch {
  id
  total
  text
  createdAt
  sendAt
  state
  finished
  counts {
    pending
    sending
    sent
    failed
    cancelled
    optedOut
    delivered
    read
    replies
  }
}
    `, {"fragmentName":"BatchFields"}) as unknown as TypedDocumentString<BatchFieldsFragment, unknown>;
export const ConnectionFieldsFragmentDoc = new TypedDocumentString(`
    fragment ConnectionFields on AccountConnection {
  accountId
  name
  channel
  state
  status
  phoneNumber
  qr
  qrChangedAt
  pairingCode
  pairingPhone
  error
  verifiedName
  quality
  messagingTier
}
    `, {"fragmentName":"ConnectionFields"}) as unknown as TypedDocumentString<ConnectionFieldsFragment, unknown>;
export const WhatsAppTemplateFieldsFragmentDoc = new TypedDocumentString(`
    fragment WhatsAppTemplateFields on WhatsAppTemplate {
  id
  name
  language
  category
  accountId
  headerFormat
  headerParameters
  bodyParameters
  buttons {
    type
    parameters
  }
  status
  statusReason
  quality
  createdAt
}
    `, {"fragmentName":"WhatsAppTemplateFields"}) as unknown as TypedDocumentString<WhatsAppTemplateFieldsFragment, unknown>;
export const ConsoleAutomationRulesDocument = new TypedDocumentString(`
    query ConsoleAutomationRules {
  automationRules {
    ...AutomationRuleFields
  }
}
    fragment AutomationRuleContent on AutomationRule {
  media {
    type
    url
  }
  location {
    name
  }
  contacts {
    name
  }
  interactive {
    buttons {
      title
    }
    list {
      button
    }
  }
  whatsappTemplate {
    name
    language
  }
}
fragment AutomationRuleMenu on AutomationRule {
  menu {
    text
    style
    button
    back
    timeout
    options {
      title
      description
      reply
      handover
      menu {
        text
        options {
          title
          description
          reply
          handover
          menu {
            text
            options {
              title
              description
              reply
              handover
            }
          }
        }
      }
    }
  }
}
fragment AutomationRuleKept on AutomationRule {
  botUrl
  botKind
  media {
    type
    url
    mimetype
    filename
    voice
  }
  location {
    latitude
    longitude
    name
    address
  }
  contacts {
    name
    phones
    emails
    organization
  }
  interactive {
    header
    footer
    buttons {
      id
      title
    }
    list {
      button
      sections {
        title
        rows {
          id
          title
          description
        }
      }
    }
  }
  whatsappTemplate {
    name
    language
    body
    header {
      type
      text
      url
      filename
    }
    buttons {
      index
      type
      value
    }
  }
}
fragment AutomationRuleFields on AutomationRule {
  id
  name
  position
  enabled
  trigger
  keyword
  pattern
  replyId
  accountIds
  action
  text
  imageUrl
  cooldownSeconds
  answeredToday
  ...AutomationRuleMenu
  ...AutomationRuleKept
  ...AutomationRuleContent
}`) as unknown as TypedDocumentString<ConsoleAutomationRulesQuery, ConsoleAutomationRulesQueryVariables>;
export const ConsoleCreateAutomationRuleDocument = new TypedDocumentString(`
    mutation ConsoleCreateAutomationRule($input: CreateAutomationRuleInput!) {
  createAutomationRule(input: $input) {
    rule {
      ...AutomationRuleFields
    }
  }
}
    fragment AutomationRuleContent on AutomationRule {
  media {
    type
    url
  }
  location {
    name
  }
  contacts {
    name
  }
  interactive {
    buttons {
      title
    }
    list {
      button
    }
  }
  whatsappTemplate {
    name
    language
  }
}
fragment AutomationRuleMenu on AutomationRule {
  menu {
    text
    style
    button
    back
    timeout
    options {
      title
      description
      reply
      handover
      menu {
        text
        options {
          title
          description
          reply
          handover
          menu {
            text
            options {
              title
              description
              reply
              handover
            }
          }
        }
      }
    }
  }
}
fragment AutomationRuleKept on AutomationRule {
  botUrl
  botKind
  media {
    type
    url
    mimetype
    filename
    voice
  }
  location {
    latitude
    longitude
    name
    address
  }
  contacts {
    name
    phones
    emails
    organization
  }
  interactive {
    header
    footer
    buttons {
      id
      title
    }
    list {
      button
      sections {
        title
        rows {
          id
          title
          description
        }
      }
    }
  }
  whatsappTemplate {
    name
    language
    body
    header {
      type
      text
      url
      filename
    }
    buttons {
      index
      type
      value
    }
  }
}
fragment AutomationRuleFields on AutomationRule {
  id
  name
  position
  enabled
  trigger
  keyword
  pattern
  replyId
  accountIds
  action
  text
  imageUrl
  cooldownSeconds
  answeredToday
  ...AutomationRuleMenu
  ...AutomationRuleKept
  ...AutomationRuleContent
}`) as unknown as TypedDocumentString<ConsoleCreateAutomationRuleMutation, ConsoleCreateAutomationRuleMutationVariables>;
export const ConsoleUpdateAutomationRuleDocument = new TypedDocumentString(`
    mutation ConsoleUpdateAutomationRule($id: ID!, $input: UpdateAutomationRuleInput!) {
  updateAutomationRule(id: $id, input: $input) {
    rule {
      ...AutomationRuleFields
    }
  }
}
    fragment AutomationRuleContent on AutomationRule {
  media {
    type
    url
  }
  location {
    name
  }
  contacts {
    name
  }
  interactive {
    buttons {
      title
    }
    list {
      button
    }
  }
  whatsappTemplate {
    name
    language
  }
}
fragment AutomationRuleMenu on AutomationRule {
  menu {
    text
    style
    button
    back
    timeout
    options {
      title
      description
      reply
      handover
      menu {
        text
        options {
          title
          description
          reply
          handover
          menu {
            text
            options {
              title
              description
              reply
              handover
            }
          }
        }
      }
    }
  }
}
fragment AutomationRuleKept on AutomationRule {
  botUrl
  botKind
  media {
    type
    url
    mimetype
    filename
    voice
  }
  location {
    latitude
    longitude
    name
    address
  }
  contacts {
    name
    phones
    emails
    organization
  }
  interactive {
    header
    footer
    buttons {
      id
      title
    }
    list {
      button
      sections {
        title
        rows {
          id
          title
          description
        }
      }
    }
  }
  whatsappTemplate {
    name
    language
    body
    header {
      type
      text
      url
      filename
    }
    buttons {
      index
      type
      value
    }
  }
}
fragment AutomationRuleFields on AutomationRule {
  id
  name
  position
  enabled
  trigger
  keyword
  pattern
  replyId
  accountIds
  action
  text
  imageUrl
  cooldownSeconds
  answeredToday
  ...AutomationRuleMenu
  ...AutomationRuleKept
  ...AutomationRuleContent
}`) as unknown as TypedDocumentString<ConsoleUpdateAutomationRuleMutation, ConsoleUpdateAutomationRuleMutationVariables>;
export const ConsoleDeleteAutomationRuleDocument = new TypedDocumentString(`
    mutation ConsoleDeleteAutomationRule($id: ID!) {
  deleteAutomationRule(id: $id) {
    rule {
      id
      name
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleDeleteAutomationRuleMutation, ConsoleDeleteAutomationRuleMutationVariables>;
export const ConsoleAutomationTrialDocument = new TypedDocumentString(`
    query ConsoleAutomationTrial($input: AutomationTrialInput!) {
  automationTrial(input: $input) {
    rule {
      id
      name
    }
    draft
    text
    imageUrl
    handover
    media {
      type
      url
    }
    location {
      name
    }
    contacts {
      name
    }
    interactive {
      buttons {
        title
      }
      list {
        button
      }
    }
    whatsappTemplate {
      name
      language
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleAutomationTrialQuery, ConsoleAutomationTrialQueryVariables>;
export const ConsolePlansDocument = new TypedDocumentString(`
    query ConsolePlans {
  plans {
    ...PlanFields
  }
  billing {
    plan {
      name
    }
  }
}
    fragment PlanFields on Plan {
  name
  version
  messagesPerMonth
  numbers
  users
  monthly {
    net
    vat
    total
  }
  yearly {
    net
    vat
    total
  }
}`) as unknown as TypedDocumentString<ConsolePlansQuery, ConsolePlansQueryVariables>;
export const ConsoleBillingDocument = new TypedDocumentString(`
    query ConsoleBilling {
  billing {
    interval
    state
    periodStart
    periodEnd
    daysLeft
    graceUntil
    pendingPlan
    provider
    renewedByProvider
    plan {
      ...PlanFields
    }
    messages {
      used
      allowance
    }
    numbers {
      used
      allowance
    }
    card {
      brand
      last4
    }
  }
  plans {
    ...PlanFields
  }
  topUpPacks {
    id
    name
    messages
    price {
      net
      vat
      total
    }
  }
}
    fragment PlanFields on Plan {
  name
  version
  messagesPerMonth
  numbers
  users
  monthly {
    net
    vat
    total
  }
  yearly {
    net
    vat
    total
  }
}`) as unknown as TypedDocumentString<ConsoleBillingQuery, ConsoleBillingQueryVariables>;
export const ConsoleInvoicesDocument = new TypedDocumentString(`
    query ConsoleInvoices($first: Int!) {
  invoices(first: $first) {
    edges {
      node {
        id
        number
        kind
        issuedAt
        totalHalalas
      }
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleInvoicesQuery, ConsoleInvoicesQueryVariables>;
export const ConsoleCheckoutDocument = new TypedDocumentString(`
    mutation ConsoleCheckout($plan: String!, $interval: String!, $token: String) {
  checkout(plan: $plan, interval: $interval, token: $token) {
    paymentId
    status
    redirectUrl
    amount
  }
}
    `) as unknown as TypedDocumentString<ConsoleCheckoutMutation, ConsoleCheckoutMutationVariables>;
export const ConsoleChangePlanDocument = new TypedDocumentString(`
    mutation ConsoleChangePlan($plan: String!) {
  changePlan(plan: $plan) {
    kind
    effectiveOn
    paymentId
    status
  }
}
    `) as unknown as TypedDocumentString<ConsoleChangePlanMutation, ConsoleChangePlanMutationVariables>;
export const ConsoleTopUpDocument = new TypedDocumentString(`
    mutation ConsoleTopUp($pack: ID!) {
  topUp(pack: $pack) {
    paymentId
    status
    redirectUrl
    amount
  }
}
    `) as unknown as TypedDocumentString<ConsoleTopUpMutation, ConsoleTopUpMutationVariables>;
export const ConsoleSignUpDocument = new TypedDocumentString(`
    mutation ConsoleSignUp($input: SignUpInput!) {
  signUp(input: $input) {
    message
  }
}
    `) as unknown as TypedDocumentString<ConsoleSignUpMutation, ConsoleSignUpMutationVariables>;
export const ConsoleResendVerificationDocument = new TypedDocumentString(`
    mutation ConsoleResendVerification {
  resendVerification {
    sent
  }
}
    `) as unknown as TypedDocumentString<ConsoleResendVerificationMutation, ConsoleResendVerificationMutationVariables>;
export const ConsoleExportsDocument = new TypedDocumentString(`
    query ConsoleExports {
  exports {
    ...ExportFields
  }
}
    fragment ExportFields on Export {
  id
  kind
  format
  from
  to
  status
  rowsDone
  rowsTotal
  progress
  bytes
  error
  createdAt
  expiresAt
  downloadPath
}`) as unknown as TypedDocumentString<ConsoleExportsQuery, ConsoleExportsQueryVariables>;
export const ConsoleStartExportDocument = new TypedDocumentString(`
    mutation ConsoleStartExport($input: StartExportInput!) {
  startExport(input: $input) {
    export {
      ...ExportFields
    }
  }
}
    fragment ExportFields on Export {
  id
  kind
  format
  from
  to
  status
  rowsDone
  rowsTotal
  progress
  bytes
  error
  createdAt
  expiresAt
  downloadPath
}`) as unknown as TypedDocumentString<ConsoleStartExportMutation, ConsoleStartExportMutationVariables>;
export const ConsoleApiKeysDocument = new TypedDocumentString(`
    query ConsoleApiKeys {
  apiKeys {
    ...ApiKeyFields
  }
}
    fragment ApiKeyFields on ApiKey {
  id
  prefix
  label
  scopes
  state
  createdAt
  lastUsedAt
  expiresAt
  revokedAt
  rotatedFromId
}`) as unknown as TypedDocumentString<ConsoleApiKeysQuery, ConsoleApiKeysQueryVariables>;
export const ConsoleCreateApiKeyDocument = new TypedDocumentString(`
    mutation ConsoleCreateApiKey($input: CreateApiKeyInput!) {
  createApiKey(input: $input) {
    secret
    key {
      ...ApiKeyFields
    }
  }
}
    fragment ApiKeyFields on ApiKey {
  id
  prefix
  label
  scopes
  state
  createdAt
  lastUsedAt
  expiresAt
  revokedAt
  rotatedFromId
}`) as unknown as TypedDocumentString<ConsoleCreateApiKeyMutation, ConsoleCreateApiKeyMutationVariables>;
export const ConsoleRevokeApiKeyDocument = new TypedDocumentString(`
    mutation ConsoleRevokeApiKey($id: ID!) {
  revokeApiKey(id: $id) {
    key {
      ...ApiKeyFields
    }
  }
}
    fragment ApiKeyFields on ApiKey {
  id
  prefix
  label
  scopes
  state
  createdAt
  lastUsedAt
  expiresAt
  revokedAt
  rotatedFromId
}`) as unknown as TypedDocumentString<ConsoleRevokeApiKeyMutation, ConsoleRevokeApiKeyMutationVariables>;
export const ConsoleRotateApiKeyDocument = new TypedDocumentString(`
    mutation ConsoleRotateApiKey($id: ID!, $overlapSeconds: Int) {
  rotateApiKey(id: $id, overlapSeconds: $overlapSeconds) {
    secret
    key {
      ...ApiKeyFields
    }
    previous {
      ...ApiKeyFields
    }
  }
}
    fragment ApiKeyFields on ApiKey {
  id
  prefix
  label
  scopes
  state
  createdAt
  lastUsedAt
  expiresAt
  revokedAt
  rotatedFromId
}`) as unknown as TypedDocumentString<ConsoleRotateApiKeyMutation, ConsoleRotateApiKeyMutationVariables>;
export const ConsoleUsersDocument = new TypedDocumentString(`
    query ConsoleUsers {
  users {
    ...StaffUserFields
  }
}
    fragment StaffUserFields on StaffUser {
  id
  email
  role
  state
  twoFactor
  lastSignInAt
  createdAt
}`) as unknown as TypedDocumentString<ConsoleUsersQuery, ConsoleUsersQueryVariables>;
export const ConsoleInviteUserDocument = new TypedDocumentString(`
    mutation ConsoleInviteUser($input: InviteUserInput!) {
  inviteUser(input: $input) {
    link
    linkExpiresAt
    user {
      ...StaffUserFields
    }
  }
}
    fragment StaffUserFields on StaffUser {
  id
  email
  role
  state
  twoFactor
  lastSignInAt
  createdAt
}`) as unknown as TypedDocumentString<ConsoleInviteUserMutation, ConsoleInviteUserMutationVariables>;
export const ConsoleSetUserRoleDocument = new TypedDocumentString(`
    mutation ConsoleSetUserRole($id: ID!, $role: StaffRole!) {
  setUserRole(id: $id, role: $role) {
    user {
      ...StaffUserFields
    }
  }
}
    fragment StaffUserFields on StaffUser {
  id
  email
  role
  state
  twoFactor
  lastSignInAt
  createdAt
}`) as unknown as TypedDocumentString<ConsoleSetUserRoleMutation, ConsoleSetUserRoleMutationVariables>;
export const ConsoleSetUserDisabledDocument = new TypedDocumentString(`
    mutation ConsoleSetUserDisabled($id: ID!, $disabled: Boolean!) {
  setUserDisabled(id: $id, disabled: $disabled) {
    user {
      ...StaffUserFields
    }
  }
}
    fragment StaffUserFields on StaffUser {
  id
  email
  role
  state
  twoFactor
  lastSignInAt
  createdAt
}`) as unknown as TypedDocumentString<ConsoleSetUserDisabledMutation, ConsoleSetUserDisabledMutationVariables>;
export const ConsolePasswordLinkDocument = new TypedDocumentString(`
    mutation ConsolePasswordLink($id: ID!) {
  sendUserPasswordLink(id: $id) {
    link
    linkExpiresAt
    user {
      ...StaffUserFields
    }
  }
}
    fragment StaffUserFields on StaffUser {
  id
  email
  role
  state
  twoFactor
  lastSignInAt
  createdAt
}`) as unknown as TypedDocumentString<ConsolePasswordLinkMutation, ConsolePasswordLinkMutationVariables>;
export const ConsoleAuditEventsDocument = new TypedDocumentString(`
    query ConsoleAuditEvents($first: Int!, $after: String, $action: String, $actor: String, $target: String, $since: String, $until: String) {
  auditEvents(
    first: $first
    after: $after
    action: $action
    actor: $actor
    target: $target
    since: $since
    until: $until
  ) {
    edges {
      node {
        id
        at
        action
        target
        address
        actor {
          kind
          name
          label
        }
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleAuditEventsQuery, ConsoleAuditEventsQueryVariables>;
export const ConsoleChatwootBridgeDocument = new TypedDocumentString(`
    query ConsoleChatwootBridge {
  chatwootBridge {
    ...ChatwootBridgeFields
  }
}
    fragment ChatwootBridgeFields on ChatwootBridge {
  id
  baseUrl
  chatwootAccountId
  inboxId
  accountIds
  webhooksSigned
  createdAt
  updatedAt
  relay {
    toChatwoot
    toWhatsapp
    failedPosts
    oldestWaitingAt
    lastPostedAt
    lastError
    lastErrorAt
  }
  failedPosts {
    id
    phone
    kind
    reason
    failedAt
  }
}`) as unknown as TypedDocumentString<ConsoleChatwootBridgeQuery, ConsoleChatwootBridgeQueryVariables>;
export const ConsoleConnectChatwootDocument = new TypedDocumentString(`
    mutation ConsoleConnectChatwoot($input: ConnectChatwootInput!) {
  connectChatwoot(input: $input) {
    webhookUrl
    bridge {
      ...ChatwootBridgeFields
    }
  }
}
    fragment ChatwootBridgeFields on ChatwootBridge {
  id
  baseUrl
  chatwootAccountId
  inboxId
  accountIds
  webhooksSigned
  createdAt
  updatedAt
  relay {
    toChatwoot
    toWhatsapp
    failedPosts
    oldestWaitingAt
    lastPostedAt
    lastError
    lastErrorAt
  }
  failedPosts {
    id
    phone
    kind
    reason
    failedAt
  }
}`) as unknown as TypedDocumentString<ConsoleConnectChatwootMutation, ConsoleConnectChatwootMutationVariables>;
export const ConsoleDisconnectChatwootDocument = new TypedDocumentString(`
    mutation ConsoleDisconnectChatwoot {
  disconnectChatwoot {
    bridge {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleDisconnectChatwootMutation, ConsoleDisconnectChatwootMutationVariables>;
export const ConsoleRetryChatwootPostsDocument = new TypedDocumentString(`
    mutation ConsoleRetryChatwootPosts {
  retryChatwootPosts {
    retried
  }
}
    `) as unknown as TypedDocumentString<ConsoleRetryChatwootPostsMutation, ConsoleRetryChatwootPostsMutationVariables>;
export const ConsoleOverviewDocument = new TypedDocumentString(`
    query ConsoleOverview {
  balance {
    plan
    subscriptionEnds
    messages {
      limit
      used
      remaining
    }
    accounts {
      limit
      connected
    }
  }
  accounts {
    id
    name
    phoneNumber
    status
    state
    stateReason
    todaySent
    monthSent
    dailyLimit
    monthlyLimit
  }
  sendWindow {
    timeZone
  }
  queuedMessages
  sendingActivity {
    hour
    sent
    failed
  }
}
    `) as unknown as TypedDocumentString<ConsoleOverviewQuery, ConsoleOverviewQueryVariables>;
export const ConsoleInboxDocument = new TypedDocumentString(`
    query ConsoleInbox($first: Int!) {
  inboundMessages(first: $first) {
    edges {
      node {
        ...InboxItem
      }
    }
  }
}
    fragment InboxItem on InboundMessage {
  id
  from
  text
  type
  optOut
  receivedAt
  accountId
  inReplyTo {
    id
    text
  }
}`) as unknown as TypedDocumentString<ConsoleInboxQuery, ConsoleInboxQueryVariables>;
export const ConsoleInboxLiveDocument = new TypedDocumentString(`
    subscription ConsoleInboxLive {
  inboundMessages {
    ...InboxItem
  }
}
    fragment InboxItem on InboundMessage {
  id
  from
  text
  type
  optOut
  receivedAt
  accountId
  inReplyTo {
    id
    text
  }
}`) as unknown as TypedDocumentString<ConsoleInboxLiveSubscription, ConsoleInboxLiveSubscriptionVariables>;
export const ConsoleOptOutDocument = new TypedDocumentString(`
    mutation ConsoleOptOut($numbers: [String!]!) {
  optOutContacts(numbers: $numbers) {
    optedOut
    already
  }
}
    `) as unknown as TypedDocumentString<ConsoleOptOutMutation, ConsoleOptOutMutationVariables>;
export const ConsoleEraseContactDocument = new TypedDocumentString(`
    mutation ConsoleEraseContact($number: String!) {
  eraseContact(number: $number) {
    messages
    inboundMessages
  }
}
    `) as unknown as TypedDocumentString<ConsoleEraseContactMutation, ConsoleEraseContactMutationVariables>;
export const ConsoleSendSetupDocument = new TypedDocumentString(`
    query ConsoleSendSetup {
  templates {
    name
    text
    variables
  }
  accounts {
    id
    name
    phoneNumber
    state
  }
}
    `) as unknown as TypedDocumentString<ConsoleSendSetupQuery, ConsoleSendSetupQueryVariables>;
export const ConsoleSheetDocument = new TypedDocumentString(`
    query ConsoleSheet($csv: String!) {
  sheetRecipients(csv: $csv) {
    to
    variables
    row
  }
}
    `) as unknown as TypedDocumentString<ConsoleSheetQuery, ConsoleSheetQueryVariables>;
export const ConsolePreviewDocument = new TypedDocumentString(`
    query ConsolePreview($input: SendBulkInput!) {
  previewBulk(input: $input, first: 3) {
    total
    skipped
    recipients {
      to
      text
      skipped
    }
  }
}
    `) as unknown as TypedDocumentString<ConsolePreviewQuery, ConsolePreviewQueryVariables>;
export const ConsoleSendBulkDocument = new TypedDocumentString(`
    mutation ConsoleSendBulk($input: SendBulkInput!) {
  sendBulk(input: $input) {
    batchId
    queued
    skipped {
      to
      reason
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleSendBulkMutation, ConsoleSendBulkMutationVariables>;
export const ConsoleBatchesDocument = new TypedDocumentString(`
    query ConsoleBatches($first: Int!, $state: BatchState) {
  batches(first: $first, state: $state) {
    edges {
      node {
        ...BatchFields
      }
    }
  }
}
    fragment BatchFields on Batch {
  id
  total
  text
  createdAt
  sendAt
  state
  finished
  counts {
    pending
    sending
    sent
    failed
    cancelled
    optedOut
    delivered
    read
    replies
  }
}`) as unknown as TypedDocumentString<ConsoleBatchesQuery, ConsoleBatchesQueryVariables>;
export const ConsoleBatchProgressDocument = new TypedDocumentString(`
    subscription ConsoleBatchProgress($id: ID!) {
  batchProgress(id: $id) {
    ...BatchFields
  }
}
    fragment BatchFields on Batch {
  id
  total
  text
  createdAt
  sendAt
  state
  finished
  counts {
    pending
    sending
    sent
    failed
    cancelled
    optedOut
    delivered
    read
    replies
  }
}`) as unknown as TypedDocumentString<ConsoleBatchProgressSubscription, ConsoleBatchProgressSubscriptionVariables>;
export const ConsoleCancelBatchDocument = new TypedDocumentString(`
    mutation ConsoleCancelBatch($id: ID!) {
  cancelBatch(id: $id) {
    cancelled
    batch {
      ...BatchFields
    }
  }
}
    fragment BatchFields on Batch {
  id
  total
  text
  createdAt
  sendAt
  state
  finished
  counts {
    pending
    sending
    sent
    failed
    cancelled
    optedOut
    delivered
    read
    replies
  }
}`) as unknown as TypedDocumentString<ConsoleCancelBatchMutation, ConsoleCancelBatchMutationVariables>;
export const ConsoleMessagesDocument = new TypedDocumentString(`
    query ConsoleMessages($first: Int!, $after: String, $status: [MessageStatus!], $to: String, $since: String, $until: String) {
  messages(
    first: $first
    after: $after
    status: $status
    to: $to
    since: $since
    until: $until
  ) {
    edges {
      node {
        id
        to
        text
        status
        error
        createdAt
        sentAt
        batchId
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleMessagesQuery, ConsoleMessagesQueryVariables>;
export const ConsoleContactsDocument = new TypedDocumentString(`
    query ConsoleContacts($first: Int!, $after: String, $search: String, $optedOut: Boolean) {
  contacts(first: $first, after: $after, search: $search, optedOut: $optedOut) {
    edges {
      node {
        id
        phone
        name
        optedOut
        optOutReason
        lastInboundAt
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleContactsQuery, ConsoleContactsQueryVariables>;
export const ConsoleOptInDocument = new TypedDocumentString(`
    mutation ConsoleOptIn($numbers: [String!]!) {
  optInContacts(numbers: $numbers) {
    __typename
  }
}
    `) as unknown as TypedDocumentString<ConsoleOptInMutation, ConsoleOptInMutationVariables>;
export const ConsoleImportSuppressionDocument = new TypedDocumentString(`
    mutation ConsoleImportSuppression($numbers: [String!]!) {
  importSuppressionList(numbers: $numbers) {
    optedOut
    already
    invalid {
      __typename
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleImportSuppressionMutation, ConsoleImportSuppressionMutationVariables>;
export const ConsoleTemplatesDocument = new TypedDocumentString(`
    query ConsoleTemplates {
  templates {
    name
    text
    variables
    updatedAt
  }
}
    `) as unknown as TypedDocumentString<ConsoleTemplatesQuery, ConsoleTemplatesQueryVariables>;
export const ConsoleCreateTemplateDocument = new TypedDocumentString(`
    mutation ConsoleCreateTemplate($input: CreateTemplateInput!) {
  createTemplate(input: $input) {
    template {
      name
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleCreateTemplateMutation, ConsoleCreateTemplateMutationVariables>;
export const ConsoleUpdateTemplateDocument = new TypedDocumentString(`
    mutation ConsoleUpdateTemplate($name: String!, $input: UpdateTemplateInput!) {
  updateTemplate(name: $name, input: $input) {
    template {
      name
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleUpdateTemplateMutation, ConsoleUpdateTemplateMutationVariables>;
export const ConsoleDeleteTemplateDocument = new TypedDocumentString(`
    mutation ConsoleDeleteTemplate($name: String!, $force: Boolean) {
  deleteTemplate(name: $name, force: $force) {
    queuedMessages
  }
}
    `) as unknown as TypedDocumentString<ConsoleDeleteTemplateMutation, ConsoleDeleteTemplateMutationVariables>;
export const ConsoleSettingsDocument = new TypedDocumentString(`
    query ConsoleSettings {
  sendWindow {
    days
    start
    end
    timeZone
  }
  consentSettings {
    stopWords
    useDefaultStopWords
    defaultStopWords
  }
  webhookEndpoints {
    id
    url
    enabled
    events
  }
  webhookDeliveries(first: 20) {
    edges {
      node {
        id
        endpointId
        eventType
        status
        attempts
        responseStatus
        lastError
        createdAt
      }
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleSettingsQuery, ConsoleSettingsQueryVariables>;
export const ConsoleSetSendWindowDocument = new TypedDocumentString(`
    mutation ConsoleSetSendWindow($input: SendWindowInput) {
  setSendWindow(input: $input) {
    sendWindow {
      days
      start
      end
      timeZone
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleSetSendWindowMutation, ConsoleSetSendWindowMutationVariables>;
export const ConsoleSetStopWordsDocument = new TypedDocumentString(`
    mutation ConsoleSetStopWords($stopWords: [String!], $useDefaultStopWords: Boolean) {
  setConsentSettings(
    stopWords: $stopWords
    useDefaultStopWords: $useDefaultStopWords
  ) {
    stopWords
    useDefaultStopWords
  }
}
    `) as unknown as TypedDocumentString<ConsoleSetStopWordsMutation, ConsoleSetStopWordsMutationVariables>;
export const ConsoleCreateWebhookDocument = new TypedDocumentString(`
    mutation ConsoleCreateWebhook($input: CreateWebhookEndpointInput!) {
  createWebhookEndpoint(input: $input) {
    secret
    endpoint {
      id
      url
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleCreateWebhookMutation, ConsoleCreateWebhookMutationVariables>;
export const ConsoleReplayDeliveryDocument = new TypedDocumentString(`
    mutation ConsoleReplayDelivery($id: ID!) {
  replayWebhookDelivery(id: $id) {
    delivery {
      id
      status
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleReplayDeliveryMutation, ConsoleReplayDeliveryMutationVariables>;
export const ConsoleReplyDocument = new TypedDocumentString(`
    mutation ConsoleReply($input: SendMessageInput!) {
  sendMessage(input: $input) {
    message {
      id
      status
    }
  }
}
    `) as unknown as TypedDocumentString<ConsoleReplyMutation, ConsoleReplyMutationVariables>;
export const ConsoleNumbersDocument = new TypedDocumentString(`
    query ConsoleNumbers {
  accounts {
    id
    name
    phoneNumber
    status
    state
    quality
    messagingTier
  }
}
    `) as unknown as TypedDocumentString<ConsoleNumbersQuery, ConsoleNumbersQueryVariables>;
export const ConsoleConnectionDocument = new TypedDocumentString(`
    query ConsoleConnection($id: Int!) {
  accountConnection(id: $id) {
    ...ConnectionFields
  }
}
    fragment ConnectionFields on AccountConnection {
  accountId
  name
  channel
  state
  status
  phoneNumber
  qr
  qrChangedAt
  pairingCode
  pairingPhone
  error
  verifiedName
  quality
  messagingTier
}`) as unknown as TypedDocumentString<ConsoleConnectionQuery, ConsoleConnectionQueryVariables>;
export const ConsoleConnectionLiveDocument = new TypedDocumentString(`
    subscription ConsoleConnectionLive($id: Int!) {
  accountConnection(id: $id) {
    ...ConnectionFields
  }
}
    fragment ConnectionFields on AccountConnection {
  accountId
  name
  channel
  state
  status
  phoneNumber
  qr
  qrChangedAt
  pairingCode
  pairingPhone
  error
  verifiedName
  quality
  messagingTier
}`) as unknown as TypedDocumentString<ConsoleConnectionLiveSubscription, ConsoleConnectionLiveSubscriptionVariables>;
export const ConsoleConnectAccountDocument = new TypedDocumentString(`
    mutation ConsoleConnectAccount($input: ConnectAccountInput!) {
  connectAccount(input: $input) {
    ...ConnectionFields
  }
}
    fragment ConnectionFields on AccountConnection {
  accountId
  name
  channel
  state
  status
  phoneNumber
  qr
  qrChangedAt
  pairingCode
  pairingPhone
  error
  verifiedName
  quality
  messagingTier
}`) as unknown as TypedDocumentString<ConsoleConnectAccountMutation, ConsoleConnectAccountMutationVariables>;
export const ConsolePairingCodeDocument = new TypedDocumentString(`
    mutation ConsolePairingCode($id: Int!, $phoneNumber: String!) {
  requestPairingCode(id: $id, phoneNumber: $phoneNumber) {
    ...ConnectionFields
  }
}
    fragment ConnectionFields on AccountConnection {
  accountId
  name
  channel
  state
  status
  phoneNumber
  qr
  qrChangedAt
  pairingCode
  pairingPhone
  error
  verifiedName
  quality
  messagingTier
}`) as unknown as TypedDocumentString<ConsolePairingCodeMutation, ConsolePairingCodeMutationVariables>;
export const ConsoleRelinkDocument = new TypedDocumentString(`
    mutation ConsoleRelink($id: Int!) {
  relinkAccount(id: $id) {
    ...ConnectionFields
  }
}
    fragment ConnectionFields on AccountConnection {
  accountId
  name
  channel
  state
  status
  phoneNumber
  qr
  qrChangedAt
  pairingCode
  pairingPhone
  error
  verifiedName
  quality
  messagingTier
}`) as unknown as TypedDocumentString<ConsoleRelinkMutation, ConsoleRelinkMutationVariables>;
export const ConsoleRemoveAccountDocument = new TypedDocumentString(`
    mutation ConsoleRemoveAccount($id: Int!) {
  removeAccount(id: $id) {
    id
    removedAt
  }
}
    `) as unknown as TypedDocumentString<ConsoleRemoveAccountMutation, ConsoleRemoveAccountMutationVariables>;
export const ConsoleEmbeddedSignupDocument = new TypedDocumentString(`
    query ConsoleEmbeddedSignup {
  embeddedSignup {
    appId
    configId
    graphVersion
  }
}
    `) as unknown as TypedDocumentString<ConsoleEmbeddedSignupQuery, ConsoleEmbeddedSignupQueryVariables>;
export const ConsoleWhatsAppTemplatesDocument = new TypedDocumentString(`
    query ConsoleWhatsAppTemplates {
  whatsappTemplates {
    ...WhatsAppTemplateFields
  }
  accounts {
    id
    name
    phoneNumber
    capabilities {
      channel
    }
  }
}
    fragment WhatsAppTemplateFields on WhatsAppTemplate {
  id
  name
  language
  category
  accountId
  headerFormat
  headerParameters
  bodyParameters
  buttons {
    type
    parameters
  }
  status
  statusReason
  quality
  createdAt
}`) as unknown as TypedDocumentString<ConsoleWhatsAppTemplatesQuery, ConsoleWhatsAppTemplatesQueryVariables>;
export const ConsoleSyncWhatsAppTemplatesDocument = new TypedDocumentString(`
    mutation ConsoleSyncWhatsAppTemplates {
  syncWhatsAppTemplates {
    synced
    skipped
  }
}
    `) as unknown as TypedDocumentString<ConsoleSyncWhatsAppTemplatesMutation, ConsoleSyncWhatsAppTemplatesMutationVariables>;
export const ConsoleSubmitWhatsAppTemplateDocument = new TypedDocumentString(`
    mutation ConsoleSubmitWhatsAppTemplate($input: SubmitWhatsAppTemplateInput!) {
  submitWhatsAppTemplate(input: $input) {
    ...WhatsAppTemplateFields
  }
}
    fragment WhatsAppTemplateFields on WhatsAppTemplate {
  id
  name
  language
  category
  accountId
  headerFormat
  headerParameters
  bodyParameters
  buttons {
    type
    parameters
  }
  status
  statusReason
  quality
  createdAt
}`) as unknown as TypedDocumentString<ConsoleSubmitWhatsAppTemplateMutation, ConsoleSubmitWhatsAppTemplateMutationVariables>;