/** Hot-seat: two people's seats of one table on one page. Between their turns a hand-over
 * screen covers the table (no board, no moves in the DOM) until the next person reveals it. */
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

it("hands the device over between two people's turns", async () => {
  const { table, links } = await createTable(server.base, "tutankhamun", 2, 0);
  const keys = [0, 1].map((seat) => new URL(links.get(seat) ?? "").searchParams.get("key"));
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.base}/t/${table}#hotseat=0:${keys[0]},1:${keys[1]}`);
  const handedTo: string[] = [];
  const cover = page.locator("main.handover");
  const move = page.locator("button.move:not([disabled])").first();
  for (let turn = 0; turn < 6; turn++) {
    // The cover comes between two people's decisions; a person who decides twice in a row
    // (a choice after their own move, as a table's dealt tiles may give) goes on uncovered.
    await cover.or(move).first().waitFor({ timeout: 30_000 });
    if (await cover.isVisible()) {
      expect(await page.locator("svg.board").count()).toBe(0);
      expect(await page.locator("button.move").count()).toBe(0);
      handedTo.push((await cover.locator("h1").textContent()) ?? "");
      await cover.locator("button.reveal").click();
    }
    await move.waitFor();
    expect(await page.locator("svg.board").count()).toBe(1);
    await move.click();
  }
  expect(handedTo[0]).toBe("Pass the device to Person 1");
  expect(handedTo.length).toBeGreaterThanOrEqual(3);
  handedTo.forEach((name, k) => {
    expect(name).toMatch(/^Pass the device to Person [12]$/);
    if (k > 0) expect(name).not.toBe(handedTo[k - 1]);
  });
  await context.close();
});
