/** A figure never blocks its field (issue 33, item 4): wherever a pawn, an explorer, the
 * mummy or a Valley figure stands over a clickable place, a click at the figure's middle
 * reaches the place. Measured by hit-testing in Chromium at each of a person's turns of a
 * few moves of every game (on a desktop and on a 360×740 touch phone), and one such place is
 * clicked with the mouse: its move is sent. */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTable, type Server, startBrowser, startServer } from "./harness";
import { awaitTurn, clickMove, GAMES, QUICK_BOT, seeded } from "./play";

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

const FIGURES = ".pawn, .explorer, .mummy-token, .figure, .area-figures, .bid-tile";

/** The places lying right under a figure's middle: for each, whether a click there reaches it,
 * and the point. */
async function placesUnderFigures(page: Page): Promise<{ place: string; reached: boolean; x: number; y: number }[]> {
  return page.evaluate((selector) => {
    const found: { place: string; reached: boolean; x: number; y: number }[] = [];
    const probe = document.createElement("style");
    probe.textContent = "svg.board * { pointer-events: auto !important; }";
    for (const figure of document.querySelectorAll(`svg.board :is(${selector})`)) {
      const box = figure.getBoundingClientRect();
      if (box.width === 0) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      document.head.append(probe);
      // What lies right under the figure (another figure's parts left aside): a place's?
      const next = document
        .elementsFromPoint(x, y)
        .find((element) => !figure.contains(element) && !element.closest(selector));
      const under = next?.closest(".place");
      probe.remove();
      if (!under) continue;
      const hit = document.elementFromPoint(x, y)?.closest(".place");
      const top = document.elementFromPoint(x, y);
      const what = hit === under ? "" : ` (under ${top?.tagName}.${top?.getAttribute("class")} in ${top?.parentElement?.getAttribute("class")})`;
      found.push({ place: `${under.getAttribute("aria-label") ?? "?"}${what}`, reached: hit === under, x, y });
    }
    return found;
  }, FIGURES);
}

const blocked: string[] = [];
let clicked = 0;

for (const [name, viewport, phone] of [
  ["desktop", { width: 1280, height: 900 }, false],
  ["phone", { width: 360, height: 740 }, true],
] as const) {
  for (const game of GAMES) {
    it(`lets a click through a figure to its place on ${game} (${name})`, async () => {
      const { links } = await createTable(server.base, game, 1, 1, QUICK_BOT[game]);
      const context = await browser.newContext({ viewport, isMobile: phone, hasTouch: phone, reducedMotion: "reduce" });
      const page = await context.newPage();
      await page.goto(links.get(0)!);
      blocked.length = 0;
      const pick = seeded(11);
      for (let move = 0; move < 12; move++) {
        if (!(await awaitTurn(page))) break;
        await page.waitForTimeout(200);
        const under = await placesUnderFigures(page);
        for (const spot of under) if (!spot.reached) blocked.push(`${game} ${name}: ${spot.place}`);
        const free = under.find((spot) => spot.reached);
        if (free && !phone && clicked < GAMES.length) {
          // A real mouse click on the figure's middle plays the place's move.
          const seq = await page.locator("main.table").getAttribute("data-seq");
          await page.mouse.click(free.x, free.y);
          await page.waitForFunction(
            (before) =>
              document.querySelector(".composer") ||
              document.querySelector(".result") ||
              document.querySelector("main.table")?.getAttribute("data-seq") !== before,
            seq,
            { timeout: 30_000 },
          );
          clicked += 1;
          if (await page.locator(".composer").count()) await clickMove(page, pick);
          continue;
        }
        await clickMove(page, pick);
      }
      expect(blocked).toEqual([]);
      await context.close();
    }, 240_000);
  }
}

it("found figures over places and clicked through them", () => {
  expect(clicked).toBeGreaterThan(0);
});
