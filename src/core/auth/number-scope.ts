import { notFound, validationError } from "../errors.js";
import type { Principal } from "../principal.js";

// A key restricted to some sender numbers (like WAHA's session keys) sends from, and sees, those
// numbers only: another number is answered as another tenant's (404), and what belongs to no
// number of its own (messages, inbound messages, batches, numbers) is left out of every read.
// One rule, used by each read and send that touches a number.

type Caller = Pick<Principal, "accountIds">;

/** Whether the caller may use and see `accountId` (null: a row on no number yet, which a restricted key does not see). */
export const mayUseNumber = (caller: Caller, accountId: number | null): boolean => caller.accountIds === null || (accountId !== null && caller.accountIds.includes(accountId));

// The filters sit under AND, so that spread into a where clause they never replace its own
// `accountId` or `id` condition but add to it.

/** The caller's numbers as a filter on a row's `accountId` (nothing for an unrestricted caller). */
export const ownNumbersWhere = (caller: Caller) => (caller.accountIds ? { AND: [{ accountId: { in: [...caller.accountIds] } }] } : {});

/** The caller's numbers as a filter on an account's own `id`. */
export const ownAccountsWhere = (caller: Caller) => (caller.accountIds ? { AND: [{ id: { in: [...caller.accountIds] } }] } : {});

/** Refuses a number the caller may not use, exactly as an unknown one. */
export function requireOwnNumber(caller: Caller, accountId: number): void {
  if (!mayUseNumber(caller, accountId)) throw notFound("Account");
}

/**
 * The number a send goes from: the one named (which must be the caller's), or, for a restricted key
 * naming none, its one number; a key restricted to several must name one (422 naming account_id).
 */
export function senderOf(caller: Caller, accountId: number | null): number | null {
  if (caller.accountIds === null) return accountId;
  if (accountId !== null) {
    requireOwnNumber(caller, accountId);
    return accountId;
  }
  if (caller.accountIds.length === 1) return caller.accountIds[0]!;
  throw validationError({ accountId: `this key may send from numbers ${caller.accountIds.join(", ")}: name one of them` });
}
