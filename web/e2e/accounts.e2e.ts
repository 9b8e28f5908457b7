/** Players who come back: sign up in one browser, make a table and play a move, close the
 * page; sign in from a fresh browser (no cookie, no link), find the game in "my games" and
 * go back to the seat, which opens without its key. */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Server, startBrowser, startServer } from "./harness";
import { awaitTurn, clickMove } from "./play";

let server: Server;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await startBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const NAME = "Nefertari7";
const PASSWORD = "the valley of the kings";

async function fillAndSend(page: Page, name: string, password: string): Promise<void> {
  const form = page.locator("form.account-form");
  await form.locator('input[name="name"]').fill(name);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}

it("finds a game again from another browser after signing in", async () => {
  const first = await browser.newContext();
  const page = await first.newPage();
  await page.goto(server.base);
  await page.locator("nav.account-bar a", { hasText: "Sign up" }).click();
  expect(new URL(page.url()).pathname).toBe("/sign-up");
  await fillAndSend(page, "_nefer", PASSWORD); // refused by the server with a reason
  expect(await page.locator("form.account-form .error").textContent()).toContain("3 to 24");
  await fillAndSend(page, NAME, PASSWORD);
  await page.locator("nav.account-bar", { hasText: `Signed in as ${NAME}` }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/");
  const cookies = await first.cookies();
  const session = cookies.find((c) => c.name === "saqqara_session");
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");
  expect(await page.evaluate(() => document.cookie)).not.toContain("saqqara_session");

  // A table against a bot: the first person seat is the account's own.
  await page.locator('button[data-game="tutankhamun"]').click();
  const form = page.locator("form.create");
  await form.locator('select[name="players"]').selectOption("2");
  await form.locator('select[name="seat-0"]').selectOption("person");
  await form.locator('select[name="seat-1"]').selectOption("bot");
  await form.locator('button[type="submit"]').click();
  await page.locator("section.invites").waitFor();
  expect(await page.locator("section.invites").textContent()).toContain(`${NAME}: http`);
  await page.locator("section.invites button.play").first().click();
  await page.locator("main.table").waitFor();
  const table = new URL(page.url()).pathname.split("/")[2] ?? "";
  expect(table).toMatch(/^[0-9a-f]{16}$/);
  if (await awaitTurn(page)) await clickMove(page, () => 0);
  await page.waitForFunction(() => Number(document.querySelector("main.table")?.getAttribute("data-seq")) > 0);
  await page.close();
  await first.close();

  // Another browser: nothing of the first one, not even the link.
  const second = await browser.newContext();
  const again = await second.newPage();
  await again.goto(`${server.base}/sign-in`);
  await fillAndSend(again, NAME.toLowerCase(), "not the password");
  expect(await again.locator("form.account-form .error").textContent()).toContain(
    "The user name or the password is wrong.",
  );
  await fillAndSend(again, NAME.toLowerCase(), PASSWORD);
  const mine = again.locator(`section.my-games li[data-table="${table}"]`);
  await mine.waitFor();
  expect(await mine.textContent()).toContain(NAME);
  await mine.locator("a").click();
  await again.locator("main.table[data-seat='0']").waitFor();
  const url = new URL(again.url());
  expect(url.pathname).toBe(`/t/${table}`);
  expect(url.searchParams.get("seat")).toBe("0");
  expect(url.searchParams.get("key")).toBeNull();
  expect(await again.locator("main.table .me").textContent()).toContain(NAME);
  // The seat is live: the game goes on from here.
  await again.waitForFunction(() => Number(document.querySelector("main.table")?.getAttribute("data-seq")) > 0);
  if (await awaitTurn(again)) {
    const before = Number(await again.locator("main.table").getAttribute("data-seq"));
    await clickMove(again, () => 0);
    await again.waitForFunction(
      (seq) => Number(document.querySelector("main.table")?.getAttribute("data-seq")) > seq,
      before,
    );
  }

  // Signing out: the seat no longer opens without its key.
  await again.goto(server.base);
  await again.locator("nav.account-bar button", { hasText: "Sign out" }).click();
  await again.locator("nav.account-bar a", { hasText: "Sign in" }).waitFor();
  await again.goto(`${server.base}/t/${table}?seat=0`);
  await again.locator("main.table p[role=status]", { hasText: "not valid" }).waitFor();
  await second.close();
});
