import { z } from "zod";
import { validationError } from "../../core/errors.js";
import { inwardAddressProblem } from "../../core/input/public-address.js";

// Where a webhook may point: the shape of its URL, and a public address (core/input/public-address.ts)
// when it is registered; each delivery checks the address again at the socket (webhook-delivery.ts).

const MAX_URL_LENGTH = 2048;

/** What is wrong with the shape of an endpoint URL (as it will be stored: trimmed), if anything. */
function urlProblem(written: string): string | undefined {
  let url: URL;
  try {
    url = new URL(written);
  } catch {
    return "must be an absolute http(s) URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "must use http or https";
  if (url.username || url.password) return "must not carry a user name or password (they would be shown in listings)";
  if (written.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  return undefined;
}

/** An endpoint URL's shape, checked on the URL trimmed; the first problem is the one said. */
export const webhookUrl = z.string().superRefine((s, ctx) => {
  const problem = urlProblem(s.trim());
  if (problem) ctx.addIssue({ code: "custom", message: problem, input: s });
});

/** The registration check: the URL's host must be a public address, unless `allowPrivate`. */
export async function checkWebhookAddress(url: URL, allowPrivate: boolean): Promise<void> {
  const problem = await inwardAddressProblem(url, allowPrivate);
  if (problem) throw validationError({ url: problem });
}
