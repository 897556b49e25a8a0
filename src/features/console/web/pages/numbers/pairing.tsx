import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { request } from "../../api.js";
import { PairingCodeMutation } from "../../queries.js";
import type { Texts } from "../../i18n.js";
import { fieldText } from "../parts.js";
import { refusalText, WithPhone, type Connection } from "./number-parts.js";

// A pairing code instead of a QR code: asked for the phone number of the WhatsApp to link, then
// shown large with the steps to type it (WhatsApp → Linked devices → Link with phone number
// instead). The focus moves to a new code, so a screen reader reads it out.

export function PairingPanel({ tx, conn, onAsked }: { tx: Texts; conn: Connection; onAsked: (c: Connection) => void }) {
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const ask = (e: Event) => {
    e.preventDefault();
    const phoneNumber = fieldText(new FormData(e.currentTarget as HTMLFormElement), "phone");
    setBusy(true);
    setProblem("");
    request(PairingCodeMutation, { id: conn.accountId, phoneNumber }).then(
      (r) => {
        setBusy(false);
        onAsked(r.requestPairingCode);
      },
      (err: unknown) => {
        setBusy(false);
        setProblem(refusalText(tx, err));
      },
    );
  };
  return (
    <div class="link-panel">
      <form class="pairing" onSubmit={ask}>
        <label for="pair-phone">{tx.t("pairingPhone")}</label>
        <input
          id="pair-phone"
          name="phone"
          type="tel"
          dir="ltr"
          autocomplete="tel"
          required
          defaultValue={conn.pairingPhone ? `+${conn.pairingPhone}` : ""}
          aria-describedby={problem ? "pair-problem" : undefined}
        />
        {problem && (
          <p id="pair-problem" role="alert" class="error">
            {problem}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {tx.t("getCode")}
        </button>
      </form>
      {conn.pairingCode && conn.pairingPhone && <PairingCode tx={tx} code={conn.pairingCode} phone={conn.pairingPhone} />}
    </div>
  );
}

function PairingCode({ tx, code, phone }: { tx: Texts; code: string; phone: string }) {
  const shown = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => shown.current?.focus(), [code]);
  return (
    <section aria-labelledby="pair-code-title">
      <h3 id="pair-code-title">{tx.t("pairingCode")}</h3>
      <p class="pairing-code" tabIndex={-1} ref={shown}>
        <bdi dir="ltr">{code}</bdi>
      </p>
      <ol class="steps">
        <li>
          <WithPhone tx={tx} k="pairStep1" phone={phone} />
        </li>
        <li>{tx.t("pairStep2")}</li>
        <li>{tx.t("pairStep3")}</li>
      </ol>
    </section>
  );
}
