/** Hidden information: two people at one table of Tutankhamun's Revenge, each in their own
 * browser context, lay their secret layers by clicking. Every WebSocket frame a seat's page
 * receives holds only that seat's layers, and neither page's DOM holds the other seat's
 * layers. At a table of Curse of the Mummy each explorer's page shows its own task cards
 * and none of the other explorer's; the mummy's page shows none. */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BOARD_WORDS } from "../src/i18n";
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
    // As the page names them: each card by its English board word, "·" for a cell not laid.
    return Object.values(parsed.view?.my_layers ?? {}).map((cards) =>
      cards.map((card) => (card ? (BOARD_WORDS["tutankhamuns-revenge"]?.cards?.[card] ?? card) : "·")).join(", "),
    );
  });
  for (const [seat, seen] of seats.entries()) {
    const html = await seen.page.content();
    expect(layers[seat]!.length).toBeGreaterThan(0);
    for (const own of layers[seat]!) expect(html).toContain(own);
    for (const theirs of layers[1 - seat]!) expect(html).not.toContain(theirs);
  }
  for (const seen of seats) await seen.page.context().close();
});

/** The symbols of the task cards a page shows as its own hand. */
async function handShown(page: Page): Promise<string[]> {
  return page.locator(".task-cards .hand .task-card").evaluateAll((cards) =>
    cards.map((card) => card.getAttribute("data-symbol") ?? ""),
  );
}

/** The hand of the last update frame a page received that has one. */
function lastHand(frames: string[]): string[] {
  for (const text of [...frames].reverse()) {
    const message = JSON.parse(text) as { type: string; view?: { hand?: string[] | null } };
    if (message.type === "update" && message.view?.hand) return message.view.hand;
  }
  return [];
}

it("each explorer's page shows its own task cards only; the mummy's none", async () => {
  const { links } = await createTable(server.base, "curse-of-the-mummy", 3, 0);
  const seats = [await open(links.get(0) ?? ""), await open(links.get(1) ?? ""), await open(links.get(2) ?? "")];
  const [mummy, first, second] = seats;
  // The cards are dealt when every seat is taken; the first explorer then rolls.
  await first!.page.locator(".task-cards .hand .task-card").first().waitFor({ timeout: 30_000 });
  await second!.page.locator(".task-cards .hand .task-card").first().waitFor({ timeout: 30_000 });
  const hands = [await handShown(first!.page), await handShown(second!.page)];
  expect(hands[0]).toEqual(lastHand(first!.frames));
  expect(hands[1]).toEqual(lastHand(second!.frames));
  expect(hands[0]!.length).toBeGreaterThan(0);
  expect(hands[0]!.filter((symbol) => hands[1]!.includes(symbol))).toEqual([]);
  expect(await mummy!.page.locator(".task-cards .hand").count()).toBe(0);
  for (const seen of seats) {
    for (const text of seen.frames) {
      const message = JSON.parse(text) as { type: string; view?: { hand?: string[] | null } };
      if (message.type !== "update" || !message.view?.hand) continue;
      const own = seen === first ? hands[0]! : hands[1]!;
      expect(seen).not.toBe(mummy);
      // A hand only shrinks: every card in any frame's hand is one this seat was dealt.
      for (const symbol of own) expect(message.view.hand).toContain(symbol);
    }
  }
  for (const seen of seats) await seen.page.context().close();
});
