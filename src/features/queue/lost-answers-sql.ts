import { Prisma } from "../../generated/prisma/client.js";

// The one count behind the delivery promise (docs/design.md, "Delivery promise"): every attempt
// that may have reached the provider without its answer reaching the gateway adds one to the
// message's lost_answers, so each copy beyond the first a contact can have is counted on it.

/** SET item for a statement that ends an attempt (message alias `m`): one more when its answer was lost. */
export const countLostAnswer = (answerLost: boolean) => Prisma.sql`lost_answers = m.lost_answers + ${answerLost ? 1 : 0}`;

/**
 * SET item for the claim (message alias `m`, before the change): a message taken while still
 * `sending` was held by a process that died or lost its lease mid-send, which may have handed it
 * to the provider and never heard back.
 */
export const countTakenOverAnswer = Prisma.sql`lost_answers = m.lost_answers + (m.status = 'sending')::int`;

/**
 * SET item for a worker handing back, at shutdown, the messages it still holds (alias `m`): a send
 * of theirs may be in flight and reach the provider after the hand-back, unknown to the gateway.
 */
export const countHandedBackAnswer = Prisma.sql`lost_answers = m.lost_answers + 1`;
