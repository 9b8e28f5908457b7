/** Each of the four games played to the end by clicking in Chromium against a real
 * `saqqara serve` (one person, a bot in the other seat); a reload mid-game resumes; a
 * 360-pixel-wide phone plays a turn. */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTable, type Server, startBrowser, startServer } from "./harness";
import { GAMES, QUICK_BOT, awaitTurn, clickMove, playToEnd, seeded } from "./play";

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

describe("a whole game by clicking", () => {
  for (const [index, game] of GAMES.entries()) {
    it(`${game}: plays to the end`, async () => {
      const { links } = await createTable(server.base, game, 1, 1, QUICK_BOT[game]);
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(links.get(0) ?? "");
      const clicks = await playToEnd(page, seeded(index + 1));
      await page.locator(".result").waitFor();
      expect(await page.locator(".result").textContent()).toContain("Game over");
      expect(clicks).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      const ms = await page.evaluate(() => document.body.dataset.lastClickMs ?? "");
      console.log(`${game}: ${clicks} moves clicked to the end; last click to board ${ms} ms`);
      await context.close();
    });
  }
});

describe("resuming and phones", () => {
  it("a reload mid-game resumes the same table at the same step", async () => {
    const { links } = await createTable(server.base, "tutankhamun", 1, 1, "greedy");
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(links.get(0) ?? "");
    // The nearest tile each time, never the exit: the game cannot end in these moves.
    const pick = () => 0;
    for (let n = 0; n < 3; n++) {
      expect(await awaitTurn(page)).toBe(true);
      await clickMove(page, pick, ["exit"]);
    }
    expect(await awaitTurn(page)).toBe(true);
    const before = await page.locator("main.table").getAttribute("data-seq");
    const logBefore = await page.locator(".log li").count();
    await page.reload();
    expect(await awaitTurn(page)).toBe(true);
    expect(await page.locator("main.table").getAttribute("data-seq")).toBe(before);
    expect(await page.locator(".log li").count()).toBe(logBefore);
    await clickMove(page, pick, ["exit"]);
    await context.close();
  });

  it("a 360-pixel-wide phone plays a turn without sideways scrolling", async () => {
    const { links } = await createTable(server.base, "tutankhamuns-revenge", 1, 1, "heuristic");
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(links.get(0) ?? "");
    expect(await awaitTurn(page)).toBe(true);
    const before = await page.locator("main.table").getAttribute("data-seq");
    await page.locator("button.move").first().tap();
    await page.waitForFunction(
      (seq) => document.querySelector("main.table")?.getAttribute("data-seq") !== seq,
      before,
    );
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await context.close();
  });
});
