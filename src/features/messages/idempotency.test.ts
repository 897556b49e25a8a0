import { describe, expect, it } from "vitest";
import { ServiceError } from "../../core/errors.js";
import { checkIdempotencyKey } from "./idempotency.js";

// What an Idempotency-Key may be: absent (no key), or 1 to 255 printable ASCII characters.

describe("checkIdempotencyKey", () => {
  it.each([undefined, null, ""])("reads %j as no key", (key) => {
    expect(checkIdempotencyKey(key)).toBeUndefined();
  });

  it.each(["order-42", "a", "x".repeat(255), "!~{}[]:;,./<>?|"])("takes %s as it is", (key) => {
    expect(checkIdempotencyKey(key)).toBe(key);
  });

  it.each([
    ["x".repeat(256), "too long"],
    ["order 42", "a space"],
    ["طلب-42", "not ASCII"],
    ["order\n42", "a control character"],
  ])("refuses %j (%s) as a validation error on idempotencyKey", (key) => {
    let caught: unknown;
    try {
      checkIdempotencyKey(key);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ServiceError);
    expect((caught as ServiceError).fields).toEqual({ idempotencyKey: "must be 1 to 255 printable ASCII characters" });
  });
});
