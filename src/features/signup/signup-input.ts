import { z } from "zod";
import { parseInput } from "../../core/input/validation.js";
import { newPassword, userEmail } from "../users/index.js";

// A sign-up's fields, with their rules written once for REST, GraphQL and the console.

export const businessName = z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters");
export const vatNumber = z
  .string()
  .trim()
  .regex(/^3\d{13}3$/, "must be 15 digits, starting and ending with 3");
export const signupLocale = z.enum(["ar", "en"], { message: "must be ar or en" });
export const signupCode = z.string().trim().min(1).max(200);

export const signupFields = z.object({
  email: userEmail,
  password: newPassword,
  businessName,
  vatNumber: vatNumber.nullish().transform((v) => v ?? null),
  locale: signupLocale,
  code: signupCode.nullish().transform((v) => v ?? null),
});

export type SignupRequest = z.output<typeof signupFields>;

/** GraphQL's sign-up input checked by the rules above; errors name its fields. */
export const parseSignup = (raw: unknown): SignupRequest => parseInput(signupFields, raw);
