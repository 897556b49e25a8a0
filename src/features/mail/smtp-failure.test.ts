import { describe, expect, it } from "vitest";
import { smtpFailure } from "./smtp-failure.js";

const smtpError = (fields: Record<string, unknown>) => Object.assign(new Error("failed"), fields);

describe("an SMTP failure", () => {
  it("is tried again when the server answered 4xx or could not be reached", () => {
    expect(smtpFailure(smtpError({ code: "EENVELOPE", responseCode: 451 }))).toMatchObject({ permanent: false, responseCode: 451 });
    expect(smtpFailure(smtpError({ code: "ECONNECTION" }))).toMatchObject({ permanent: false, responseCode: null });
    expect(smtpFailure(smtpError({ code: "ETIMEDOUT" }))).toMatchObject({ permanent: false, responseCode: null });
    expect(smtpFailure(new Error("socket hang up")).permanent).toBe(false);
  });

  it("is failed for good when the server refused the mail (5xx) or it cannot be sent as it is", () => {
    expect(smtpFailure(smtpError({ code: "EENVELOPE", responseCode: 550 }))).toMatchObject({ permanent: true, responseCode: 550 });
    expect(smtpFailure(smtpError({ code: "EMESSAGE", responseCode: 554 })).permanent).toBe(true);
    expect(smtpFailure(smtpError({ code: "EENVELOPE" })).permanent).toBe(true);
  });

  it("is tried again when the login was refused: the operator's setting, not the mail", () => {
    expect(smtpFailure(smtpError({ code: "EAUTH", responseCode: 535 }))).toMatchObject({ permanent: false, responseCode: 535 });
  });

  it("names the code in its text", () => {
    expect(smtpFailure(smtpError({ code: "ECONNECTION", message: "connect ECONNREFUSED" })).error).toBe("ECONNECTION: connect ECONNREFUSED");
  });
});
