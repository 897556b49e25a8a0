/**
 * A request's body, refused (undefined) past `maxBytes`: at once when Content-Length says so,
 * otherwise as soon as the bytes read pass it, without buffering the rest.
 */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<Buffer | undefined> {
  const declared = request.headers.get("content-length");
  if (Number(declared ?? 0) > maxBytes) return undefined;
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
