/** What a channel driver is asked to deliver. */
export interface OutgoingMessage {
  id: bigint;
  to: string;
  text: string;
  imageUrl: string | null;
  from: { accountId: number; phoneNumber: string };
}

export type DeliveryResult =
  | { ok: true; providerMessageId: string | null }
  | {
      ok: false;
      /** Stable, documented error text (README, "Message errors"). */
      error: string;
      /** False when trying again later may succeed. */
      permanent: boolean;
      providerCode?: string;
    };

/** One driver per messaging provider. Drivers never throw for delivery failures; they answer. */
export interface Channel {
  readonly name: string;
  send(message: OutgoingMessage): Promise<DeliveryResult>;
}
