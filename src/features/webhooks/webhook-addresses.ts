import { validationError } from "../../core/errors.js";
import { inwardAddressProblem } from "../../core/input/public-address.js";

// Where a webhook may point: the shape of its URL, and a public address (core/input/public-address.ts)
// when it is registered; each delivery checks the address again at the socket (webhook-delivery.ts).

/** Checks the shape of an endpoint URL; returns the parsed URL. Field errors name `url`. */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw validationError({ url: "must be an absolute http(s) URL" });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw validationError({ url: "must use http or https" });
  if (url.username || url.password) throw validationError({ url: "must not carry a user name or password (they would be shown in listings)" });
  if (raw.length > 2048) throw validationError({ url: "must be at most 2048 characters" });
  return url;
}

/** The registration check: the URL's host must be a public address, unless `allowPrivate`. */
export async function checkWebhookAddress(url: URL, allowPrivate: boolean): Promise<void> {
  const problem = await inwardAddressProblem(url, allowPrivate);
  if (problem) throw validationError({ url: problem });
}
