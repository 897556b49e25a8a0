import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";

// One check per input: a REST body is checked once, by its route's published schema, and its
// service takes what that check made of it. So a body the check refuses must never reach the
// service, whatever its fields are called.

const server = useServer();

describe("a body is checked whole before its service takes it", () => {
  it("refuses an unknown field named like an object's own (constructor, __proto__), naming it, rather than running with nothing checked", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const window = '"time_zone":"Asia/Riyadh","days":["sun"],"start":"09:00","end":"17:00"';
    for (const [path, body, fields] of [
      ["/send-window", `{${window},"constructor":1}`, ["constructor"]],
      ["/send-window", `{${window},"__proto__":0,"constructor":2}`, ["__proto__", "constructor"]],
      ["/health-thresholds", '{"min_sends":50,"__proto__":1}', ["__proto__"]],
    ] as const) {
      const r = await api.request("PUT", `/api/v1${path}`, body);
      expect(r.status, `${path} ${body}: ${JSON.stringify(r.body)}`).toBe(422);
      expect(Object.keys(r.body.error.fields)).toEqual(fields);
    }
    const send = await api.request("POST", "/api/v1/send", '{"to":"0501234567","message":"hi","constructor":1}');
    expect(send.body.error).toMatchObject({ code: "VALIDATION_ERROR", fields: { constructor: "is not a field of this request" } });
    expect((await api.get("/send-window")).body).toEqual({ send_window: null });
    expect((await api.get("/health-thresholds")).body.min_sends).toBe(100);
  });
});
