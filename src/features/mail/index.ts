// What the mail feature offers the composition root: the sender of the mail outbox. Features that
// send mail do not import it: they enqueue through src/core/mail/ in their own transactions.
export { MailSender } from "./mail-sender.js";
