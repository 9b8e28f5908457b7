/** Sign-in with OpenID Connect in a real browser: the sign-in page's "Sign in with Local
 * ID" button goes through a local provider (`tests/server/oidc_provider.py`, a real HTTP
 * server in its own process) and back, signed in under the provider's name; a sign-in
 * the provider refuses ends on the sign-in page, saying so, signed in as nobody. */
import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ROOT, type Server, startBrowser, startServer } from "./harness";

let provider: ChildProcess;
let issuer: string;
let server: Server;
let browser: Browser;

/** The local provider, in its own process; its issuer URL. */
async function startProvider(): Promise<string> {
  const saqqara = process.env.SAQQARA ?? join(ROOT, ".venv", "bin", "saqqara");
  provider = spawn(join(dirname(saqqara), "python"), ["-m", "tests.server.oidc_provider"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((done, fail) => {
    let said = "";
    provider.stdout?.on("data", (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes("\n")) done(said.trim());
    });
    provider.once("exit", (code) => fail(new Error(`the provider exited (${code})`)));
  });
}

beforeAll(async () => {
  issuer = await startProvider();
  server = await startServer({
    args: ["--oidc", "local"],
    env: {
      SAQQARA_OIDC_LOCAL_ISSUER: issuer,
      SAQQARA_OIDC_LOCAL_CLIENT_ID: "saqqara-test",
      SAQQARA_OIDC_LOCAL_CLIENT_SECRET: "local provider secret",
      SAQQARA_OIDC_LOCAL_NAME: "Local ID",
    },
  });
  browser = await startBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  provider?.kill("SIGTERM");
});

it("signs in through the provider, and says why when the provider refuses", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.base}/sign-in`);
  await page.locator("button", { hasText: "Sign in with Local ID" }).click();
  await page.locator("nav.account-bar", { hasText: "Signed in as alice" }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/");
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === "saqqara_session")?.httpOnly).toBe(true);
  expect(cookies.find((c) => c.name === "saqqara_oidc")).toBeUndefined();
  await context.close();

  await fetch(`${issuer}/mischief?set=deny`, { method: "POST" });
  const other = await browser.newContext();
  const refused = await other.newPage();
  await refused.goto(`${server.base}/sign-in`);
  await refused.locator("button", { hasText: "Sign in with Local ID" }).click();
  await refused.locator("p.error", { hasText: "The sign-in was cancelled at the sign-in service." }).waitFor();
  expect(new URL(refused.url()).pathname).toBe("/sign-in");
  expect((await other.cookies()).find((c) => c.name === "saqqara_session")).toBeUndefined();
  await other.close();
  await fetch(`${issuer}/mischief`, { method: "POST" });
});

it("an account the provider made: unlinking the last way in is refused, deleting asks its name, a first password is set", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const signIn = async () => {
    await page.goto(`${server.base}/sign-in`);
    await page.locator("button", { hasText: "Sign in with Local ID" }).click();
    await page.locator("nav.account-bar", { hasText: "Signed in as alice" }).waitFor();
    await page.goto(`${server.base}/account`);
  };
  await signIn();
  // No password: no "Change the password" form, but "Set a password".
  await page.locator("form[aria-label='Set a password']").waitFor();
  expect(await page.locator("form[aria-label='Change the password']").count()).toBe(0);
  await page.locator("button", { hasText: "Unlink Local ID" }).click();
  await page.locator("p.error", { hasText: "Set a password or link another sign-in service first" }).waitFor();
  await page.locator("p", { hasText: "Linked: Local ID" }).waitFor();

  // Deleting asks for the user name typed again.
  const remove = page.locator("form[aria-label='Delete the account']");
  await remove.locator("input[name='confirm-name']").fill("alicia");
  await remove.locator("button[type='submit']").click();
  await page.locator("p.error", { hasText: "That is not the account's user name." }).waitFor();
  await remove.locator("input[name='confirm-name']").fill("alice");
  await remove.locator("button[type='submit']").click();
  await page.locator("nav.account-bar", { hasText: "Sign in" }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/");

  // The provider makes a new account of the same name; it sets a password, then unlinks.
  await signIn();
  const set = page.locator("form[aria-label='Set a password']");
  await set.locator("input[type='password']").fill("alice's password");
  await set.locator("button[type='submit']").click();
  await page.locator("p[role='status']", { hasText: "The password is set" }).waitFor();
  await page.locator("form[aria-label='Change the password']").waitFor();
  await page.locator("button", { hasText: "Unlink Local ID" }).click();
  await page.locator("p[role='status']", { hasText: "Local ID is unlinked from this account." }).waitFor();
  await page.locator("button", { hasText: "Link Local ID to this account" }).waitFor();
  await context.close();
});
