/** Valley of the Kings (and the mummy's maze) on a 360×740 phone with a touch screen: the whole board fits the
 * page's width, "Zoom to your move" enlarges the current decision until every place of it is
 * a touch target of at least 40 CSS pixels, and a turn is played by tapping places on the
 * board (and the choices and Confirm beside it), never the move list; two fingers spread on
 * the board zoom it. */
import type { Browser, Page } from "playwright-core";
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

/** The smallest side, in CSS pixels, of each place of the board. */
async function placeSizes(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll(".board-wrap svg .place")].map((place) => {
      const box = place.getBoundingClientRect();
      return Math.min(box.width, box.height);
    }),
  );
}

/** Bring the ``index``th place into sight inside the board's frame and find a point of the
 * screen where a tap lands on it (not on a drawing above it, a stone or a figure), or on
 * the touch-sized hit area laid over it (taps.tsx); with the place's action ids. */
async function tapPoint(page: Page, index: number): Promise<{ x: number; y: number; ids: string } | null> {
  return page.evaluate((n) => {
    const place = document.querySelectorAll(".board-wrap svg .place")[n];
    if (!place) return null;
    place.scrollIntoView({ block: "center", inline: "center" });
    const frame = document.querySelector(".board-wrap .board-scroll")?.getBoundingClientRect();
    const box = place.getBoundingClientRect();
    const ids = place.getAttribute("data-action") ?? place.getAttribute("data-actions") ?? "";
    for (const fy of [0.5, 0.35, 0.65, 0.2, 0.8]) {
      for (const fx of [0.5, 0.35, 0.65, 0.2, 0.8]) {
        const x = box.left + box.width * fx;
        const y = box.top + box.height * fy;
        if (frame && (x < frame.left || x > frame.right || y < frame.top || y > frame.bottom)) continue;
        const top = document.elementFromPoint(x, y);
        const onHit = top?.classList.contains("hit") && top.getAttribute("data-for") === ids;
        if (top?.closest(".place") === place || onHit) return { x, y, ids };
      }
    }
    return null;
  }, index);
}

/** Tap a place of the current decision (that place again where "Which one?" asks), then
 * its first choice and Confirm where it asks. */
async function tapDecision(page: Page): Promise<void> {
  const seq = await page.locator("main.table").getAttribute("data-seq");
  const count = await page.locator(".board-wrap svg .place").count();
  let point: { x: number; y: number; ids: string } | null = null;
  for (let n = 0; n < count && !point; n++) point = await tapPoint(page, n);
  expect(point).not.toBeNull();
  await page.touchscreen.tap(point?.x ?? 0, point?.y ?? 0);
  const answered = (before: string | null) =>
    page.waitForFunction(
      (prior) =>
        document.querySelector(".tap-choice") ||
        document.querySelector(".composer") ||
        document.querySelector(".result") ||
        document.querySelector("main.table")?.getAttribute("data-seq") !== prior,
      before,
      { timeout: 30_000, polling: 20 },
    );
  await answered(seq);
  if ((await page.locator(".tap-choice").count()) > 0) {
    await page.locator(`.tap-choice button[data-for="${point?.ids ?? ""}"]`).tap();
    await page.waitForFunction(
      (prior) =>
        !document.querySelector(".tap-choice") &&
        (document.querySelector(".composer") ||
          document.querySelector(".result") ||
          document.querySelector("main.table")?.getAttribute("data-seq") !== prior),
      seq,
      { timeout: 30_000, polling: 20 },
    );
  }
  const choice = page.locator(".composer [data-choice]").first();
  if ((await choice.count()) > 0) await choice.tap();
  const confirm = page.locator(".composer .confirm");
  if ((await confirm.count()) > 0) await confirm.tap();
  await page.waitForFunction(
    (prior) =>
      document.querySelector(".result") ||
      document.querySelector("main.table")?.getAttribute("data-seq") !== prior,
    seq,
    { timeout: 60_000, polling: 20 },
  );
}

/** Two fingers on the board's frame, ``from`` pixels apart, spread to ``to`` pixels apart
 * (touch events as a touch screen sends them). */
async function pinch(page: Page, from: number, to: number): Promise<void> {
  await page.evaluate(
    ([start, end]) => {
      const frame = document.querySelector(".valley .board-scroll");
      if (!frame) throw new Error("no board frame");
      const box = frame.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + Math.min(box.height, 300) / 2;
      const fingers = (apart: number) => [
        new Touch({ identifier: 1, target: frame, clientX: x - apart / 2, clientY: y }),
        new Touch({ identifier: 2, target: frame, clientX: x + apart / 2, clientY: y }),
      ];
      const send = (type: string, touches: Touch[]) =>
        frame.dispatchEvent(new TouchEvent(type, { touches, changedTouches: touches, bubbles: true, cancelable: true }));
      send("touchstart", fingers(start ?? 0));
      for (let n = 1; n <= 10; n++) send("touchmove", fingers((start ?? 0) + (((end ?? 0) - (start ?? 0)) * n) / 10));
      send("touchend", []);
    },
    [from, to],
  );
  await page.waitForFunction(() => Number(document.querySelector(".valley .board-scroll")?.getAttribute("data-zoom")) > 1);
}

it("plays Valley of the Kings' decisions on a 360-pixel phone by tapping the zoomed board", async () => {
  const { links } = await createTable(server.base, "valley-of-the-kings", 1, 1, "greedy");
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(links.get(0) ?? "");
  expect(await awaitTurn(page)).toBe(true);
  // Unzoomed, the whole board fits the phone's width: too small to tap.
  const frame = page.locator(".valley .board-scroll");
  expect(await frame.getAttribute("data-zoom")).toBe("1.00");
  expect(Math.min(...(await placeSizes(page)))).toBeLessThan(40);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  for (let decision = 0; decision < 3 && (await awaitTurn(page)); decision++) {
    await page.locator(".zoom-focus").tap();
    await page.waitForFunction(() => Number(document.querySelector(".valley .board-scroll")?.getAttribute("data-zoom")) > 1);
    const sizes = await placeSizes(page);
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(40);
    // The page itself still does not scroll sideways: the board pans inside its frame.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await tapDecision(page);
  }
  // Back to the whole board.
  await page.locator(".zoom-whole").tap();
  await page.waitForFunction(() => document.querySelector(".valley .board-scroll")?.getAttribute("data-zoom") === "1.00");
  // Two fingers spread apart on the board zoom it in.
  await pinch(page, 40, 160);
  expect(Number(await frame.getAttribute("data-zoom"))).toBeGreaterThan(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(errors).toEqual([]);
  await context.close();
});

it("zooms Curse of the Mummy's maze on a phone to tappable fields and plays a decision", async () => {
  const { links } = await createTable(server.base, "curse-of-the-mummy", 1, 1, "heuristic");
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto(links.get(0) ?? "");
  expect(await awaitTurn(page)).toBe(true);
  await page.locator(".mummy-board svg .place").first().waitFor();
  await page.locator(".zoom-focus").tap();
  await page.waitForFunction(() => Number(document.querySelector(".mummy-board .board-scroll")?.getAttribute("data-zoom")) > 1);
  expect(Math.min(...(await placeSizes(page)))).toBeGreaterThanOrEqual(40);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await tapDecision(page);
  await context.close();
});
