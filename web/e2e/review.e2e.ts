/** A finished game's review in the browser: a short game of two bots, watched to its end;
 * its replay shows the review once the server has worked it out (the value graph, each
 * seat's mistakes), and clicking a point of the graph or a flagged move steps the replay
 * there. */
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

it("reviews a finished game beside its replay and steps to a move", async () => {
  const { table } = await createTable(server.base, "tutankhamun", 0, 2, "random");
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  await page.goto(`${server.base}/t/${table}`);
  await page.locator("button", { hasText: "Replay the game" }).click({ timeout: 120_000 });
  const replay = page.locator("main.replay");
  await replay.waitFor();
  const review = page.locator("section.review");
  await review.waitFor();
  const graph = review.locator("svg.value-graph");
  await graph.waitFor({ timeout: 180_000 }); // pending (with progress) until the pool is done
  expect(await graph.locator("polyline.graph-line").count()).toBe(2);
  const points = graph.locator("circle.graph-point");
  expect(await points.count()).toBeGreaterThan(0);
  expect(await review.locator(".review-seats li").count()).toBe(2);

  const last = points.last();
  const frame = Number(await last.getAttribute("data-frame"));
  await last.click();
  await page.waitForFunction(
    (wanted) => Number(document.querySelector("main.replay")?.getAttribute("data-seq")) >= wanted,
    frame,
  );
  expect(Number(await replay.getAttribute("data-step"))).toBeGreaterThan(0);

  const flagged = review.locator("button.review-move");
  if ((await flagged.count()) > 0) {
    const first = flagged.first();
    await first.click();
    await review.locator("button.review-move.current").first().waitFor();
    expect(await first.getAttribute("class")).toContain("current");
  } else {
    await review.getByText("No mistakes or inaccuracies").waitFor();
  }
  await page.screenshot({ path: process.env.REVIEW_SHOT ?? "/tmp/saqqara-review.png", fullPage: true });
});
