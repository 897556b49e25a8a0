import { builder } from "../../core/graphql/builder.js";
import { checkedInput } from "../../core/graphql/checked-input.js";
import { parseSignup } from "./signup-input.js";
import { signUp } from "./signup.js";
import { resendVerification, verifyEmail } from "./verification.js";

// Sign-up over GraphQL: `signUp` and `verifyEmail` need no key (anyone may call them; the service
// throttles sign-ups); `resendVerification` is a signed-in caller's.

/** The one answer of a sign-up, made or not: it never says whether an address is known. */
export const SIGNUP_ACCEPTED = "If the address can be used, a mail with a link to confirm it is on its way; follow it within 24 hours. Check the inbox of the address you gave.";

const SignUpInput = builder.inputType("SignUpInput", {
  fields: (t) => ({
    email: t.string({ required: true, description: "The owner's email: they sign in with it, and the confirmation link goes there." }),
    password: t.string({ required: true, description: "The owner's password: at least 12 characters, not easily guessed." }),
    businessName: t.string({ required: true, description: "The business's name, as mails and invoices show it." }),
    vatNumber: t.string({ required: false, description: "Its VAT number, if registered: 15 digits, starting and ending with 3." }),
    locale: t.string({ required: true, description: "The language of its mails and invoices: ar or en." }),
    code: t.string({ required: false, description: "The sign-up code the operator gave, when sign-up is by invitation." }),
  }),
});

const SignUpPayload = builder.simpleObject("SignUpPayload", {
  fields: (t) => ({ message: t.string({ description: "The same words whether or not the address was known." }) }),
});

const VerifyEmailPayload = builder.simpleObject("VerifyEmailPayload", {
  fields: (t) => ({ email: t.string({ description: "The address that was confirmed; the account may send from now on." }) }),
});

const ResendVerificationPayload = builder.simpleObject("ResendVerificationPayload", {
  fields: (t) => ({ sent: t.boolean({ description: "false: the address is confirmed already, so nothing was sent." }) }),
});

builder.mutationFields((t) => ({
  signUp: t.field({
    authScopes: { public: true },
    type: SignUpPayload,
    description:
      "Opens an account for a business (when the operator allows sign-up): the tenant on the trial plan, its owner, and a mailed link to confirm the address. The account sends nothing until the address is confirmed. The answer is the same whether or not the address has a user already.",
    args: { input: t.arg({ type: SignUpInput, required: true }) },
    resolve: async (_, { input }, ctx) => {
      await signUp(ctx.deps, checkedInput(ctx, parseSignup, input), ctx.linkOrigin);
      return { message: SIGNUP_ACCEPTED };
    },
  }),
  verifyEmail: t.field({
    authScopes: { public: true },
    type: VerifyEmailPayload,
    description: "Confirms a signed-up account's address with the token of its mailed link (works once, for 24 hours).",
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_, { token }, ctx) => verifyEmail(ctx.deps, token),
  }),
  resendVerification: t.field({
    authScopes: { scope: "users:manage" },
    type: ResendVerificationPayload,
    description: "Mails a new link to confirm the account's address to its owner; earlier links stop working. Throttled.",
    resolve: async (_, __, ctx) => ({ sent: await resendVerification(ctx.deps, await ctx.principal(), ctx.linkOrigin) }),
  }),
}));
