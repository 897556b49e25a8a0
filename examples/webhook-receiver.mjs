// A webhook receiver to try the gateway's webhooks on one machine (docs/webhooks.md): it checks
// each delivery's signature with the endpoint's secret, refuses stale timestamps, and prints one
// line per event. Run: GATEWAY_WEBHOOK_SECRET=whsec_… node examples/webhook-receiver.mjs
// (PORT, default 8080, on 127.0.0.1). The gateway reaches it only with
// WEBHOOK_ALLOW_PRIVATE_ADDRESSES=true; a production receiver has a public address.
import http from "node:http";
import { createHmac, timingSafeEqual } from "node:crypto";

const SECRET = process.env.GATEWAY_WEBHOOK_SECRET ?? "";
const PORT = Number(process.env.PORT ?? 8080);
if (!SECRET.startsWith("whsec_")) {
  console.error("Set GATEWAY_WEBHOOK_SECRET to the secret the registration answered (whsec_…).");
  process.exit(1);
}

function verify(rawBody, header, now = Date.now()) {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? "");
  if (!match) return false;
  const [, t, v1] = match;
  if (Math.abs(now / 1000 - Number(t)) > 300) return false; // stale (or from the future): refuse
  const expected = createHmac("sha256", SECRET).update(`${t}.`).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(v1, "hex"));
}

http
  .createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      if (!verify(raw, req.headers["x-signature"])) {
        console.log(`refused: bad signature on ${req.method} ${req.url}`);
        return res.writeHead(401).end();
      }
      const event = JSON.parse(raw.toString("utf8"));
      // Deliveries are at-least-once: skip an X-Event-Id already handled; use status_version to order.
      console.log(event.id, event.type, event.data.message_id ?? event.data.inbound_message_id ?? "", event.data.status ?? "");
      res.writeHead(204).end(); // any 2xx counts as delivered
    });
  })
  .listen(PORT, "127.0.0.1", () => console.log(`listening on http://127.0.0.1:${PORT}`));
