import { useEffect, useState } from "preact/hooks";
import QRCode from "qrcode";
import type { Texts } from "../../i18n.js";

// The QR code a phone scans, drawn in the browser from the session's value (the `qrcode` package's
// canvas renderer, bundled) as a PNG data: URL, which the console's Content-Security-Policy allows
// for images. A new value replaces the picture once it is drawn, so it never flashes empty.

/** Drawn this many pixels wide; styles.css shows it as large as the screen allows. */
const SIZE = 400;

export function QrImage({ tx, value }: { tx: Texts; value: string | null }) {
  const [src, setSrc] = useState<string | undefined>();
  useEffect(() => {
    if (!value) return;
    let current = true;
    QRCode.toDataURL(value, { width: SIZE, margin: 2, errorCorrectionLevel: "M" }).then(
      (url) => current && setSrc(url),
      () => current && setSrc(undefined),
    );
    return () => {
      current = false;
    };
  }, [value]);
  if (!value || !src) return <p class="qr waiting">{tx.t("qrWait")}</p>;
  return <img class="qr" src={src} alt={tx.t("qrAlt")} width={SIZE} height={SIZE} />;
}
