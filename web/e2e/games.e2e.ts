/** Each of the four games played to the end by clicking in Chromium against a real
 * `saqqara serve` (one person, a bot in the other seat); a reload mid-game resumes; a
 * 360-pixel-wide phone plays a turn; a turn is played with the keyboard alone. */
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

  it("the keyboard reaches the board's places: Tab, the arrow keys, a focus ring, Enter", async () => {
    const { links } = await createTable(server.base, "tutankhamuns-revenge", 1, 1, "heuristic");
    const page = await (await browser.newContext({ viewport: { width: 1100, height: 900 } })).newPage();
    await page.goto(links.get(0) ?? "");
    expect(await awaitTurn(page)).toBe(true);
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        const place = element?.closest(".place");
        if (!place) return null;
        const box = place.getBoundingClientRect();
        return {
          label: place.getAttribute("aria-label"),
          x: box.left + box.width / 2,
          y: box.top + box.height / 2,
          ring: getComputedStyle(place).outlineStyle,
        };
      });
    // Tab from the page's top: the board is one stop, before the move list.
    let tabs = 0;
    while (tabs < 20 && (await focused()) === null) {
      await page.keyboard.press("Tab");
      tabs += 1;
    }
    const first = await focused();
    expect(first).not.toBeNull();
    expect(first?.ring).toBe("solid");
    expect(first?.label).toBe(await page.locator("button.move").first().textContent());
    // The next Tab leaves the board for the move list.
    await page.keyboard.press("Tab");
    expect(await focused()).toBeNull();
    await page.keyboard.press("Shift+Tab");
    expect((await focused())?.label).toBe(first?.label);
    // Right goes right along the tray's row; Enter lays that card.
    await page.keyboard.press("ArrowRight");
    const right = await focused();
    expect(right?.x).toBeGreaterThan(first?.x ?? 0);
    expect(Math.abs((right?.y ?? 0) - (first?.y ?? 0))).toBeLessThan(5);
    const seq = await page.locator("main.table").getAttribute("data-seq");
    await page.keyboard.press("Enter");
    await page.waitForFunction(
      (before) => document.querySelector("main.table")?.getAttribute("data-seq") !== before,
      seq,
    );
    // The card lies on the box's first cell now, face down to the others.
    await expect.poll(() => page.locator("svg.board .next-cell").count()).toBe(1);
    expect(await page.locator('svg.board text:text-is("face down")').count()).toBe(1);
    // Still laying: the focus is on the board again, ready for the next card.
    await expect.poll(async () => (await focused()) !== null).toBe(true);
    await page.context().close();
  });
});
