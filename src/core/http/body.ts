import type { IncomingMessage } from "node:http";

/** Content-Length says the body passes `maxBytes`: it is refused before a byte of it is read. */
export function declaresMoreThan(declared: string | null | undefined, maxBytes: number): boolean {
  return Number(declared ?? 0) > maxBytes;
}

/**
 * A request's body, refused (undefined) past `maxBytes`: at once when Content-Length says so,
 * otherwise as soon as the bytes read pass it, without buffering the rest.
 */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<Buffer | undefined> {
  const declared = request.headers.get("content-length");
  if (declaresMoreThan(declared, maxBytes)) return undefined;
  // Node's HTTP parser delivers exactly the declared length, so only a chunked body is counted;
  // a declared one is read whole, without a web stream reader.
  if (declared !== null) return Buffer.from(await request.arrayBuffer());
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    total += chunk.value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks);
}

/** The caller went away before its body ended: there is no one left to answer, and no fault of ours. */
export class BodyCutShort extends Error {
  constructor() {
    super("the request was closed before its body ended");
  }
}

/**
 * As `readBodyWithin`, from Node's own request. A chunked body that passes `maxBytes` destroys the
 * request, as cancelling the Fetch body does: the rest is never read.
 */
export function readNodeBodyWithin(req: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  if (declaresMoreThan(req.headers["content-length"], maxBytes)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total <= maxBytes) return void chunks.push(chunk);
      req.off("data", onData).off("end", onEnd).off("error", onClose).off("close", onClose);
      req.destroy();
      resolve(undefined);
    };
    const onEnd = () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    // A caller gone before the end (the connection reset, or closed): nothing is left to answer.
    // `close` follows every request, so the error is made only for one that did not complete.
    const onClose = () => {
      if (!req.complete) reject(new BodyCutShort());
    };
    req.on("data", onData).once("end", onEnd).once("error", onClose).once("close", onClose);
  });
}
