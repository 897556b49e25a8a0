/**
 * The file name a link's last path segment gives, decoded ("" when it has none). A link that is not
 * absolute is still read by what looks like its path, and a malformed escape is kept as written:
 * both are still usable names, and the provider judges the link itself.
 */
export function linkFileName(url: string): string {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    pathname = url.split(/[?#]/)[0] ?? "";
  }
  const segment = pathname.split("/").pop() ?? "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
