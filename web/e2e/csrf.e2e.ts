/** CSRF in a real browser: a signed-in player visits another origin's page (another port
 * of the same host: the same site, so even a SameSite=Lax cookie goes with its requests),
 * which tries to sign them out, make a table in their name and delete their account by a
 * plain fetch, a fetch with the CSRF header and a form. None of it changes anything. */
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Server, startBrowser, startServer } from "./harness";

let server: Server;
let browser: Browser;
let evil: HttpServer;
let evilBase = "";

const PASSWORD = "pyramids of giza";

function attackPage(target: string): string {
  return `<!doctype html><html><body><p id="done">working</p>
<form id="form" method="POST" action="${target}/api/account/delete" target="sink">
<input name="password" value="${PASSWORD}"></form><iframe name="sink"></iframe>
<script>
const results = [];
async function attempt(label, run) {
  try { const answer = await run(); results.push(label + ":" + answer.status + ":" + answer.type); }
  catch (error) { results.push(label + ":failed"); }
}
(async () => {
  await attempt("plain", () => fetch("${target}/api/account/sign-out", {
    method: "POST", mode: "no-cors", credentials: "include", body: "{}" }));
  await attempt("table", () => fetch("${target}/api/tables", {
    method: "POST", mode: "no-cors", credentials: "include",
    body: JSON.stringify({ game: "tutankhamun", seats: [{ kind: "person" }, { kind: "bot" }], mine: 0 }) }));
  await attempt("header", () => fetch("${target}/api/account/sign-out", {
    method: "POST", credentials: "include",
    headers: { "X-Saqqara-CSRF": "guess", "Content-Type": "application/json" }, body: "{}" }));
  await attempt("read", () => fetch("${target}/api/account", { credentials: "include" }));
  document.getElementById("form").submit();
  await new Promise((done) => setTimeout(done, 1000));
  document.getElementById("done").textContent = results.join(" ");
})();
</script></body></html>`;
}

beforeAll(async () => {
  server = await startServer();
  browser = await startBrowser();
  evil = createServer((request, response) => {
    response.writeHead(200, { "Content-Type": "text/html" });
    response.end(attackPage(server.base));
  });
  await new Promise<void>((done) => evil.listen(0, "127.0.0.1", done));
  evilBase = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((done) => evil?.close(done));
});

it("refuses every request another origin's page makes with the player's cookie", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.base}/sign-up`);
  const form = page.locator("form.account-form");
  await form.locator('input[name="name"]').fill("Hatshepsut");
  await form.locator('input[name="password"]').fill(PASSWORD);
  await form.locator('button[type="submit"]').click();
  await page.locator("nav.account-bar", { hasText: "Signed in as Hatshepsut" }).waitFor();

  const attacker = await context.newPage();
  await attacker.goto(evilBase);
  await attacker.locator("#done", { hasText: "plain:" }).waitFor({ timeout: 30_000 });
  const results = (await attacker.locator("#done").textContent()) ?? "";
  // Opaque answers (nothing readable), the header's preflight refused, nothing read.
  expect(results).toContain("plain:0:opaque");
  expect(results).toContain("table:0:opaque");
  expect(results).toContain("header:failed");
  expect(results).toContain("read:failed");

  // Still signed in, the account still there, and no table made in its name.
  const me = await page.evaluate(async () => (await fetch("/api/account")).json());
  expect(me.account.name).toBe("Hatshepsut");
  const games = await page.evaluate(async () => (await fetch("/api/account/games")).json());
  expect(games).toEqual({ running: [], finished: [] });
  await context.close();
});
