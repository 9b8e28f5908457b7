/** axe-core (through Playwright) finds no serious or critical accessibility violation on
 * the lobby, the rules page, a tutorial's step and each game's table at a person's turn, in Debian's
 * Chromium against a real server (issue 33, item 4). */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTable, type Server, startBrowser, startServer } from "./harness";
import { awaitTurn, GAMES, QUICK_BOT } from "./play";

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

/** The serious and critical violations of WCAG 2 A and AA on the page as it stands: each
 * as its rule, its impact and the first elements it names. */
async function violations(page: Page): Promise<string[]> {
  // axe needs a page of a context of its own (browser.newPage()'s will not do)
  const found = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return found.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}

it("finds nothing serious on the lobby, a rules page, a tutorial and the account forms", async () => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.base}/`);
  await page.waitForSelector("main");
  expect(await violations(page)).toEqual([]);
  await page.goto(`${server.base}/rules/tutankhamun`);
  await page.waitForSelector("main h2");
  expect(await violations(page)).toEqual([]);
  // a tutorial's step, its move marked, and the reason another move is refused
  await page.goto(`${server.base}/tutorial/tutankhamun`);
  await page.locator("button.move.hinted:enabled").waitFor();
  await page.locator("button.move:not(.hinted):enabled").first().click();
  await page.locator(".tutorial-step .why").waitFor();
  expect(await violations(page)).toEqual([]);
  for (const path of ["/sign-up", "/sign-in"]) {
    await page.goto(`${server.base}${path}`);
    await page.waitForSelector("main form");
    expect(await violations(page)).toEqual([]);
  }
  await page.context().close();
}, 120_000);

for (const game of GAMES) {
  it(`finds nothing serious at ${game}'s table on a person's turn`, async () => {
    const { links } = await createTable(server.base, game, 1, 1, QUICK_BOT[game]);
    const page = await (await browser.newContext()).newPage();
    await page.goto(links.get(0)!);
    expect(await awaitTurn(page)).toBe(true);
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  }, 180_000);
}

it("finds nothing serious at Valley's table on a phone with its hit areas and 'Which one?' open", async () => {
  const { links } = await createTable(server.base, "valley-of-the-kings", 1, 1, QUICK_BOT["valley-of-the-kings"]);
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  await page.goto(links.get(0) ?? "");
  expect(await awaitTurn(page)).toBe(true);
  await page.waitForSelector(".hit-layer .hit", { state: "attached" });
  // A tap between two stone groups' rows (their hit areas overlap there) asks which one.
  const point = await page.evaluate(() => {
    const rows = [...document.querySelectorAll("svg.board .place")].filter((place) =>
      (place.getAttribute("aria-label") ?? "").length > 0 && place.getBoundingClientRect().height < 30);
    const [first, second] = rows.map((row) => row.getBoundingClientRect());
    return first && second ? { x: first.left + first.width / 2, y: (first.bottom + second.top) / 2 } : null;
  });
  expect(point).not.toBeNull();
  await page.touchscreen.tap(point!.x, point!.y);
  await page.waitForSelector(".tap-choice button.tap-option");
  expect(await violations(page)).toEqual([]);
  await context.close();
}, 120_000);
