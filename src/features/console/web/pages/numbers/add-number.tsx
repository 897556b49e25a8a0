import { useState } from "preact/hooks";
import { request } from "../../api.js";
import { ConnectAccountMutation } from "../../queries.js";
import type { Texts } from "../../i18n.js";
import { fieldText } from "../parts.js";
import { refusalText } from "./number-parts.js";
import { CloudForm } from "./cloud-form.js";
import { FIGURES } from "../../figures.js";

// Adding a number, one of two ways: a phone linked by its QR code or a pairing code (the number's
// page shows the code once it is added), or a WhatsApp Cloud API number by its credentials
// (cloud-form.tsx). Two buttons choose the way (each says whether it is the one chosen,
// aria-pressed); a phone is the first.

type Way = "phone" | "cloud";

export function AddNumber({ tx, onAdded }: { tx: Texts; onAdded: () => void }) {
  const [way, setWay] = useState<Way>("phone");
  const choice = (w: Way) => (
    <button type="button" class="secondary" aria-pressed={way === w} onClick={() => setWay(w)}>
      {tx.t(`way_${w}`)}
    </button>
  );
  return (
    <section class="add-number" aria-labelledby="add-number">
      <h3 id="add-number">{tx.t("addNumber")}</h3>
      <div class="ways" role="group" aria-labelledby="add-way">
        <p id="add-way">{tx.t("addWay")}</p>
        {choice("phone")}
        {choice("cloud")}
      </div>
      {way === "phone" ? <PhoneForm tx={tx} /> : <CloudForm tx={tx} onAdded={onAdded} />}
    </section>
  );
}

/** A new number: its name, and whether it is new (a warm-up) or not; added, its page shows the QR code. */
function PhoneForm({ tx }: { tx: Texts }) {
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const add = (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    setBusy(true);
    setProblem("");
    request(ConnectAccountMutation, { input: { name: fieldText(f, "name"), warmUp: f.get("notNew") !== "on" } }).then(
      (r) => {
        location.hash = `#/numbers/${r.connectAccount.accountId}`;
      },
      (err: unknown) => {
        setBusy(false);
        setProblem(refusalText(tx, err));
      },
    );
  };
  return (
    <form onSubmit={add}>
      <label for="number-name">{tx.t("numberName")}</label>
      <input id="number-name" name="name" required maxLength={FIGURES.nameMax} aria-describedby={problem ? "add-problem" : undefined} />
      <span class="check">
        <input type="checkbox" id="number-not-new" name="notNew" aria-describedby="warm-up-help" />
        <label for="number-not-new">{tx.t("notNew")}</label>
      </span>
      <p id="warm-up-help" class="help">
        {tx.t("warmUpHelp")}
      </p>
      {problem && (
        <p id="add-problem" role="alert" class="error">
          {problem}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {tx.t("addAndLink")}
      </button>
    </form>
  );
}
