import { z } from "zod";
import { parseInput } from "../../core/input/validation.js";
import { ROLES, type Role } from "../../core/staff/roles.js";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../core/staff/passwords.js";

// A staff user's fields, with their rules written once for REST, GraphQL, the console and the admin CLI.

export const userEmail = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: "must be an email address" }))
  .transform((e) => e.toLowerCase());

export const userRole = z.enum(ROLES, { message: `must be one of ${ROLES.join(", ")}` });

export const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`);

export interface Invitation {
  email: string;
  role: Role;
}

/** GraphQL's invitation arguments checked by the rules above; errors name `email` and `role`. */
export const parseInvitation = (raw: unknown): Invitation => parseInput(z.object({ email: userEmail, role: userRole }), raw);

/** A role argument checked; errors name `role`. */
export const parseRole = (raw: unknown): Role => parseInput(z.object({ role: userRole }), { role: raw }).role;
