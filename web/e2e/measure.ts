/** Prints the client's page weight (bytes transferred on a first load of the lobby and of
 * a table, measured by Chromium's network events) and the time from a click on a move to
 * the board drawn with the answer (measured in the page: click handler to the next
 * animation frame after the update). Run: npm run measure (after a build). */
import type { Page } from "playwright-core";
import { createTable, startBrowser, startServer } from "./harness";
import { awaitTurn, clickMove, seeded } from "./play";

async function transferred(page: Page, url: string): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  let bytes = 0;
  cdp.on("Network.loadingFinished", (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
  });
  await page.goto(url, { waitUntil: "networkidle" });
  return bytes;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

async function main(): Promise<void> {
  const server = await startServer();
  const browser = await startBrowser();
  try {
    const lobby = await (await browser.newContext()).newPage();
    const lobbyBytes = await transferred(lobby, server.base);
    const { links } = await createTable(server.base, "tutankhamuns-revenge", 1, 1, "heuristic");
    const table = await (await browser.newContext()).newPage();
    const tableBytes = await transferred(table, links.get(0) ?? "");
    console.log(`first load, lobby: ${(lobbyBytes / 1024).toFixed(1)} KB transferred`);
    console.log(`first load, table page: ${(tableBytes / 1024).toFixed(1)} KB transferred (HTTP)`);
    const pick = seeded(3);
    const times: number[] = [];
    while (times.length < 40 && (await awaitTurn(table))) {
      await clickMove(table, pick);
      await table.waitForTimeout(30);
      const ms = Number(await table.evaluate(() => document.body.dataset.lastClickMs ?? "NaN"));
      if (Number.isFinite(ms)) times.push(ms);
      await table.evaluate(() => delete document.body.dataset.lastClickMs);
    }
    console.log(
      `click to board updated (${times.length} moves, Tutankhamun's Revenge): ` +
        `median ${quantile(times, 0.5).toFixed(1)} ms, p90 ${quantile(times, 0.9).toFixed(1)} ms`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
