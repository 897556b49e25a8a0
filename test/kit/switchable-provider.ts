import http from "node:http";
import type { AddressInfo } from "node:net";
import { loseAnswer, type LostAnswer } from "./lost-answers.js";

/** What the fake provider does with each request now: accept it, fail it one of three ways, or accept it and lose the answer. */
export type ProviderMode = "ok" | "error500" | "hang" | "reset" | LostAnswer;

export interface Attempt {
  to: string;
  mode: ProviderMode;
}

/**
 * A fake WhatsApp Cloud API (`POST /<version>/<phone number id>/messages`) whose behaviour the test
 * switches while it runs: "ok" accepts the message (and records it in `accepted`: the provider's
 * ledger), "error500" answers a Graph API 500, "hang" never answers, "reset" resets the TCP
 * connection after reading the request; "drop" and "stall" accept the message (it is in
 * `accepted`) and then reset the connection or never answer (test/kit/lost-answers.ts). Every
 * request is recorded in `attempts` with the mode that answered it.
 */
export async function startSwitchableProvider() {
  let mode: ProviderMode = "ok";
  let sequence = 0;
  const attempts: Attempt[] = [];
  const accepted: string[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (d: Buffer) => (raw += d.toString()));
    req.on("end", () => {
      const to = (() => {
        try {
          const parsed = JSON.parse(raw) as { to?: unknown };
          return typeof parsed.to === "string" ? parsed.to : "";
        } catch {
          return "";
        }
      })();
      const now = mode;
      attempts.push({ to, mode: now });
      if (now === "hang") return;
      if (now === "reset") return void req.socket.resetAndDestroy();
      if (now === "error500")
        return void res
          .writeHead(500, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { message: "An unknown error has occurred.", type: "OAuthException", code: 1 } }));
      accepted.push(to);
      if (now === "drop" || now === "stall") return loseAnswer(now, req);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ messaging_product: "whatsapp", contacts: [{ input: to, wa_id: to }], messages: [{ id: `wamid.fault${++sequence}` }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    attempts,
    accepted,
    set mode(m: ProviderMode) {
      mode = m;
    },
    get mode() {
      return mode;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
