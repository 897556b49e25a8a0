import type { TestServer } from "./server.js";
import { csrf, totpCode } from "./staff.js";

// Operators as tests meet them (docs/operators.md): made by the command line through the admin
// endpoint with the server's token, signed in with a password and the authenticator's code, and
// running commands with their session's cookie.

export const json = { "content-type": "application/json" };

export async function asCommandLine(server: TestServer, command: string, args: Record<string, unknown> = {}) {
  const res = await fetch(`${server.url}/admin/commands`, {
    method: "POST",
    headers: { ...json, authorization: `Bearer ${server.app.adminToken}` },
    body: JSON.stringify({ command, args }),
  });
  return { status: res.status, body: await res.json() };
}

export async function asOperator(server: TestServer, cookie: string, command: string, args: Record<string, unknown> = {}, headers: Record<string, string> = csrf) {
  const res = await fetch(`${server.url}/admin/commands`, { method: "POST", headers: { ...json, ...headers, cookie }, body: JSON.stringify({ command, args }) });
  return { status: res.status, body: await res.json() };
}

export async function signIn(server: TestServer, body: Record<string, unknown>, headers: Record<string, string> = csrf) {
  const res = await fetch(`${server.url}/admin/session`, { method: "POST", headers: { ...json, ...headers }, body: JSON.stringify(body) });
  const setCookie = res.headers.get("set-cookie") ?? "";
  return { status: res.status, body: await res.json(), setCookie, cookie: setCookie.split(";")[0] ?? "" };
}

/** An operator made by the command line: their secrets as printed. */
export async function newOperator(server: TestServer, email: string, role: string) {
  const made = await asCommandLine(server, "operator:create", { email, role });
  if (made.status !== 200) throw new Error(`operator:create ${email}: ${made.status} ${JSON.stringify(made.body)}`);
  return made.body.result as { operator: { id: number }; password: string; totpSecret: string; recoveryCodes: string[] };
}

/** Signed in with the authenticator's code of the step after the last one used, so no code is spent twice. */
export async function signedIn(server: TestServer, email: string, secrets: { password: string; totpSecret: string }) {
  const clock = server.app.deps.clock;
  clock.advance(30_000);
  const signed = await signIn(server, { email, password: secrets.password, code: totpCode(secrets.totpSecret, clock.now()) });
  if (signed.status !== 200) throw new Error(`sign-in ${email}: ${signed.status} ${JSON.stringify(signed.body)}`);
  return signed.cookie;
}
