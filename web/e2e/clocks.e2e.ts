/** Clocks and undo from the lobby: a two-person Tutankhamun table created in the lobby's
 * form with a clock per move and undo allowed; both seats open their links; the seat to
 * move sees its clock running, moves, reloads the page (the Undo button is still offered,
 * also on the same link opened in another browser context), takes the move back with the Undo button and is
 * at the first step again with its clock shown. */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Server, startBrowser, startServer } from "./harness";

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

it("creates a clocked table with undo in the lobby, moves and takes the move back", async () => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(server.base);
  await page.locator('button[data-game="tutankhamun"]').click();
  const form = page.locator("form.create");
  await form.locator('select[name="players"]').selectOption("2");
  await form.locator('select[name="seat-1"]').selectOption("person");
  expect(await form.locator('select[name="clock"]').inputValue()).toBe("none");
  expect(await form.locator('input[name="undo"]').isChecked()).toBe(false);
  await form.locator('select[name="clock"]').selectOption("move");
  await form.locator('input[name="clock-amount"]').fill("300");
  expect(await form.locator('select[name="on-timeout"]').inputValue()).toBe("bot");
  await form.locator('input[name="undo"]').check();
  await form.locator('button[type="submit"]').click();

  const invites = page.locator("section.invites");
  await invites.waitFor();
  const other = (await invites.locator("li code").nth(1).textContent()) ?? "";
  const second = await (await browser.newContext()).newPage();
  await second.goto(other);
  await invites.locator("button.play").first().click();

  const table = page.locator("main.table");
  const move = page.locator("button.move:not([disabled])").first();
  await move.waitFor({ timeout: 30_000 });
  const mine = page.locator("li.seat").first().locator(".clock.running");
  await mine.waitFor();
  expect(await mine.getAttribute("aria-label")).toMatch(/^move time left [45]:\d\d$/);
  expect(await page.locator("button.undo").count()).toBe(0);

  const before = Number(await table.getAttribute("data-seq"));
  await move.click();
  const undo = page.locator("button.undo");
  await undo.waitFor({ timeout: 30_000 });
  expect(Number(await table.getAttribute("data-seq"))).toBe(before + 1);
  // a full reload still offers it, and so does the same seat's link in a new browser
  // context (another tab or device): each update says whether the seat may undo
  await page.reload();
  await undo.waitFor({ timeout: 30_000 });
  expect(Number(await table.getAttribute("data-seq"))).toBe(before + 1);
  const elsewhere = await (await browser.newContext()).newPage();
  await elsewhere.goto(page.url());
  await elsewhere.locator("button.undo").waitFor({ timeout: 30_000 });
  await elsewhere.close();
  // the other seat is not offered to take back a move that was not its own
  expect(await second.locator("button.undo").count()).toBe(0);
  await undo.click();
  await page.waitForFunction(
    (seq) => document.querySelector("main.table")?.getAttribute("data-seq") === String(seq),
    before,
    { timeout: 30_000 },
  );
  expect(await page.locator("button.undo").count()).toBe(0);
  expect(await page.locator("p.error").count()).toBe(0);
  await page.locator("li.seat").first().locator(".clock.running").waitFor();
  await page.locator("button.move:not([disabled])").first().waitFor();
});
