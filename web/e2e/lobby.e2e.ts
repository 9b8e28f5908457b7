/** The lobby's seats: a table whose person seats all have links is kept for their holders
 * and never listed; a seat made "Anyone from the lobby" is listed, and a stranger who
 * clicks Join takes it (a trial found a stranger in the creator's own seat, whose link then
 * stopped working). A table of bots alone is said to play at once. */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Server, startBrowser, startServer } from "./harness";

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

type Kind = "person" | "open" | "bot";

async function createTwoPersonTable(page: Page, second: Kind, first: Kind = "person"): Promise<string> {
  await page.goto(server.base);
  await page.locator('button[data-game="tutankhamun"]').click();
  const form = page.locator("form.create");
  await form.locator('select[name="players"]').selectOption("2");
  await form.locator('select[name="seat-0"]').selectOption(first);
  await form.locator('select[name="seat-1"]').selectOption(second);
  await form.locator('button[type="submit"]').click();
  const invites = page.locator("section.invites");
  await invites.waitFor();
  return (await invites.textContent()) ?? "";
}

/** The tables the lobby lists, as the page fetched them (its list renders after the fetch:
 * counting the drawn rows at once raced it); where there are some, their rows drawn. */
async function listedTables(page: Page): Promise<number> {
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/lobby"));
  await page.goto(server.base);
  const listed = ((await (await answer).json()) as { tables: unknown[] }).tables.length;
  if (listed > 0) await page.locator("section.open-tables li button", { hasText: "Join" }).first().waitFor();
  return listed;
}

it("keeps linked seats for their holders and gives an open seat to a stranger", async () => {
  const creator = await (await browser.newContext()).newPage();
  const stranger = await (await browser.newContext()).newPage();
  const invited = await createTwoPersonTable(creator, "person");
  expect(invited).toContain("Player 2: http");
  expect(await listedTables(stranger)).toBe(0);

  const open = await createTwoPersonTable(creator, "open");
  expect(open).toContain("Player 2: open to anyone in the lobby");
  expect(await creator.locator("section.invites li code").count()).toBe(2); // seat 1, spectators
  expect(await listedTables(stranger)).toBe(1);
  expect(await stranger.locator("section.open-tables li").first().textContent()).toContain("1 free");
  await stranger.locator("section.open-tables li button", { hasText: "Join" }).click();
  await stranger.locator("main.table").waitFor();
  expect(new URL(stranger.url()).searchParams.get("seat")).toBe("1");

  await creator.locator("section.invites button.play").first().click();
  await creator.locator("button.move:not([disabled])").first().waitFor({ timeout: 30_000 });
  expect(new URL(creator.url()).searchParams.get("seat")).toBe("0");
  expect(await listedTables(await (await browser.newContext()).newPage())).toBe(0);
});

it("tells the creator of a table without links what happens next", async () => {
  const page = await (await browser.newContext()).newPage();
  const ready = await createTwoPersonTable(page, "bot", "bot");
  expect(ready).toContain("Only bots sit here: they play at once.");
  expect(ready).not.toContain("Send each person their own link");
  // a person seat open to the lobby and a bot: not a table of bots alone
  const open = await createTwoPersonTable(page, "bot", "open");
  expect(open).toContain("The open seats wait in the lobby for anyone who joins.");
});
