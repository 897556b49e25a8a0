import { z } from "zod";
import { newPassword, userEmail } from "../users/index.js";
import { businessName, signupCode, signupLocale, vatNumber } from "./signup-input.js";

// The sign-up routes' bodies and answers (see core/rest/schemas.ts for how they are used), built
// from the service's own field rules (signup-input.ts).

export const signupBody = z
  .strictObject({
    email: userEmail.meta({ description: "The owner's email: they sign in with it, and the confirmation link goes there.", examples: ["owner@example.com"] }),
    password: newPassword.meta({ description: "The owner's password: at least 12 characters, not easily guessed." }),
    business_name: businessName.meta({ description: "The business's name, as mails and invoices show it.", examples: ["Example Trading"] }),
    vat_number: vatNumber.optional().meta({ description: "Its VAT number, if registered: 15 digits, starting and ending with 3.", examples: ["310123456700003"] }),
    locale: signupLocale.meta({ description: "The language of its mails and invoices.", examples: ["ar"] }),
    code: signupCode.optional().meta({ description: "The sign-up code the operator gave, when sign-up is by invitation (SIGNUP=invite)." }),
  })
  .meta({ id: "SignUpRequest" });

export const signupResponse = z
  .object({ success: z.literal(true), message: z.string().meta({ description: "The same words whether or not the address was known." }) })
  .meta({ id: "SignUpResponse" });

export const verifyBody = z
  .strictObject({ token: z.string().min(1).max(256).meta({ description: "The token of the mailed link (after #verify=)." }) })
  .meta({ id: "VerifyEmailRequest" });

export const verifyResponse = z.object({ success: z.literal(true), email: z.string() }).meta({ id: "VerifyEmailResponse" });
