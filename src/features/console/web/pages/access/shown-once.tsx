import { useState } from "preact/hooks";
import type { Texts } from "../../i18n.js";

// A secret the server hands over only once (a key, an invitation link, recovery codes): shown as
// text to select, with a button that copies it. The page forgets it when it is closed or left.

export function ShownOnce({ tx, title, help, value, lines, onClose }: { tx: Texts; title: string; help: string; value: string; lines?: string[]; onClose: () => void }) {
  const [copied, setCopied] = useState("");
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => setCopied(tx.t("copied")),
      () => setCopied(tx.t("copyFailed")),
    );
  return (
    <section class="shown-once" aria-labelledby="shown-once-title">
      <h3 id="shown-once-title">{title}</h3>
      <p>{help}</p>
      {lines ? (
        <ul class="codes" dir="ltr">
          {lines.map((l) => (
            <li key={l}>
              <code>{l}</code>
            </li>
          ))}
        </ul>
      ) : (
        <p class="secret" dir="ltr">
          <code>{value}</code>
        </p>
      )}
      <div class="actions">
        <button type="button" onClick={() => void copy()}>
          {tx.t("copy")}
        </button>
        <button type="button" class="secondary" onClick={onClose}>
          {tx.t("done")}
        </button>
        <span role="status" class="notice">
          {copied}
        </span>
      </div>
    </section>
  );
}
