import { ApiError } from "../../api.js";
import { FIGURES } from "../../figures.js";
import type { TextKey, Texts } from "../../i18n.js";

// What the billing and plans pages share: a meter of use against an allowance, and a refusal in
// the words the server gave for the field it names.

export type Level = "ok" | "near" | "full";

/** Where `used` stands against `allowance`: amber from 80 %, red at 100 % (an allowance of 0 is full). */
export function levelOf(used: number, allowance: number): Level {
  if (allowance <= 0 || used >= allowance) return "full";
  return used * 100 >= allowance * FIGURES.meterNearPercent ? "near" : "ok";
}

/**
 * One allowance as a meter. Its level is a class (`meter near`, `meter full`) and a sentence, never
 * the colour alone; the native meter's low and high bounds give the browser's own colours (amber
 * between them, red past high) the same thresholds.
 */
export function Meter({ tx, id, label, used, allowance }: { tx: Texts; id: string; label: TextKey; used: number; allowance: number }) {
  const level = levelOf(used, allowance);
  const max = Math.max(allowance, 1);
  return (
    <div class={`card meter ${level}`} data-meter={id}>
      <h3 id={`meter-${id}`}>{tx.t(label)}</h3>
      <p class="big">{tx.t("meterOf", { used, allowance })}</p>
      <meter
        min={0}
        max={max}
        low={(max * FIGURES.meterNearPercent) / 100}
        // Uses are whole numbers: just under the allowance, so that the allowance itself is past "high" (red).
        high={max - 0.5}
        optimum={0}
        value={Math.min(used, max)}
        aria-labelledby={`meter-${id}`}
        aria-describedby={level === "ok" ? undefined : `meter-${id}-level`}
      />
      {level !== "ok" && (
        <p class="meter-level" id={`meter-${id}-level`}>
          {tx.t(level === "full" ? "meterFull" : "meterNear")}
        </p>
      )}
    </div>
  );
}

/** A refusal as the page shows it: the server's words for each field it names, else its message. */
export const refusalText = (tx: Texts, err: unknown): string =>
  err instanceof ApiError ? Object.values(err.fields).join(" ") || err.message : tx.t("error", { message: (err as Error).message });
