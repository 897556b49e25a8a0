import { z } from "zod";
import type { Db } from "../../../core/db/database.js";
import { createSignupCode } from "../../signup/index.js";

// The operator's sign-up command (docs/signup.md): a code that lets businesses sign up while
// SIGNUP=invite, printed once.

interface Settings {
  /** The server's service clock, when a server runs the command; the CLI has the system's. */
  clock?: { now(): Date } | undefined;
}

export const signupCommands = {
  "signup:code": {
    help: "[--uses <n> (1)] [--days <n> (14)] (prints a sign-up code for SIGNUP=invite, shown once)",
    args: z.object({ uses: z.coerce.number().int().min(1).max(100_000).default(1), days: z.coerce.number().int().min(1).max(365).default(14) }),
    run: (db: Db, a: { uses: number; days: number }, settings: Settings) => createSignupCode(db, a, settings.clock?.now() ?? new Date()),
  },
} as const;
