import { createHmac } from "node:crypto";

// How the gateway signs what it POSTs to a business's own address (webhooks, a rule's bot), so the
// receiver can tell the gateway sent it and when: one scheme, checked as docs/webhooks.md shows.

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${mac}`;
}
