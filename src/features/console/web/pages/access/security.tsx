import { useState } from "preact/hooks";
import { ApiError, beginTwoFactor, confirmTwoFactor, turnOffTwoFactor } from "../../api.js";
import type { PageProps } from "../../page.js";
import type { Texts } from "../../i18n.js";
import { Notices } from "../parts.js";
import { ShownOnce } from "./shown-once.js";

// Security, for a staff user: turning on two-factor sign-in (the QR code and the secret to put in
// an authenticator app, then a first code from it, then the ten recovery codes, shown once), and
// turning it off with the password. The QR code comes from the server as SVG text: it is shown as
// an image's data address, never put into the page as markup, so nothing in it can run.

type Step = { at: "start" } | { at: "scan"; secret: string; qr: string } | { at: "codes"; codes: string[] };

/** An SVG document as a data: address for an <img> (base64 of its UTF-8 bytes). */
function svgImage(svg: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(svg)) binary += String.fromCharCode(byte);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}

export function Security({ tx, session }: PageProps) {
  const [step, setStep] = useState<Step>({ at: "start" });
  // Whether two-factor is on, as the session said when it began, then as this page changed it.
  const [on, setOn] = useState(session.signed_in_as.kind === "user" && session.signed_in_as.two_factor);
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState("");
  const fail = (err: unknown) =>
    setProblem(err instanceof ApiError ? (err.fields.twoFactor ? tx.t("alreadyOn") : Object.values(err.fields).join(" ") || err.message) : (err as Error).message);
  const begin = () => {
    setProblem("");
    beginTwoFactor().then((b) => setStep({ at: "scan", secret: b.secret, qr: svgImage(b.qr_svg) }), fail);
  };
  const confirm = (code: string) => {
    setProblem("");
    confirmTwoFactor(code).then(
      (r) => {
        setStep({ at: "codes", codes: r.recovery_codes });
        setOn(true);
        setStatus(tx.t("twoFactorOn"));
      },
      (err: unknown) => (err instanceof ApiError && err.fields.code ? setProblem(tx.t("badCode")) : fail(err)),
    );
  };
  const off = (password: string) => {
    setProblem("");
    turnOffTwoFactor(password).then(
      () => {
        setStep({ at: "start" });
        setOn(false);
        setStatus(tx.t("twoFactorOff"));
      },
      (err: unknown) => (err instanceof ApiError && err.fields.password ? setProblem(tx.t("wrongPasswordShort")) : fail(err)),
    );
  };
  return (
    <>
      <h2>{tx.t("security")}</h2>
      <Notices status={status} problem={problem} errorId="security-error" />
      <section class="settings">
        <h3>{tx.t("twoFactorTitle")}</h3>
        <p>{tx.t("securityHelp")}</p>
        {step.at === "start" && !on && (
          <button type="button" onClick={begin}>
            {tx.t("turnOn")}
          </button>
        )}
        {step.at === "scan" && <Scan tx={tx} secret={step.secret} qr={step.qr} invalid={problem !== ""} onCode={confirm} />}
        {step.at === "codes" && (
          <ShownOnce tx={tx} title={tx.t("recoveryTitle")} help={tx.t("recoveryHelp")} value={step.codes.join("\n")} lines={step.codes} onClose={() => setStep({ at: "start" })} />
        )}
      </section>
      {on && step.at !== "codes" && <TurnOff tx={tx} onOff={off} />}
    </>
  );
}

function Scan({ tx, secret, qr, invalid, onCode }: { tx: Texts; secret: string; qr: string; invalid: boolean; onCode: (code: string) => void }) {
  const submit = (e: Event) => {
    e.preventDefault();
    const field = (e.currentTarget as HTMLFormElement).elements.namedItem("code") as HTMLInputElement;
    const code = field.value.trim();
    field.value = "";
    onCode(code);
  };
  return (
    <form onSubmit={submit}>
      <h4>{tx.t("scanTitle")}</h4>
      <img class="totp-qr" src={qr} alt={tx.t("qrTotpAlt")} width={200} height={200} />
      <p>
        {tx.t("secretText")}{" "}
        <code class="secret" dir="ltr">
          {secret}
        </code>
      </p>
      <label for="totp-code">{tx.t("confirmCode")}</label>
      <input
        id="totp-code"
        name="code"
        inputMode="numeric"
        autocomplete="one-time-code"
        pattern="[0-9]{6}"
        dir="ltr"
        required
        aria-invalid={invalid ? "true" : undefined}
        aria-describedby={invalid ? "security-error" : undefined}
      />
      <div class="actions">
        <button type="submit">{tx.t("confirmTurnOn")}</button>
      </div>
    </form>
  );
}

function TurnOff({ tx, onOff }: { tx: Texts; onOff: (password: string) => void }) {
  const submit = (e: Event) => {
    e.preventDefault();
    const field = (e.currentTarget as HTMLFormElement).elements.namedItem("password") as HTMLInputElement;
    const password = field.value;
    field.value = "";
    onOff(password);
  };
  return (
    <form class="settings" onSubmit={submit}>
      <h3>{tx.t("turnOffTitle")}</h3>
      <p>{tx.t("turnOffHelp")}</p>
      <label for="off-password">{tx.t("password")}</label>
      <input id="off-password" name="password" type="password" autocomplete="current-password" dir="ltr" required />
      <div class="actions">
        <button type="submit" class="secondary">
          {tx.t("turnOff")}
        </button>
      </div>
    </form>
  );
}
