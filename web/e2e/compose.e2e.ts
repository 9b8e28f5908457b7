/** Valley of the Kings in Chromium against a real `saqqara serve`: a bid is built up on the
 * board (a click on a stone group, then a value) and waits, pending, until Confirm sends it;
 * Clear throws a pending bid away and sends nothing. */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTable, type Server, startBrowser, startServer } from "./harness";
import { awaitTurn } from "./play";

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

it("a Valley bid is composed on the board and sent only on Confirm", async () => {
  const { links } = await createTable(server.base, "valley-of-the-kings", 1, 1, "greedy");
  const page = await (await browser.newContext({ viewport: { width: 1100, height: 900 } })).newPage();
  await page.goto(links.get(0) ?? "");
  expect(await awaitTurn(page)).toBe(true);
  const group = page.locator('svg .place[aria-label="Bid at group 1"]');
  await group.waitFor();
  const seq = await page.locator("main.table").getAttribute("data-seq");

  // Clear: nothing is sent.
  await group.dispatchEvent("click");
  await page.locator(".composer [data-choice]").first().click();
  await page.locator(".composer .confirm").waitFor();
  await page.locator(".composer .clear").click();
  await expect.poll(() => page.locator(".composer").count()).toBe(0);
  expect(await page.locator("main.table").getAttribute("data-seq")).toBe(seq);

  // Choose again and confirm: the bid is sent and its tile lies at group 1.
  await group.dispatchEvent("click");
  const choices = page.locator(".composer [data-choice]");
  expect(await choices.count()).toBeGreaterThan(1);
  await choices.last().click();
  const confirm = page.locator(".composer .confirm");
  await confirm.waitFor();
  expect(await page.locator("main.table").getAttribute("data-seq")).toBe(seq);
  const tiles = await page.locator(".market .bid-tile").count();
  await confirm.click();
  await page.waitForFunction(
    (before) => document.querySelector("main.table")?.getAttribute("data-seq") !== before,
    seq,
  );
  await expect.poll(() => page.locator(".market .bid-tile").count()).toBeGreaterThan(tiles);
  await page.context().close();
});
