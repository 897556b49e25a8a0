import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";

// A real SMTP server for the tests, smtp-server 3.21.6 (nodemailer/smtp-server: README.md,
// lib/smtp-connection.js): what the gateway's mail sender talks to. It accepts plain connections
// (AUTH and STARTTLS off, as its README advises for tests), keeps every accepted mail parsed by
// mailparser 3.14.2, and can misbehave as a real server does: answer a DATA with a temporary (4xx)
// or permanent (5xx) refusal, or be down (not listening) and come back on the same port.

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  attachments: Array<{ filename: string | undefined; contentType: string; size: number }>;
}

type Refusal = { code: number; message: string };

export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** DATA commands answered, accepted or not. */
  attempts = 0;
  private readonly refusals: Refusal[] = [];
  private server: SMTPServer | undefined;
  private constructor(public port: number) {}

  static async start(port = 0): Promise<TestSmtpServer> {
    const smtp = new TestSmtpServer(port);
    await smtp.listen();
    return smtp;
  }

  /** The address the gateway's SMTP_URL names. */
  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The next DATA commands are answered with these replies, one each, in order (4xx: try later; 5xx: refused for good). */
  refuseNext(...refusals: Refusal[]): void {
    this.refusals.push(...refusals);
  }

  /** Mails accepted for `address`. */
  mailsTo(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.to.includes(address.toLowerCase()));
  }

  private listen(): Promise<void> {
    const server = new SMTPServer({
      disabledCommands: ["AUTH", "STARTTLS"],
      logger: false,
      onData: (stream, session, callback) => this.onData(stream, session, callback),
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.on("error", reject);
      server.listen(this.port, "127.0.0.1", () => {
        this.port = (server.server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  private onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null) => void): void {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      this.attempts += 1;
      const refusal = this.refusals.shift();
      if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      simpleParser(Buffer.concat(chunks))
        .then((parsed) => {
          this.received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            messageId: parsed.messageId ?? "",
            attachments: parsed.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.size })),
          });
          callback();
        })
        .catch((err: unknown) => callback(err as Error));
    });
  }

  /** Stops listening (connections are refused) until `resume`. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Listens again on the same port. */
  resume(): Promise<void> {
    return this.listen();
  }

  close(): Promise<void> {
    return this.down();
  }
}
