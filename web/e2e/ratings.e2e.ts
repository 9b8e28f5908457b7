/** Ratings in Chromium: two people sign up in two browsers, one makes a rated table with a
 * seat open to the lobby, the other joins it there, they play it to the end by clicking;
 * then the game's leaderboard (linked from the lobby) lists both, the winner first, and
 * each profile shows the rated game, its rating change and the rating chart. */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Server, startBrowser, startServer } from "./harness";
import { playToEnd, seeded } from "./play";

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

const PASSWORD = "the weighing of the heart";

async function signUp(context: BrowserContext, name: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.base}/sign-up`);
  const form = page.locator("form.account-form");
  await form.locator('input[name="name"]').fill(name);
  await form.locator('input[name="password"]').fill(PASSWORD);
  await form.locator('button[type="submit"]').click();
  await page.locator("nav.account-bar", { hasText: `Signed in as ${name}` }).waitFor();
  return page;
}

/** axe-core's serious and critical WCAG 2 A/AA violations on the page as it stands. */
async function violations(page: Page): Promise<string[]> {
  const found = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return found.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}

/** Open ``path`` until ``selector`` shows (ratings are made just after a game's end). */
async function openUntil(page: Page, path: string, selector: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  await page.goto(`${server.base}${path}`);
  while ((await page.locator(selector).count()) === 0) {
    if (Date.now() > deadline) throw new Error(`${selector} never showed at ${path}`);
    await page.waitForTimeout(300);
    await page.reload();
  }
}

it("a rated game between two people changes both ratings, shown on the leaderboard and profiles", async () => {
  const annContext = await browser.newContext();
  const bobContext = await browser.newContext();
  const ann = await signUp(annContext, "RatedAnn");
  const bob = await signUp(bobContext, "RatedBob");
  const errors: string[] = [];
  for (const page of [ann, bob]) page.on("pageerror", (error) => errors.push(error.message));

  // Ann's rated table: her own seat, and one open to anyone in the lobby.
  await ann.locator('button[data-game="tutankhamun"]').click();
  const form = ann.locator("form.create");
  await form.locator('select[name="players"]').selectOption("2");
  await form.locator('select[name="seat-0"]').selectOption("person");
  await form.locator('select[name="seat-1"]').selectOption("open");
  await form.locator('input[name="rated"]').check();
  await form.locator('button[type="submit"]').click();
  await ann.locator("section.invites").waitFor();
  await ann.locator("section.invites button.play").first().click();
  await ann.locator("main.table[data-seat='0']").waitFor();

  // Bob finds it in the lobby and joins: the seat is his account's.
  await bob.goto(server.base);
  await bob.locator("section.open-tables li", { hasText: "Rated" }).waitFor();
  await bob.locator("section.open-tables li button", { hasText: "Join" }).first().click();
  await bob.locator("main.table[data-seat='1']").waitFor();
  expect(new URL(bob.url()).searchParams.get("key")).not.toBeNull();

  const [annClicks, bobClicks] = await Promise.all([playToEnd(ann, seeded(7)), playToEnd(bob, seeded(8))]);
  await ann.locator(".result").waitFor();
  await bob.locator(".result").waitFor();
  expect(annClicks + bobClicks).toBeGreaterThan(0);
  // The end of the table shows each seat's rating change, once it is rated.
  const changes = ann.locator("section.table-ratings li");
  await changes.nth(1).waitFor();
  const atTable = await changes.allTextContents();
  expect(atTable[0]).toContain("RatedAnn: 1500 → "); // her seat, named after her account
  expect(atTable[1]).toContain(": 1500 → ");

  // The leaderboard, from the lobby's link.
  await ann.goto(server.base);
  await ann.locator('a[data-leaderboard="tutankhamun"]').click();
  expect(new URL(ann.url()).pathname).toBe("/leaderboard/tutankhamun");
  await openUntil(ann, "/leaderboard/tutankhamun", "table.leaderboard tr[data-player]");
  const rows = ann.locator("table.leaderboard tbody tr");
  expect(await rows.count()).toBe(2);
  const names = await rows.evaluateAll((all) => all.map((row) => row.getAttribute("data-player")));
  expect(new Set(names)).toEqual(new Set(["RatedAnn", "RatedBob"]));
  const shown = await ann.locator("table.leaderboard td.rating").allTextContents();
  const [first, second] = shown.map(Number);
  expect(first).toBeGreaterThanOrEqual(second ?? 0);
  const [winner, loser] = names as string[];
  expect(await violations(ann)).toEqual([]); // the leaderboard
  expect(first).not.toBe(1500); // both ratings changed (a shared win moves both up)
  expect(second).not.toBe(1500);

  // Each profile: the rated game with its change, the chart with a point before and after.
  await ann.locator(`table.leaderboard a`, { hasText: winner ?? "" }).click();
  await ann.locator("main.ratings-page section.rated-games li").waitFor();
  expect(await ann.locator("main.ratings-page h1").textContent()).toBe(winner);
  expect(await ann.locator("section.standings .rating").textContent()).toBe(String(first));
  expect(await ann.locator("svg.rating-chart circle").count()).toBe(2);
  const won = ann.locator("section.rated-games li");
  expect(await won.getAttribute("data-rank")).toBe("1");
  expect(await won.textContent()).toContain(`1500 → ${first}`);
  expect(await violations(ann)).toEqual([]); // a profile, its chart and its games
  await openUntil(bob, `/players/${loser}`, "section.rated-games li");
  const lost = bob.locator("section.rated-games li");
  expect(await lost.textContent()).toContain(`1500 → ${second}`);
  if ((await lost.getAttribute("data-rank")) === "2") {
    expect(first).toBeGreaterThan(1500); // the winner up,
    expect(second).toBeLessThan(1500); // the loser down
    expect(await lost.locator(".rating-change.down").count()).toBe(1);
  } else {
    expect(await lost.getAttribute("data-rank")).toBe("1"); // a shared win: both first
  }
  console.log(`rated game: ${annClicks + bobClicks} moves clicked; ${winner} ${first}, ${loser} ${second}`);
  // A page in another language.
  await bob.locator('select[name="language"]').selectOption("de");
  await bob.locator("section.standings h2", { hasText: "Wertungen" }).waitFor();
  expect(errors).toEqual([]);
  await annContext.close();
  await bobContext.close();
});
