import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { ApiError, request } from "../../api.js";
import { NumbersQuery } from "../../queries.js";
import { ChatwootBridgeQuery, DisconnectChatwootMutation, RetryChatwootPostsMutation } from "../../queries-chatwoot.js";
import type { PageProps } from "../../page.js";
import { Failure, Notices } from "../parts.js";
import { ShownOnce } from "../access/shown-once.js";
import { BridgeSettings, RelayState } from "./bridge-state.js";
import { ConnectForm } from "./connect-form.js";
import { FailedPosts } from "./failed-posts.js";
import type { Bridge, Connected, Numbers } from "./bridge-types.js";

// Chatwoot (#/chatwoot): a business connects its Chatwoot API channel inbox in one step (its
// address, account, inbox, an administrator's access token and the numbers it carries) and sees the
// bridge's settings, whether its webhooks are signed, and its relay's state: what waits to go
// either way, since when, the last call that worked, the last error, and what Chatwoot refused for
// good, to post again. The state is read again every few seconds while the page is open.
// The webhook URL Chatwoot must call carries a secret and comes only in the answer to connecting:
// it is shown once, to copy; the access token is never shown back.

const REFRESH_MS = 3_000;

/**
 * The tenant's bridge (null: none), read when the page opens and again every REFRESH_MS while it
 * is open and visible. `set` puts a change's answer in place; a read already on its way then
 * arrives too late to undo it.
 */
function useBridge(onFailure: (err: Error) => void) {
  const [bridge, setBridge] = useState<Bridge | null | undefined>();
  const latest = useRef(0);
  const read = async () => {
    const mine = ++latest.current;
    try {
      const d = await request(ChatwootBridgeQuery);
      if (mine === latest.current) setBridge(d.chatwootBridge);
    } catch (err) {
      if (!(err instanceof ApiError && err.code === "NOT_FOUND")) throw err;
      if (mine === latest.current) setBridge(null);
    }
  };
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const again = () => {
      timer = setTimeout(() => {
        // A refresh that fails (the network away a moment) leaves the last state shown until the next.
        const done = document.hidden ? Promise.resolve() : read().catch(() => undefined);
        void done.then(() => stopped || again());
      }, REFRESH_MS);
    };
    read().then(again, onFailure);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
  const set = (b: Bridge | null) => {
    latest.current++;
    setBridge(b);
  };
  return { bridge, set, read };
}

/** Posting again what Chatwoot refused: the answer says how many went back in line, and the state is read again. */
function useRetry(tx: PageProps["tx"], reread: () => Promise<void>, say: (status: string, problem: string) => void) {
  const [busy, setBusy] = useState(false);
  const retry = () => {
    setBusy(true);
    request(RetryChatwootPostsMutation).then(
      async (r) => {
        say(tx.t("chatwootRetried", { n: r.retryChatwootPosts.retried }), "");
        await reread().catch(() => undefined);
        setBusy(false);
      },
      (err: unknown) => {
        setBusy(false);
        say("", err instanceof ApiError && err.code === "NOT_FOUND" ? tx.t("chatwootNotFound") : tx.t("error", { message: (err as Error).message }));
      },
    );
  };
  return { busy, retry };
}

export function Chatwoot({ tx }: PageProps) {
  const [failure, setFailure] = useState<Error | undefined>();
  const { bridge, set, read } = useBridge(setFailure);
  const [numbers, setNumbers] = useState<Numbers | undefined>();
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState("");
  const [webhookUrl, setWebhookUrl] = useState<string | undefined>();
  const retrying = useRetry(tx, read, (said, wrong) => {
    setStatus(said);
    setProblem(wrong);
  });
  useEffect(() => void request(NumbersQuery).then((d) => setNumbers(d.accounts), setFailure), []);
  // The address to copy is what to do next: the focus goes to its Copy button.
  useLayoutEffect(() => {
    if (webhookUrl) document.querySelector<HTMLButtonElement>(".shown-once button")?.focus();
  }, [webhookUrl]);
  const connected = (r: Connected) => {
    set(r.bridge);
    setProblem("");
    setStatus(tx.t("chatwootConnected"));
    setWebhookUrl(r.webhookUrl);
  };
  const disconnect = () => {
    setProblem("");
    request(DisconnectChatwootMutation).then(
      () => {
        set(null);
        setWebhookUrl(undefined);
        setStatus(tx.t("chatwootDisconnected"));
      },
      (err: unknown) => {
        if (err instanceof ApiError && err.code === "NOT_FOUND") set(null);
        setProblem(err instanceof ApiError && err.code === "NOT_FOUND" ? tx.t("chatwootNotFound") : tx.t("error", { message: (err as Error).message }));
      },
    );
  };
  if (failure) return <Failure tx={tx} error={failure} />;
  if (bridge === undefined || !numbers) return <p>{tx.t("loading")}</p>;
  return (
    <>
      <h2>{tx.t("chatwoot")}</h2>
      <p>{tx.t("chatwootHelp")}</p>
      <Notices status={status} problem={problem} />
      {webhookUrl && <ShownOnce tx={tx} title={tx.t("chatwootWebhookTitle")} help={tx.t("chatwootWebhookOnce")} value={webhookUrl} onClose={() => setWebhookUrl(undefined)} />}
      {bridge ? (
        <>
          <BridgeSettings tx={tx} bridge={bridge} numbers={numbers} onDisconnect={disconnect} />
          <RelayState tx={tx} relay={bridge.relay} />
          <FailedPosts tx={tx} bridge={bridge} busy={retrying.busy} onRetry={retrying.retry} />
        </>
      ) : (
        <p>{tx.t("chatwootNone")}</p>
      )}
      <ConnectForm key={bridge?.updatedAt ?? "none"} tx={tx} bridge={bridge} numbers={numbers} onConnected={connected} />
    </>
  );
}
