/** Playing a table in a page by clicking: wait for this seat's turn, click one of its moves
 * (a place on the board or an entry of the move list), until the result shows. */
import type { Page } from "playwright-core";

/** The smallest games: each game's quick bot for the other seats. */
export const QUICK_BOT: Record<string, string> = {
  tutankhamun: "greedy",
  "tutankhamuns-revenge": "heuristic",
  "curse-of-the-mummy": "heuristic",
  "valley-of-the-kings": "greedy",
};

export const GAMES = Object.keys(QUICK_BOT);

/** Wait until the seat may move or the game is over; true when it may move. */
export async function awaitTurn(page: Page, timeout = 60_000): Promise<boolean> {
  const handle = await page.waitForFunction(
    () => {
      if (document.querySelector(".result")) return "over";
      const move = document.querySelector<HTMLButtonElement>("button.move:not([disabled])");
      return move ? "turn" : null;
    },
    undefined,
    { timeout, polling: 50 },
  );
  return (await handle.jsonValue()) === "turn";
}

/** Click one move: a board place half of the time when there are any, else a list entry.
 * ``pick`` chooses an index (seeded by the caller for reproducible games). */
export async function clickMove(
  page: Page,
  pick: (count: number) => number,
  avoid: string[] = [],
): Promise<void> {
  const places = page.locator("svg .place");
  const placeCount = avoid.length > 0 ? 0 : await places.count();
  const all = page.locator("button.move");
  const wanted = page.locator(`button.move${avoid.map((n) => `:not([title="${n}"])`).join("")}`);
  const seq = await page.locator("main.table").getAttribute("data-seq");
  if (placeCount > 0 && pick(2) === 0) {
    await clickPlace(page, places.nth(pick(placeCount)), seq, pick);
  } else {
    const preferred = await wanted.count();
    const moves = preferred > 0 ? wanted : all;
    const count = preferred > 0 ? preferred : await all.count();
    await moves.nth(pick(count)).click();
  }
  // The move is answered: a newer update arrives (or the game ends).
  await page.waitForFunction(
    (before) => {
      const main = document.querySelector("main.table");
      return document.querySelector(".result") || main?.getAttribute("data-seq") !== before;
    },
    seq,
    { timeout: 60_000, polling: 20 },
  );
}

/** Click a place on the board; where it opens a choice beside the board (several moves
 * there, or a sealed decision), pick one and confirm it. Board places are clicked by event:
 * a place's middle may lie under another drawing (a site inside an area). */
async function clickPlace(
  page: Page,
  place: ReturnType<Page["locator"]>,
  seq: string | null,
  pick: (count: number) => number,
): Promise<void> {
  await place.dispatchEvent("click");
  await page.waitForFunction(
    (before) =>
      document.querySelector(".composer") ||
      document.querySelector(".result") ||
      document.querySelector("main.table")?.getAttribute("data-seq") !== before,
    seq,
    { timeout: 60_000, polling: 20 },
  );
  const choices = page.locator(".composer [data-choice]");
  const count = await choices.count();
  if (count > 0) {
    await choices.nth(pick(count)).click();
    // Sent at once (answered by a newer update), or (sealed) shown pending with its Confirm.
    await page.waitForFunction(
      (before) =>
        document.querySelector(".composer .confirm") ||
        document.querySelector(".result") ||
        document.querySelector("main.table")?.getAttribute("data-seq") !== before,
      seq,
      { timeout: 60_000, polling: 20 },
    );
  }
  const confirm = page.locator(".composer .confirm");
  if ((await confirm.count()) > 0) await confirm.click();
}

/** Play until the result shows; returns the number of moves clicked. */
export async function playToEnd(page: Page, pick: (count: number) => number, limit = 3000): Promise<number> {
  let clicks = 0;
  while (clicks < limit && (await awaitTurn(page))) {
    await clickMove(page, pick);
    clicks += 1;
  }
  return clicks;
}

/** A small seeded generator (mulberry32) for reproducible choices. */
export function seeded(seed: number): (count: number) => number {
  let state = seed >>> 0;
  return (count: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.floor(unit * count);
  };
}
