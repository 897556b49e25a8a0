import type { z } from "zod";
import { route } from "../../core/rest/route.js";
import { SignUpOperation, VerifyEmailOperation } from "./operations.js";
import { signupBody, signupResponse, verifyBody, verifyResponse } from "./rest-schemas.js";
import type { SignupRequest } from "./signup-input.js";

// Sign-up on the REST facade, over the same GraphQL operations as /graphql. Neither needs a key.

export const signupRoutes = [
  route({
    method: "POST",
    status: 202,
    path: /^\/signup$/,
    doc: {
      path: "/signup",
      operationId: "signUp",
      summary: "Open an account for a business (when the operator allows sign-up)",
      description:
        "Makes the tenant on the trial plan, its owner with this password, and mails a link to confirm the address; the account sends nothing until then (403 `EMAIL_NOT_VERIFIED`). The answer is the same 202 whether or not the address has a user already (that address is mailed instead, and nothing is made). 404 when sign-up is closed; with SIGNUP=invite a working `code` is needed. Throttled per client address and per email domain (429 with `Retry-After`).",
      tag: "Sign-up",
      body: signupBody,
      errors: ["NOT_FOUND", "RATE_LIMITED", "SIGNUP_UNAVAILABLE"],
    },
    answer: signupResponse,
    operation: SignUpOperation,
    variables: (_, body) => {
      const b = body as z.output<typeof signupBody>;
      return { input: { email: b.email, password: b.password, businessName: b.business_name, vatNumber: b.vat_number ?? null, locale: b.locale, code: b.code ?? null } };
    },
    checked: ({ input }): SignupRequest => ({ ...input, vatNumber: input.vatNumber ?? null, code: input.code ?? null }),
    respond: ({ signUp }) => ({ success: true as const, message: signUp.message }),
  }),
  route({
    method: "POST",
    path: /^\/signup\/verify$/,
    doc: {
      path: "/signup/verify",
      operationId: "verifyEmail",
      summary: "Confirm a signed-up account's address with its mailed link's token",
      description: "Each link works once, for 24 hours; a signed-in owner can ask for a new one in the console.",
      tag: "Sign-up",
      body: verifyBody,
      errors: [],
    },
    answer: verifyResponse,
    operation: VerifyEmailOperation,
    variables: (_, body) => ({ token: (body as z.output<typeof verifyBody>).token }),
    respond: ({ verifyEmail }) => ({ success: true as const, email: verifyEmail.email }),
  }),
];
