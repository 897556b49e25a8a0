// The Chatwoot page's texts added with signed webhooks and posts Chatwoot refused, in English;
// texts-ar.ts has the same keys in Arabic. The page's first texts are in ../../texts-en.ts.

export const chatwootEn = {
  chatwootWebhooks: "Webhooks from Chatwoot",
  chatwootSigned: "Signed: each one is checked with the inbox's secret",
  chatwootUnsigned:
    "Not signed: Chatwoot showed no secret for the inbox (a Chatwoot older than 4.13, or a token that is not an administrator's). They are refused unless the operator allows unsigned webhooks: connect again with an administrator's token.",
  chatwootFailedPosts: "Refused by Chatwoot for good",
  chatwootNoneFailed: "None",
  chatwootFailedTitle: "What Chatwoot refused",
  chatwootFailedHelp:
    "Chatwoot refused these for good, so they wait here instead of being tried again by themselves. Posting them again puts each after what its contact sent since.",
  chatwootFailedShown: "The latest {shown} of {all}.",
  chatwootFailedContact: "Contact",
  chatwootFailedKind: "What",
  chatwootFailedKind_message: "The contact's message",
  chatwootFailedKind_opt_out: "The note that the contact opted out",
  chatwootFailedKind_note: "A private note",
  chatwootFailedReason: "Chatwoot's answer",
  chatwootFailedAt: "Failed",
  chatwootRetry: "Post them again",
  chatwootRetrying: "Posting again…",
  chatwootRetried: "Back in line for Chatwoot: {n}.",
  chatwootUnreachable: "Chatwoot did not answer at this address: check it, and that Chatwoot is running.",
  chatwootTokenRefused: "Chatwoot refused this token. Use an administrator's access token from Profile settings; an agent bot's token cannot be used.",
  chatwootNoSecret: "Chatwoot shows the inbox's webhook secret only to administrators, from version 4.13: use an administrator's access token.",
  chatwootNoInbox: "Chatwoot has no inbox with this id in this account.",
  chatwootNotApiInbox: "This inbox is not an API channel inbox: choose one of type API.",
  chatwootAccountRefused: "Chatwoot refused this account's API.",
};
