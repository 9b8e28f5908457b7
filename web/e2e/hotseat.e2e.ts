/** Hot-seat: two people's seats of one table on one page. The page shows the table of the
 * seat that decides. When that seat changes to one with hidden information, a hand-over
 * screen covers the table (no board, no moves in the DOM) until the next person reveals it;
 * a person deciding several times in a row (laying cards one by one, lifting and then
 * stopping) goes on without one; a game without hidden information (Tutankhamun) is never
 * covered. Every cover that ever appears is recorded in the page by a MutationObserver, so
 * one that only flashes between two updates is caught too. */
import type { Browser, Page } from "playwright-core";
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

declare global {
  interface Window {
    covers: number[];
  }
}

/** A hot-seat page of a new two-person table, recording the seat of every cover shown. */
async function hotSeatPage(game: string): Promise<Page> {
  const { table, links } = await createTable(server.base, game, 2, 0);
  const keys = [0, 1].map((seat) => new URL(links.get(seat) ?? "").searchParams.get("key"));
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript(() => {
    window.covers = [];
    let was: string | null = null;
    const check = () => {
      const now = document.querySelector("main.handover")?.getAttribute("data-seat") ?? null;
      if (now !== was && now !== null) window.covers.push(Number(now));
      was = now;
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto(`${server.base}/t/${table}#hotseat=0:${keys[0]},1:${keys[1]}`);
  return page;
}

/** Wait for the next decision (revealing the table when it is covered); returns the seat
 * whose table is shown with its moves. */
async function nextDecision(page: Page): Promise<number> {
  const cover = page.locator("main.handover");
  const move = page.locator("button.move:not([disabled])").first();
  await cover.or(move).first().waitFor({ timeout: 30_000 });
  if (await cover.isVisible()) {
    expect(await page.locator("svg.board").count()).toBe(0);
    expect(await page.locator("button.move").count()).toBe(0);
    const seat = Number(await cover.getAttribute("data-seat"));
    expect(await cover.locator("h1").textContent()).toBe(`Pass the device to Person ${seat + 1}`);
    await cover.locator("button.reveal").click();
  }
  await move.waitFor();
  expect(await page.locator("svg.board").count()).toBe(1);
  return Number(await page.locator("main.table").getAttribute("data-seat"));
}

/** Click and wait until the page has moved on (a newer update, or a cover). */
async function decide(page: Page, target: ReturnType<Page["locator"]>, byEvent = false): Promise<void> {
  const seq = await page.locator("main.table").getAttribute("data-seq");
  if (byEvent) await target.dispatchEvent("click");
  else await target.click();
  await page.waitForFunction(
    (before) =>
      document.querySelector("main.handover") ||
      document.querySelector("main.table")?.getAttribute("data-seq") !== before,
    seq,
    { timeout: 30_000, polling: 20 },
  );
}

/** The covers a run of decisions calls for: one before the first, and one whenever the
 * deciding seat changes. */
function changes(deciders: number[]): number[] {
  return deciders.filter((seat, n) => n === 0 || seat !== deciders[n - 1]);
}

it("covers the table whenever the deciding seat changes to hidden information, never between one seat's decisions", async () => {
  const page = await hotSeatPage("tutankhamuns-revenge");
  const deciders: number[] = [];
  const laidBy = new Map<string, number>();
  while (deciders.length < 16) {
    const seat = await nextDecision(page);
    deciders.push(seat);
    const tray = page.locator("svg .laying-tray .place[data-action]:not(.faded)");
    const layer = `${seat}:${(await page.locator(".next-cell").count()) > 0 ? "laying" : "digging"}`;
    const laid = laidBy.get(layer) ?? 0;
    if ((await tray.count()) > 1 && laid < 2 && deciders.length < 8) {
      // Lay two cards of the first layers by the tray on the board, then the rest at random.
      laidBy.set(layer, laid + 1);
      await decide(page, tray.first(), true);
    } else if ((await page.locator('button.move[title="random"]').count()) > 0) {
      laidBy.delete(layer);
      await decide(page, page.locator('button.move[title="random"]'));
    } else if ((await page.locator('button.move[title="stop"]').count()) > 0 && deciders.at(-2) === seat) {
      await decide(page, page.locator('button.move[title="stop"]'));
    } else {
      // Dig (a lift, then stop next time), block nowhere.
      const lift = page.locator('button.move[title^="lift"]');
      const noBlock = page.locator('button.move[title="no-block"]');
      await decide(page, (await lift.count()) > 0 ? lift.first() : (await noBlock.count()) > 0 ? noBlock : page.locator("button.move").first());
    }
  }
  deciders.push(await nextDecision(page));
  const covers = await page.evaluate(() => window.covers);
  expect(covers).toEqual(changes(deciders));
  expect(covers.length).toBeGreaterThanOrEqual(4);
  // Some decisions followed one of the same seat (laying, digging on): they were not covered.
  expect(deciders.length - covers.length).toBeGreaterThanOrEqual(4);
  await page.context().close();
});

it("never covers a game without hidden information, and follows the deciding seat", async () => {
  const page = await hotSeatPage("tutankhamun");
  const deciders: number[] = [];
  for (let turn = 0; turn < 6; turn++) {
    deciders.push(await nextDecision(page));
    await decide(page, page.locator("button.move:not([disabled])").first());
  }
  deciders.push(await nextDecision(page));
  expect(await page.evaluate(() => window.covers)).toEqual([]);
  expect(deciders[0]).toBe(0);
  expect(new Set(deciders)).toEqual(new Set([0, 1]));
  await page.context().close();
});
