import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatwootStandIn, startChatwoot } from "./kit/chatwoot.js";
import { agentMakesContact, deliverOutOfOrder } from "./kit/chatwoot-awkward.js";

// The Chatwoot stand-in's awkward side (test/kit/chatwoot-awkward.ts) and the lookup the bridge
// relies on: the contact filter normalises the number as filter_service.rb does
// ("+#{value.delete('+')}"), so a number with or without its "+" finds the contact; webhooks of two
// messages sent in the other order.

let cw: ChatwootStandIn;
const TOKEN = "awkward-token";
const filter = async (value: string) => {
  const res = await fetch(`${cw.url}/api/v1/accounts/1/contacts/filter`, {
    method: "POST",
    headers: { api_access_token: TOKEN, "content-type": "application/json" },
    body: JSON.stringify({ payload: [{ attribute_key: "phone_number", filter_operator: "equal_to", values: [value], query_operator: null }] }),
  });
  const body = (await res.json()) as { meta: { count: number }; payload: Array<{ id: number; phone_number: string }> };
  return [res.status, body.meta.count, body.payload.map((c) => c.id)];
};

beforeAll(async () => {
  cw = await startChatwoot({ accountId: 1, inboxId: 7, token: TOKEN });
});
afterAll(async () => cw.close());

describe("the contact filter", () => {
  it("finds an agent's contact by its E.164 number, with or without the +, and nothing for another number", async () => {
    const id = await agentMakesContact(cw, { accountId: 1, token: TOKEN, name: "Reem", phone: "+966507781234" });
    expect(await filter("+966507781234")).toEqual([200, 1, [id]]);
    expect(await filter("966507781234")).toEqual([200, 1, [id]]);
    expect(await filter("++966507781234")).toEqual([200, 1, [id]]);
    expect(await filter("+96650778123")).toEqual([200, 0, []]);
    expect(cw.contacts.find((c) => c.id === id)?.contact_inboxes).toEqual([]);
  });
});

describe("webhooks out of order", () => {
  it("sends the newer message's webhook first", async () => {
    const got: number[] = [];
    const receiver = http.createServer((req, res) => {
      let raw = "";
      req.on("data", (d: Buffer) => (raw += d.toString()));
      req.on("end", () => (got.push((JSON.parse(raw) as { id: number }).id), res.end("{}")));
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const first = cw.agentWrites(1, "first");
      const second = cw.agentWrites(1, "second");
      const answers = await deliverOutOfOrder(cw, url, [first, second]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(got).toEqual([second.id, first.id]);
      expect(first.id).toBeLessThan(second.id);
    } finally {
      await new Promise<void>((resolve) => (receiver.closeAllConnections(), receiver.close(() => resolve())));
    }
  });
});
