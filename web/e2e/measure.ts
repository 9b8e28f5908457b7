/** Prints the client's page weight (bytes transferred on a first load of the lobby and of
 * a table, from Chromium's network events, with the compression the browser negotiates)
 * and the time from a click on a move to the board drawn with the answer: the page's
 * ``click-to-board`` performance measures (click handler to the next animation frame after
 * the update), p50 and p95 over MOVES clicks. Run: npm run measure (after a build). */
import type { Page } from "playwright-core";
import { createTable, startBrowser, startServer } from "./harness";
import { awaitTurn, clickMove, seeded } from "./play";

const MOVES = Number(process.env.MOVES ?? 100);
/** IDENTITY=1 asks for no compression (the figure to compare with). */
const HEADERS: Record<string, string> = process.env.IDENTITY ? { "Accept-Encoding": "identity" } : {};

async function transferred(page: Page, url: string): Promise<{ bytes: number; encodings: Set<string> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  let bytes = 0;
  const encodings = new Set<string>();
  cdp.on("Network.loadingFinished", (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
  });
  cdp.on("Network.responseReceived", (event: { response: { headers: Record<string, string> } }) => {
    const coding = event.response.headers["content-encoding"] ?? event.response.headers["Content-Encoding"];
    if (coding) encodings.add(coding);
  });
  await page.goto(url, { waitUntil: "networkidle" });
  return { bytes, encodings };
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

async function main(): Promise<void> {
  const server = await startServer();
  const browser = await startBrowser();
  try {
    const lobby = await (await browser.newContext({ locale: "en-US", extraHTTPHeaders: HEADERS })).newPage();
    const lobbyLoad = await transferred(lobby, server.base);
    const { links } = await createTable(server.base, "tutankhamuns-revenge", 1, 1, "heuristic");
    const table = await (await browser.newContext({ locale: "en-US", extraHTTPHeaders: HEADERS })).newPage();
    const tableLoad = await transferred(table, links.get(0) ?? "");
    const codings = [...new Set([...lobbyLoad.encodings, ...tableLoad.encodings])].join(", ") || "none";
    console.log(`first load, lobby: ${kb(lobbyLoad.bytes)} transferred (content encodings: ${codings})`);
    console.log(`first load, table page: ${kb(tableLoad.bytes)} transferred (HTTP)`);
    const times: number[] = [];
    const harvest = async (open: Page) => {
      const found = await open.evaluate(() =>
        performance.getEntriesByName("click-to-board").map((entry) => entry.duration),
      );
      times.push(...found);
    };
    let clicks = 0;
    let game = 0;
    let page = table;
    let pick = seeded(3);
    while (clicks < MOVES) {
      if (!(await awaitTurn(page))) {
        // Game over: a fresh table carries on the count.
        await harvest(page);
        await page.context().close();
        const next = await createTable(server.base, "tutankhamuns-revenge", 1, 1, "heuristic");
        page = await (await browser.newContext({ locale: "en-US" })).newPage();
        await page.goto(next.links.get(0) ?? "");
        game += 1;
        pick = seeded(3 + game);
        continue;
      }
      await clickMove(page, pick);
      clicks += 1;
    }
    await page.waitForTimeout(100);
    await harvest(page);
    console.log(
      `click to board updated (${times.length} moves, Tutankhamun's Revenge against the heuristic bot): ` +
        `p50 ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms, ` +
        `max ${Math.max(...times).toFixed(1)} ms`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
