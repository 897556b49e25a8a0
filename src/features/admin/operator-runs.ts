import type { Db } from "../../core/db/database.js";
import type { Actor } from "../../core/principal.js";
import { type CommandKind, recordOperatorEvent } from "../operators/index.js";
import { type AdminCommand, type AdminSettings, runAdminCommand, strictSettings } from "./admin.js";
import { commandKinds } from "./command-kinds.js";

// A command as someone runs it: an operator signed in (the admin endpoint), or the command line.
// What it may be is the role's to say (admin-routes.ts asks commandKind); what it did goes into the
// operators' chain.

/** Every command's kind; the type names every command, so a new one without a kind does not compile. */
const kindOfCommand: Record<AdminCommand, CommandKind> = commandKinds;

/** The kind of `command` (operator roles allow kinds), or undefined for a name that is no command. */
export const commandKind = (command: string): CommandKind | undefined => (Object.hasOwn(kindOfCommand, command) ? kindOfCommand[command as AdminCommand] : undefined);

/**
 * The arguments a command's event keeps, where not all: an erasure forgets a contact's number, so
 * the operators' log must not write it again (the tenant's own log has the erasure, without it).
 */
const keptArgs: Partial<Record<AdminCommand, readonly string[]>> = { "contact:erase": ["tenant"] };

const recordedArgs = (command: string, args: Record<string, unknown>) => {
  const kept = Object.hasOwn(keptArgs, command) ? keptArgs[command as AdminCommand] : undefined;
  return kept ? Object.fromEntries(Object.entries(args).filter(([name]) => kept.includes(name))) : args;
};

/**
 * Runs a command for `actor` and records it in the operators' chain with its arguments (secret-named
 * ones redacted) once it has succeeded; reads are not recorded, and the operator commands record
 * their own event in their own transaction.
 */
export async function runOperatorCommand(db: Db, actor: Actor, command: string, rawArgs: Record<string, unknown>, settings: AdminSettings = strictSettings) {
  const result = await runAdminCommand(db, command, rawArgs, { ...settings, actor });
  const kind = commandKind(command);
  if (kind !== "read" && kind !== "operators")
    await recordOperatorEvent(db, actor, settings.clock?.now() ?? new Date(), { action: `command.${command}`, after: recordedArgs(command, rawArgs) });
  return result;
}
