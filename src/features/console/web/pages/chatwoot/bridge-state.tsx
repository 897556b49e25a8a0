import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import type { TextKey, Texts } from "../../i18n.js";
import { Bidi } from "../parts.js";
import type { Bridge, Numbers } from "./bridge-types.js";

// What the Chatwoot page shows of a connected bridge: its settings (never the token: only that one
// is kept) and whether its webhooks are signed, disconnecting after a confirmation, and its relay's
// state, with the last error in a warning's style (the words say it failed; the colour only
// repeats it).

/** A term and its value in a `.facts` list; `data-fact` names it for the tests. */
function Fact({ tx, term, id, children }: { tx: Texts; term: TextKey; id: string; children: ComponentChildren }) {
  return (
    <div data-fact={id}>
      <dt>{tx.t(term)}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The numbers the inbox carries, by name and phone; one since removed, by its id. */
function Carried({ tx, ids, numbers }: { tx: Texts; ids: string[]; numbers: Numbers }) {
  return (
    <ul>
      {ids.map((id) => {
        const n = numbers.find((a) => String(a.id) === id);
        return (
          <li key={id}>
            {n ? (
              <>
                <Bidi>{n.name}</Bidi>
                {n.phoneNumber && (
                  <>
                    {" "}
                    <bdi dir="ltr">+{n.phoneNumber}</bdi>
                  </>
                )}
              </>
            ) : (
              tx.t("chatwootNumberGone", { id: tx.id(id) })
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Disconnecting, after a confirmation in the page. */
function Disconnect({ tx, onDisconnect }: { tx: Texts; onDisconnect: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <div class="actions">
        <button type="button" class="secondary" onClick={() => setAsking(true)}>
          {tx.t("chatwootDisconnect")}
        </button>
      </div>
    );
  }
  return (
    <form
      class="ask"
      aria-labelledby="cw-disconnect-title"
      onSubmit={(e) => {
        e.preventDefault();
        onDisconnect();
      }}
    >
      <p id="cw-disconnect-title">{tx.t("chatwootDisconnectConfirm")}</p>
      <div class="actions">
        <button type="submit" class="danger" autoFocus>
          {tx.t("chatwootDisconnectYes")}
        </button>
        <button type="button" class="secondary" onClick={() => setAsking(false)}>
          {tx.t("keep")}
        </button>
      </div>
    </form>
  );
}

export function BridgeSettings({ tx, bridge, numbers, onDisconnect }: { tx: Texts; bridge: Bridge; numbers: Numbers; onDisconnect: () => void }) {
  return (
    <section class="settings chatwoot" aria-labelledby="cw-connection">
      <h3 id="cw-connection">{tx.t("chatwootConnection")}</h3>
      <dl class="facts">
        <Fact tx={tx} term="chatwootAddress" id="baseUrl">
          <bdi dir="ltr">{bridge.baseUrl}</bdi>
        </Fact>
        <Fact tx={tx} term="chatwootAccountId" id="chatwootAccountId">
          <bdi dir="ltr">{bridge.chatwootAccountId}</bdi>
        </Fact>
        <Fact tx={tx} term="chatwootInboxId" id="inboxId">
          <bdi dir="ltr">{bridge.inboxId}</bdi>
        </Fact>
        <Fact tx={tx} term="chatwootNumbers" id="accountIds">
          <Carried tx={tx} ids={bridge.accountIds} numbers={numbers} />
        </Fact>
        <Fact tx={tx} term="chatwootToken" id="accessToken">
          {tx.t("chatwootTokenKeptShort")}
        </Fact>
        <Fact tx={tx} term="chatwootWebhooks" id="webhooksSigned">
          {tx.t(bridge.webhooksSigned ? "chatwootSigned" : "chatwootUnsigned")}
        </Fact>
        <Fact tx={tx} term="chatwootConnectedAt" id="createdAt">
          {tx.dateTime(bridge.createdAt)}
        </Fact>
        <Fact tx={tx} term="chatwootUpdatedAt" id="updatedAt">
          {tx.dateTime(bridge.updatedAt)}
        </Fact>
      </dl>
      <Disconnect tx={tx} onDisconnect={onDisconnect} />
    </section>
  );
}

/** The relay's backlog both ways, since when, the last call that worked, and the last error while it stands. */
export function RelayState({ tx, relay }: { tx: Texts; relay: Bridge["relay"] }) {
  return (
    <section class="settings chatwoot" aria-labelledby="cw-relay">
      <h3 id="cw-relay">{tx.t("chatwootRelay")}</h3>
      <p class="help">{tx.t("chatwootRefreshed")}</p>
      <dl class="facts">
        <Fact tx={tx} term="chatwootToChatwoot" id="toChatwoot">
          {tx.number(relay.toChatwoot)}
        </Fact>
        <Fact tx={tx} term="chatwootToWhatsapp" id="toWhatsapp">
          {tx.number(relay.toWhatsapp)}
        </Fact>
        <Fact tx={tx} term="chatwootFailedPosts" id="failedPosts">
          {relay.failedPosts ? tx.number(relay.failedPosts) : tx.t("chatwootNoneFailed")}
        </Fact>
        <Fact tx={tx} term="chatwootOldest" id="oldestWaitingAt">
          {relay.oldestWaitingAt ? tx.dateTime(relay.oldestWaitingAt) : tx.t("chatwootNothingWaiting")}
        </Fact>
        <Fact tx={tx} term="chatwootLastPosted" id="lastPostedAt">
          {relay.lastPostedAt ? tx.dateTime(relay.lastPostedAt) : tx.t("chatwootNoCallYet")}
        </Fact>
      </dl>
      {relay.lastError && (
        <div class="warning" data-last-error>
          <p>{tx.t("chatwootLastError", { date: relay.lastErrorAt ? tx.dateTime(relay.lastErrorAt) : "" })}</p>
          <p>
            <Bidi>{relay.lastError}</Bidi>
          </p>
        </div>
      )}
    </section>
  );
}
