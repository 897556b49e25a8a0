import pg from "pg";
import type { Logger } from "pino";
import type { Db } from "../db/database.js";
import { currentSchemaOf, listenOn, notifyChannel } from "./signal-sql.js";

/** The PostgreSQL channel on which "messages were queued" is announced; the payload is the schema. */
export const QUEUE_CHANNEL = "message_queue";
/** Announced by triggers when a key, tenant, plan or send window changes (key-cache.ts). */
export const AUTH_CHANNEL = "gateway_auth";
const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/**
 * Wakes queue workers in other processes (PostgreSQL only; the embedded database has one process,
 * whose worker is woken directly). `announce()` sends NOTIFY after messages were queued and
 * committed; `listen()` keeps a connection of its own with LISTEN and calls `onWake` for every
 * announcement of this schema, and once after each (re)connection, as something may have been
 * announced while it was away. Polling stays the fallback, so a lost notification only delays.
 */
export class QueueSignal {
  private announcing: Promise<void> | undefined;
  private again = false;
  private client: pg.Client | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = RECONNECT_MIN_MS;
  private closed = false;
  private connecting: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly connection: pg.ClientConfig,
    private readonly log: Logger,
    private readonly channel: string = QUEUE_CHANNEL,
  ) {}

  /** Tells the listeners; announcements made while one is being sent are sent once after it. */
  announce(): void {
    if (this.announcing) {
      this.again = true;
      return;
    }
    this.announcing = this.sendAnnouncements();
  }

  private async sendAnnouncements(): Promise<void> {
    try {
      do {
        this.again = false;
        await notifyChannel(this.db, this.channel);
      } while (this.again);
    } catch (err) {
      this.log.warn({ err }, "could not notify queue workers; they find the messages at their next poll");
    } finally {
      this.announcing = undefined;
    }
  }

  /** Listens until `close()`, connecting again with backoff whenever the connection is lost. */
  listen(onWake: () => void): void {
    if (!this.closed) this.connecting = this.connect(onWake);
  }

  private async connect(onWake: () => void): Promise<void> {
    const client = new pg.Client(this.connection);
    const lost = (err?: unknown) => {
      if (this.client !== client && this.client !== undefined) return;
      this.client = undefined;
      client.removeAllListeners();
      client.on("error", () => {});
      void client.end().catch(() => {});
      if (this.closed) return;
      this.log.warn({ err, channel: this.channel, retryInMs: this.retryMs }, "notifications lost; polling (or cache expiry) covers until they are back");
      this.retryTimer = setTimeout(() => this.listen(onWake), this.retryMs);
      this.retryTimer.unref();
      this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    };
    client.on("error", lost);
    client.on("end", () => lost());
    try {
      await client.connect();
      const schema = await currentSchemaOf(client);
      client.on("notification", (n) => {
        if (n.channel === this.channel && n.payload === schema) onWake();
      });
      await listenOn(client, this.channel);
      this.client = client;
      this.retryMs = RECONNECT_MIN_MS;
      if (this.closed) await this.closeClient();
      else onWake();
    } catch (err) {
      lost(err);
    }
  }

  /** Stops listening and waits for an announcement in flight. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    await this.connecting;
    await this.closeClient();
    await this.announcing;
  }

  private async closeClient(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    client.removeAllListeners();
    client.on("error", () => {});
    await client.end().catch(() => {});
  }
}
