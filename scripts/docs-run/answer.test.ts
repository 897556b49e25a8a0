import { describe, expect, it } from "vitest";
import { match, parseExpected } from "./answer.js";
import { problem } from "./check.js";
import { shellCommands, type Block } from "./markdown.js";

const check = (shown: string, actual: unknown) => match(parseExpected(shown), actual);

describe("the answer a guide shows", () => {
  it("needs exactly the keys shown, unless a … member allows more", () => {
    expect(check('{"success":true,"status":"sent"}', { success: true, status: "sent" })).toBeUndefined();
    expect(check('{"success":true}', { success: true, status: "sent" })).toMatch(/keys the guide does not show: status/);
    expect(check('{"success":true,…}', { success: true, status: "sent" })).toBeUndefined();
    expect(check('{"success":true,"status":"sent"}', { success: true })).toMatch(/status: missing/);
  });

  it("compares fixed values exactly, and ids, cursors and timestamps by type", () => {
    expect(check('{"status":"sent","queued":2}', { status: "pending", queued: 2 })).toMatch(/expected "sent", got "pending"/);
    expect(check('{"queued":2}', { queued: 3 })).toMatch(/expected 2, got 3/);
    expect(check('{"message_id":1,"batchId":"4","next_cursor":"118"}', { message_id: 57, batchId: "9", next_cursor: "3" })).toBeUndefined();
    expect(check('{"message_id":1}', { message_id: "1" })).toMatch(/a value like 1/);
    expect(check('{"sent_at":"2026-11-22T14:05:09.120+03:00","ends":"2027-11-22"}', { sent_at: "2030-01-01T00:00:00.000+03:00", ends: "2031-01-01" })).toBeUndefined();
    expect(check('{"sent_at":"2026-11-22T14:05:09.120+03:00"}', { sent_at: null })).toMatch(/sent_at/);
    expect(check('{"delivered_at":null}', { delivered_at: "2026-11-22T14:05:09.120+03:00" })).toMatch(/expected null/);
  });

  it("reads … as anything, as any text inside a string, and as more items in an array", () => {
    expect(check('{"payload":{…},"list":[…],"x":…}', { payload: { a: 1 }, list: [1, 2], x: null })).toBeUndefined();
    expect(check('{"secret":"whsec_…"}', { secret: "whsec_abc" })).toBeUndefined();
    expect(check('{"secret":"whsec_…"}', { secret: "gw_abc" })).toMatch(/whsec_/);
    expect(check('["STOP",…,"كفاية","no more"]', ["STOP", "END", "كفاية", "no more"])).toBeUndefined();
    expect(check('["STOP",…,"كفاية"]', ["STOP", "END", "no more"])).toMatch(/\[2\]/);
    expect(check('[{"id":1},…]', [])).toMatch(/at least 1/);
    expect(check("[1,2]", [1, 2, 3])).toMatch(/expected 2 items/);
  });

  it("ignores the prose after the answer", () => {
    expect(check('{"templates":[…]}, by name', { templates: [] })).toBeUndefined();
  });
});

describe("a guide's shell block", () => {
  const block = (text: string): Block => ({ file: "g.md", line: 1, lang: "sh", norun: false, lines: text.split("\n").map((t, i) => ({ text: t, line: i + 2 })) });

  it("splits commands at line ends outside quotes, continuations and here-documents, each with the answer below it", () => {
    const commands = shellCommands(
      block(`# prose
X=$(curl -s -X POST u -d '{"a": 1,
  "b": 2}'); echo "$X"
# {"success":true,
#  "id":1}
cat > f.csv <<'CSV'
to,name
CSV
curl u \\
  -H 'h'     # {"send_window":null}
curl -i u
# HTTP/1.1 422 Unprocessable Entity
# {"success":false,"error":{"code":"X"}}
curl u     # the same answer`),
    );
    expect(commands.map((c) => [c.line, c.text.split("\n").length, c.answer])).toEqual([
      [3, 2, { body: '{"success":true, "id":1}' }],
      [7, 3, undefined],
      [10, 2, { body: '{"send_window":null}' }],
      [12, 1, { status: 422, body: '{"success":false,"error":{"code":"X"}}' }],
      [15, 1, undefined],
    ]);
  });

  it("wants a 2xx unless the guide shows a refusal or a status, and the error code it names", () => {
    const ran = (status: number, stdout: string) => ({ stdout, stderr: "", rc: 0, statuses: [status], timedOut: false });
    expect(problem(undefined, ran(422, "{}"))).toBe("HTTP 422");
    expect(problem({ body: '{"success":false,…}' }, ran(502, '{"success":false}'))).toBeUndefined();
    expect(problem({ status: 422, code: "OUTSIDE_CUSTOMER_WINDOW" }, ran(422, '{"error":{"code":"RECIPIENT_OPTED_OUT"}}'))).toMatch(/RECIPIENT_OPTED_OUT/);
    expect(problem(undefined, { ...ran(200, ""), rc: 3 })).toBe("exited 3");
  });
});
