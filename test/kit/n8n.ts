import { createHmac, timingSafeEqual } from "node:crypto";
import { HeldAnswers, listenLocally } from "./stand-in.js";

// A stand-in for an n8n instance running one workflow that starts with a Webhook node, as n8n's
// own documentation describes them (n8n-io/n8n-docs, docs/integrations/builtin/core-nodes/
// n8n-nodes-base.webhook/index.md, n8n-nodes-base.respondtowebhook.md; read
// 2026-11): the production URL is `<instance>/webhook/<path>`; the node's Respond option decides
// the answer:
// - "respondNode" (Using 'Respond to Webhook' node): the workflow runs and the Respond to Webhook
//   node answers with the JSON it was given (its first item), status 200;
// - "immediately": n8n answers at once, before the workflow runs, with a fixed message (n8n's docs
//   write it "Workflow got started"; n8n's code sends `{"message":"Workflow was started"}`), so
//   nothing the workflow makes reaches the caller;
// - "error": a node before the Respond node fails: n8n answers 500.
// Its awkward behaviour: a workflow that takes longer than its caller waits (`hold()`: its answer
// comes only when the test lets it go, to a connection the caller may have closed by then). The workflow here first checks the gateway's signature the
// way a Code node would (HMAC-SHA256 of "<t>.<body>" with the rule's secret), as docs/automation.md
// shows, and answers 403 when it does not hold.

export type RespondMode = "respondNode" | "immediately" | "error";

export interface N8nCall {
  body: unknown;
  signed: boolean;
}

function signatureHolds(header: string | undefined, raw: string, secret: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? "");
  if (!match) return false;
  const expected = createHmac("sha256", secret).update(`${match[1]}.${raw}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, "hex"));
}

export async function startN8n(o: { path: string; workflow: (body: any) => unknown }) {
  const state = { mode: "respondNode" as RespondMode, secret: "" };
  const held = new HeldAnswers();
  const calls: N8nCall[] = [];
  const server = await listenLocally((req, res) => {
    let raw = "";
    req.on("data", (d: Buffer) => (raw += d.toString()));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== `/webhook/${o.path}`) return void res.writeHead(404).end();
      const signed = signatureHolds(req.headers["x-signature"] as string | undefined, raw, state.secret);
      calls.push({ body: JSON.parse(raw), signed });
      if (state.mode === "immediately") return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ message: "Workflow was started" }));
      held.after(() => {
        if (state.mode === "error") return void res.writeHead(500).end();
        if (!signed) return void res.writeHead(403).end();
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(o.workflow(JSON.parse(raw))));
      });
    });
  });
  return {
    url: `${server.origin}/webhook/${o.path}`,
    calls,
    state,
    /** The workflow's answers wait until the returned function is called. */
    hold: () => held.hold(),
    close: server.close,
  };
}
