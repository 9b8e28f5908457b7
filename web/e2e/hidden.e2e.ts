/** Hidden information: two people at one table of Tutankhamun's Revenge, each in their own
 * browser context, lay their secret layers by clicking. Every WebSocket frame a seat's page
 * receives holds only that seat's layers, and neither page's DOM holds the other seat's
 * layers. */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTable, type Server, startBrowser, startServer } from "./harness";
import { awaitTurn, clickMove, seeded } from "./play";

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

interface Seen {
  page: Page;
  frames: string[];
}

async function open(link: string): Promise<Seen> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const frames: string[] = [];
  page.on("websocket", (socket) => {
    socket.on("framereceived", (frame) => {
      if (typeof frame.payload === "string") frames.push(frame.payload);
    });
  });
  await page.goto(link);
  return { page, frames };
}

/** The layers (1-based) each update frame's view says are "mine", with the owners. */
function layersIn(frames: string[]): { mine: string[]; owners: number[] }[] {
  return frames
    .map((text) => JSON.parse(text) as { type: string; view?: Record<string, unknown> })
    .filter((message) => message.type === "update" && message.view)
    .map((message) => ({
      mine: Object.keys((message.view?.my_layers ?? {}) as object),
      owners: (message.view?.layer_owners ?? []) as number[],
    }));
}

it("a seat's page only ever receives and shows its own secret layers", async () => {
  const { links } = await createTable(server.base, "tutankhamuns-revenge", 2, 0);
  const seats = [await open(links.get(0) ?? ""), await open(links.get(1) ?? "")];
  const pick = seeded(5);
  // Lay cards by clicking whichever page may move, until digging starts.
  for (let step = 0; step < 200; step++) {
    const digging = await seats[0]!.page.evaluate(() =>
      document.querySelector("main.table")?.textContent?.includes("lift"),
    );
    if (digging) break;
    for (const seat of seats) {
      const canMove = await seat.page.locator("button.move:not([disabled])").count();
      if (canMove > 0 && (await awaitTurn(seat.page, 5_000))) await clickMove(seat.page, pick);
    }
  }
  for (const [seat, seen] of seats.entries()) {
    const updates = layersIn(seen.frames);
    expect(updates.length).toBeGreaterThan(10);
    const withLayers = updates.filter((u) => u.mine.length > 0);
    expect(withLayers.length).toBeGreaterThan(0);
    for (const update of withLayers) {
      for (const layer of update.mine) expect(update.owners[Number(layer) - 1]).toBe(seat);
    }
  }
  // The DOM: each page shows its own secret layers and nowhere the other seat's.
  const layers = seats.map((seen) => {
    const last = [...seen.frames].reverse().find((text) => text.includes('"my_layers"'));
    const parsed = JSON.parse(last ?? "{}") as { view?: { my_layers?: Record<string, string[]> } };
    return Object.values(parsed.view?.my_layers ?? {}).map((cards) => cards.join(", "));
  });
  for (const [seat, seen] of seats.entries()) {
    const html = await seen.page.content();
    expect(layers[seat]!.length).toBeGreaterThan(0);
    for (const own of layers[seat]!) expect(html).toContain(own);
    for (const theirs of layers[1 - seat]!) expect(html).not.toContain(theirs);
  }
  for (const seen of seats) await seen.page.context().close();
});
