import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { TestServer } from "./server.js";
import { csrf, totpCode } from "./staff.js";
import { phoneLayout } from "./browser.js";
import { ar } from "../../src/features/operator-console/web/texts-ar.js";
import { en } from "../../src/features/operator-console/web/texts-en.js";

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

/** A command run as the command line, its result; a refusal throws with its status and body. */
export async function resultOfCommandLine(server: TestServer, command: string, args: Record<string, unknown> = {}) {
  const { status, body } = await asCommandLine(server, command, args);
  if (status !== 200) throw new Error(`${command}: ${status} ${JSON.stringify(body)}`);
  return body.result as unknown;
}

/** Signs in through the page as a new operator of `role`, with the authenticator's code of the server's clock. */
export async function signInAs(page: Page, server: TestServer, lang: "ar" | "en", role: string) {
  const w = lang === "ar" ? ar : en;
  const email = `${role}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@ops.example`;
  const made = (await resultOfCommandLine(server, "operator:create", { email, role })) as { password: string; totpSecret: string };
  await page.goto(`${server.url}/admin`);
  await page.getByLabel(w.email).fill(email);
  await page.getByLabel(w.password).fill(made.password);
  await page.getByLabel(w.code).fill(totpCode(made.totpSecret, server.app.deps.clock.now()));
  await page.getByRole("button", { name: w.signIn }).click();
  await page.getByRole("heading", { level: 2, name: w.businesses }).waitFor();
  return email;
}

/** Nothing past the screen's edges, no control smaller than 44 px, at two phone widths. */
export async function fitsPhone(page: Page) {
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await phoneLayout(page, "button, input, select"), `at ${width} px`).toEqual({ scrollWidth: width, outside: [], small: [] });
  }
}
