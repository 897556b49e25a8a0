import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { live, request } from "../../api.js";
import { ConnectionLive, ConnectionQuery, RelinkMutation, RemoveAccountMutation } from "../../queries.js";
import type { PageProps } from "../../page.js";
import type { Texts } from "../../i18n.js";
import { Bidi } from "../parts.js";
import { canRelink, isCloud, LinkStateText, refusalText, RemoveButton, type Connection } from "./number-parts.js";
import { CloudFacts } from "./cloud-parts.js";
import { QrImage } from "./qr-image.js";
import { PairingPanel } from "./pairing.js";

// One number's page (#/numbers/12), where it is linked: its state in words, live (the
// accountConnection subscription brings every new QR code and each state); while it waits, the QR
// code, large, or a pairing code for a phone number; once linked, the number. A failed or stopped
// number is linked again from here, and any number removed. The state line is a status, so a
// screen reader hears each new state; a new QR code changes no words and is not announced. A Cloud
// API number has nothing to link: its page shows what Meta confirmed (its verified name, quality
// rating and messaging limit), and it is only removed.

/** The number's connection as it is now: the query's answer, then each move the subscription brings. */
function useConnection(tx: Texts, client: PageProps["live"], id: number) {
  const [conn, setConn] = useState<Connection | undefined>();
  const [ended, setEnded] = useState(false);
  const [problem, setProblem] = useState("");
  useEffect(() => {
    setConn(undefined);
    setEnded(false);
    // Live first, so no move is missed; the query answers at once and says why when the number is not there.
    const removed = () => setEnded(true);
    const stop = live(client, ConnectionLive, { id }, (d) => setConn(d.accountConnection), removed);
    request(ConnectionQuery, { id }).then(
      (d) => setConn((shown) => shown ?? d.accountConnection),
      (err: unknown) => setProblem(refusalText(tx, err)),
    );
    return stop;
  }, [client, id]);
  return { conn, setConn, ended, problem, setProblem };
}

export function NumberConnection({ tx, live: client, id, onRemoved }: PageProps & { id: number; onRemoved: (name: string) => void }) {
  const { conn, setConn, ended, problem, setProblem } = useConnection(tx, client, id);
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => heading.current?.focus(), [id]);
  const act = (work: () => Promise<void>) => {
    setProblem("");
    work().catch((err: unknown) => setProblem(refusalText(tx, err)));
  };
  return (
    <>
      <p>
        <a href="#/numbers">{tx.t("allNumbers")}</a>
      </p>
      <h2 ref={heading} tabIndex={-1}>
        {conn ? <Bidi>{conn.name}</Bidi> : tx.t("numbers")}
      </h2>
      {ended ? (
        <p role="status">{tx.t("removedElsewhere")}</p>
      ) : conn ? (
        <ConnectionBody
          tx={tx}
          conn={conn}
          onChange={setConn}
          onRelink={() => act(async () => setConn((await request(RelinkMutation, { id })).relinkAccount))}
          onRemove={() =>
            act(async () => {
              await request(RemoveAccountMutation, { id });
              onRemoved(conn.name);
            })
          }
        />
      ) : (
        !problem && <p>{tx.t("loading")}</p>
      )}
      {problem && (
        <p role="alert" class="error">
          {problem}
        </p>
      )}
    </>
  );
}

interface BodyProps {
  tx: Texts;
  conn: Connection;
  onChange: (c: Connection) => void;
  onRelink: () => void;
  onRemove: () => void;
}

function ConnectionBody({ tx, conn, onChange, onRelink, onRemove }: BodyProps) {
  const [mode, setMode] = useState<"qr" | "code" | undefined>();
  const shown = mode ?? (conn.pairingCode ? "code" : "qr");
  const waiting = conn.state === "SCAN_QR_CODE";
  const linked = conn.state === "WORKING" && conn.phoneNumber !== null && conn.status !== "disconnected";
  return (
    <>
      <p class="big link-state" role="status" data-link-state={conn.state}>
        <LinkStateText tx={tx} c={conn} />
      </p>
      {linked && <p>{tx.t(isCloud(conn) ? "cloudLinkedHelp" : "linkedHelp")}</p>}
      {isCloud(conn) && <CloudFacts tx={tx} c={conn} />}
      {waiting && (shown === "qr" ? <ScanPanel tx={tx} qr={conn.qr} /> : <PairingPanel tx={tx} conn={conn} onAsked={onChange} />)}
      <div class="actions link-actions">
        {waiting && (
          <button type="button" class="secondary" onClick={() => setMode(shown === "qr" ? "code" : "qr")}>
            {shown === "qr" ? tx.t("usePairing") : tx.t("useQr")}
          </button>
        )}
        {canRelink(conn) && (
          <button
            type="button"
            onClick={() => {
              setMode(undefined);
              onRelink();
            }}
          >
            {tx.t("relink")}
          </button>
        )}
        <RemoveButton tx={tx} name={conn.name} id={conn.accountId} onRemove={onRemove} />
      </div>
    </>
  );
}

function ScanPanel({ tx, qr }: { tx: Texts; qr: string | null }) {
  return (
    <div class="link-panel">
      <QrImage tx={tx} value={qr} />
      <section aria-labelledby="scan-steps">
        <h3 id="scan-steps">{tx.t("scanSteps")}</h3>
        <ol class="steps">
          <li>{tx.t("scanStep1")}</li>
          <li>{tx.t("scanStep2")}</li>
          <li>{tx.t("scanStep3")}</li>
        </ol>
      </section>
    </div>
  );
}
