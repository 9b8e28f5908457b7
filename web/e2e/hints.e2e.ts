/** Hints in a real game: a table made in the lobby with hints allowed offers "What would the
 * bot play?" at the person's decision; the answer names a move the page offers, marks it in
 * the move list, and playing it goes on with the game. A table without hints offers none. */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTable, type Server, startBrowser, startServer } from "./harness";

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

it("asks the bot for a hint in a real game and plays the move it names", async () => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(server.base);
  await page.locator('button[data-game="tutankhamun"]').click();
  const form = page.locator("form.create");
  await form.locator('select[name="players"]').selectOption("2");
  await form.locator('select[name="seat-0"]').selectOption("person");
  await form.locator('select[name="seat-1"]').selectOption("bot");
  await form.locator('input[name="hints"]').check();
  await form.locator('button[type="submit"]').click();
  await page.locator("section.invites button.play").first().click();
  const table = page.locator("main.table");
  await table.waitFor();
  const id = new URL(page.url()).pathname.split("/").pop() ?? "";
  const info = (await (await fetch(`${server.base}/api/tables/${id}`)).json()) as { hints: boolean };
  expect(info.hints).toBe(true);

  const ask = page.locator("button.hint-ask");
  await ask.waitFor({ timeout: 60_000 }); // the person's decision (after the bot's, if it starts)
  const seq = Number(await table.getAttribute("data-seq"));
  await ask.click();
  const answer = page.locator(".hint-answer", { hasText: "The bot would play:" });
  await answer.waitFor({ timeout: 60_000 });
  const marked = page.locator("section.moves button.move.hinted");
  expect(await marked.count()).toBe(1);
  const label = (await marked.textContent())?.replace(/ ★ the bot's choice$/, "") ?? "";
  expect(label.length).toBeGreaterThan(0);
  expect(await answer.textContent()).toContain(label);
  expect(await answer.textContent()).toMatch(/about \d+%/);
  expect(await ask.isDisabled()).toBe(true); // answered for this position
  const onBoard = page.locator(".board-keys .place.hinted");
  expect(await onBoard.count()).toBe(1); // its place on the path too
  expect(await onBoard.getAttribute("aria-label")).toBe(label);
  await page.screenshot({ path: process.env.HINT_SHOT ?? "/tmp/saqqara-hint.png" });

  await marked.click();
  await page.waitForFunction(
    (before) => Number(document.querySelector("main.table")?.getAttribute("data-seq")) > before,
    seq,
    { timeout: 60_000 },
  );
  // the hint was for the position before: it is gone with it
  await page.locator("section.moves button.move.hinted").waitFor({ state: "detached", timeout: 60_000 });
});

it("offers no hint at a table made without them", async () => {
  const { links } = await createTable(server.base, "tutankhamun", 1, 1, "random");
  const page = await (await browser.newContext()).newPage();
  await page.goto(links.get(0) ?? "");
  await page.locator("section.moves button.move").first().waitFor({ timeout: 60_000 });
  expect(await page.locator("button.hint-ask").count()).toBe(0);
});
