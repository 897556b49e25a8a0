import { useState } from "preact/hooks";
import { request } from "../../api.js";
import type { Texts } from "../../i18n.js";
import { Notices } from "../parts.js";
import { refusalText } from "../billing/parts.js";
import { ResendVerificationMutation } from "../billing/queries.js";

// The banner over every page while a signed-up business has not confirmed its address (nothing
// is sent until it does, docs/signup.md), with "send the link again" for whoever may ask for one
// (users:manage: the owner and admins).

export function Unverified({ tx, mayResend }: { tx: Texts; mayResend: boolean }) {
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const resend = () => {
    setStatus("");
    setProblem("");
    setBusy(true);
    request(ResendVerificationMutation)
      .then(
        ({ resendVerification }) => setStatus(tx.t(resendVerification.sent ? "resent" : "alreadyVerified")),
        (err: unknown) => setProblem(refusalText(tx, err)),
      )
      .finally(() => setBusy(false));
  };
  return (
    <section class="warning unverified" aria-label={tx.t("unverified")}>
      <p>{tx.t("unverified")}</p>
      {mayResend && (
        <p>
          <button type="button" onClick={resend} disabled={busy}>
            {tx.t("resendLink")}
          </button>
        </p>
      )}
      <Notices status={status} problem={problem} />
    </section>
  );
}
