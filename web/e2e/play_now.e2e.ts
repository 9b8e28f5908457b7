/** Play now in Chromium: two people in two browsers seek the same game on /play (reached
 * from the lobby) and land at one table, each at a seat of their own; a seek cancelled from
 * its waiting state meets nobody; a seeker who chose bots after 30 seconds plays them; the
 * page speaks German, Dutch and Swedish too, and axe-core finds nothing serious on it; a
 * page closed ends its seek at once; a seek the server lost in a restart is opened again by
 * its page, which goes on waiting and meets the next seeker. */
import AxeBuilder from "@axe-core/playwright";
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

/** axe-core's serious and critical WCAG 2 A/AA violations on the page as it stands. */
async function violations(page: Page): Promise<string[]> {
  const found = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return found.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}

async function seekPage(): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(server.base);
  await page.locator("p.play-now-link a").click();
  await page.locator("form.seek-form").waitFor();
  return page;
}

async function seek(page: Page, game: string, players: string, botsAfter: string, name: string): Promise<void> {
  const form = page.locator("form.seek-form");
  await form.locator('select[name="game"]').selectOption(game);
  await form.locator('select[name="players"]').selectOption(players);
  await form.locator('select[name="bots_after"]').selectOption(botsAfter);
  await form.locator('input[name="name"]').fill(name);
  await form.locator('button[type="submit"]').click();
}

/** The table and seat a page landed at (``/t/ID?seat=N&key=K``). */
function seatOf(page: Page): { table: string; seat: string | null } {
  const url = new URL(page.url());
  return { table: url.pathname, seat: url.searchParams.get("seat") };
}

it("two seekers of one game land at one table, at seats of their own", async () => {
  const ann = await seekPage();
  const bo = await seekPage();
  const errors: string[] = [];
  for (const page of [ann, bo]) page.on("pageerror", (error) => errors.push(error.message));

  await seek(ann, "tutankhamun", "2", "0", "Ann");
  const waiting = ann.locator("section.seeking");
  await waiting.waitFor();
  expect(await waiting.locator("h2").textContent()).toBe("Looking for players…");
  expect(await waiting.textContent()).toContain("Only people: no bot takes a seat.");
  // The time waited counts up while the page waits.
  await ann.locator('section.seeking p.waited:not([data-seconds="0"])').waitFor();
  expect(await waiting.textContent()).toMatch(/Waiting for \d+:\d\d/);

  await seek(bo, "tutankhamun", "2", "0", "Bo");
  await ann.locator("main.table").waitFor();
  await bo.locator("main.table").waitFor();
  const annSeat = seatOf(ann);
  const boSeat = seatOf(bo);
  expect(annSeat.table).toBe(boSeat.table);
  expect(new Set([annSeat.seat, boSeat.seat])).toEqual(new Set(["0", "1"]));
  await ann.locator("main.table", { hasText: "Bo" }).waitFor();
  await bo.locator("main.table", { hasText: "Ann" }).waitFor();
  expect(errors).toEqual([]);
});

it("a cancelled seek meets nobody; bots fill a seeker's table after the chosen wait", async () => {
  const cancelled = await seekPage();
  expect(await violations(cancelled)).toEqual([]);
  await seek(cancelled, "valley-of-the-kings", "2", "0", "Gone");
  await cancelled.locator("section.seeking").waitFor();
  expect(await violations(cancelled)).toEqual([]);
  await cancelled.locator("section.seeking button").click();
  await cancelled.locator("form.seek-form").waitFor();

  // The next seeker of that game does not meet the cancelled seek: bots come after 30 s.
  const alone = await seekPage();
  await seek(alone, "valley-of-the-kings", "2", "30", "Alone");
  const waiting = alone.locator("section.seeking");
  await waiting.waitFor();
  expect(await waiting.textContent()).toContain("Bots take the empty seats after 0:30.");
  await alone.locator("main.table").waitFor({ timeout: 60_000 });
  const { table } = seatOf(alone);
  const info = (await (await fetch(`${server.base}/api${table.replace("/t/", "/tables/")}`)).json()) as {
    seats: { kind: string; name: string }[];
  };
  expect(info.seats.map((s) => s.kind).sort()).toEqual(["bot", "person"]);
  expect(info.seats.some((s) => s.name === "Gone")).toBe(false);
  expect(cancelled.url()).toBe(`${server.base}/play`);
});

it("the play-now page speaks German, Dutch and Swedish", async () => {
  const page = await seekPage();
  for (const [lang, title, button] of [
    ["de", "Jetzt spielen", "Spiel suchen"],
    ["nl", "Nu spelen", "Spel zoeken"],
    ["sv", "Spela nu", "Sök ett parti"],
  ] as const) {
    await page.selectOption("select[name=language]", lang);
    await page.locator("h1", { hasText: title }).waitFor();
    expect(await page.locator('form.seek-form button[type="submit"]').textContent()).toBe(button);
  }
});

it("a seek ends as soon as its page is closed", async () => {
  const page = await seekPage();
  const opened = page.waitForResponse((r) => r.url().endsWith("/api/seeks") && r.request().method() === "POST");
  await seek(page, "tutankhamuns-revenge", "2", "0", "Leaving");
  const { seek: id, key } = (await (await opened).json()) as { seek: string; key: string };
  await page.locator("section.seeking").waitFor();
  const asked = () => fetch(`${server.base}/api/seeks/${id}?key=${encodeURIComponent(key)}`);
  expect((await asked()).status).toBe(200);
  await page.close({ runBeforeUnload: true });
  // The page's beacon cancels it (long before the seek would lapse unasked after).
  const deadline = Date.now() + 10_000;
  while ((await asked()).status !== 404) {
    if (Date.now() > deadline) throw new Error("the closed page's seek is still open");
    await new Promise((r) => setTimeout(r, 200));
  }
});

it("a seek lost in the server's restart is opened again by its page, and meets the next seeker", async () => {
  const ann = await seekPage();
  const errors: string[] = [];
  ann.on("pageerror", (error) => errors.push(error.message));
  await seek(ann, "tutankhamuns-revenge", "2", "300", "Ann");
  await ann.locator('section.seeking p.waited:not([data-seconds="0"])').waitFor();
  const opened = ann.waitForResponse((r) => r.url() === `${server.base}/api/seeks` && r.request().method() === "POST");
  await server.restart();
  // The page asks after its seek, hears it is unknown, and opens it again with its wishes
  // (bots after what is left of the 5 minutes), the time waited kept.
  const again = await opened;
  expect(again.status()).toBe(201);
  const wishes = again.request().postDataJSON() as { game: string; players: number; bots_after: number; name: string };
  expect([wishes.game, wishes.players, wishes.name]).toEqual(["tutankhamuns-revenge", 2, "Ann"]);
  expect(wishes.bots_after).toBeLessThan(300);
  expect(wishes.bots_after).toBeGreaterThan(200);
  await expect(ann.locator("section.seeking").count()).resolves.toBe(1);
  expect(await ann.locator("p.error").count()).toBe(0);
  const shown = Number(await ann.locator("section.seeking p.waited").getAttribute("data-seconds"));
  expect(shown).toBeGreaterThan(0);

  const bo = await seekPage();
  await seek(bo, "tutankhamuns-revenge", "2", "0", "Bo");
  await ann.locator("main.table").waitFor();
  await bo.locator("main.table").waitFor();
  expect(seatOf(ann).table).toBe(seatOf(bo).table);
  expect(errors).toEqual([]);
});
