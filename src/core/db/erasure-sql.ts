import { Prisma } from "../../generated/prisma/client.js";

// How an erased contact's number is masked, the one rule every owner that erases joins (the
// erasure feature runs their parts in one transaction): where a column holds the number itself it
// becomes ERASED; where the number is inside a text or a JSON value (a provider's message id, a
// stored answer, an audit event's list of numbers), each whole run of its digits becomes ERASED,
// so a longer number that merely contains it is left alone.

/** What stands for an erased number. */
export const ERASED = "erased";

const pattern = (number: string) => `(^|[^0-9])${number}([^0-9]|$)`;
const replacement = `\\1${ERASED}\\2`;

/** True when the text `expr` mentions `number` (digits): a cheap test before the rewrite. */
export const mentionsSql = (expr: Prisma.Sql, number: string) => Prisma.sql`strpos(${expr}, ${number}::text) > 0`;

/** The text `expr` with every mention of `number` replaced by ERASED (the pattern runs only where it is mentioned). */
export const withoutNumberSql = (expr: Prisma.Sql, number: string) =>
  Prisma.sql`CASE WHEN ${mentionsSql(expr, number)} THEN regexp_replace(${expr}, ${pattern(number)}::text, ${replacement}::text, 'g') ELSE ${expr} END`;

/** The JSON value `expr` with every mention of `number` replaced by ERASED (the digits are in its strings). */
export const jsonWithoutNumberSql = (expr: Prisma.Sql, number: string) =>
  Prisma.sql`CASE WHEN ${mentionsSql(Prisma.sql`(${expr})::text`, number)} THEN regexp_replace((${expr})::text, ${pattern(number)}::text, ${replacement}::text, 'g')::jsonb ELSE ${expr} END`;
