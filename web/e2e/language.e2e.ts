/** The language switch: English, German, Dutch and Swedish chosen in the page. Switching
 * changes the lobby's and the table's own words and the game's texts (move labels, the
 * log) without a reload and without losing the game, and the choice is remembered. */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTable, type Server, startBrowser, startServer } from "./harness";
import { awaitTurn, clickMove } from "./play";

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

it("switches the lobby's texts and remembers the choice", async () => {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await page.goto(server.base);
  await page.locator(".open-tables h2").first().waitFor();
  expect(await page.locator(".open-tables h2").first().textContent()).toBe("Open tables");
  await page.locator("button[data-game]").first().waitFor();
  const english = await page.locator(".game h2").allTextContents();
  expect(english).toContain("Valley of the Kings");

  await page.selectOption("select[name=language]", "de");
  await page.waitForFunction(() => document.querySelector(".open-tables h2")?.textContent === "Offene Tische");
  await page.waitForFunction(() =>
    [...document.querySelectorAll(".game h2")].some((h) => h.textContent === "Tal der Könige"),
  );
  expect(await page.locator("button[data-game]").first().textContent()).toBe("Neuer Tisch");
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");

  await page.reload();
  await page.waitForFunction(() => document.querySelector(".open-tables h2")?.textContent === "Offene Tische");
  await page.selectOption("select[name=language]", "sv");
  await page.waitForFunction(() => document.querySelector(".open-tables h2")?.textContent === "Öppna bord");
  await context.close();
});

it("switches the table's texts mid-game and the game goes on", async () => {
  const { links } = await createTable(server.base, "tutankhamun", 1, 1, "greedy");
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await page.goto(links.get(0) ?? "");
  expect(await awaitTurn(page)).toBe(true);
  // The nearest tile each time, never the exit: the game cannot end in these moves.
  await clickMove(page, () => 0, ["exit"]);
  expect(await awaitTurn(page)).toBe(true);
  const seq = await page.locator("main.table").getAttribute("data-seq");
  expect(await page.locator(".moves h2").textContent()).toBe("Your move");
  expect(await page.locator(".log h2").textContent()).toBe("Log");
  const logBefore = await page.locator(".log li").allTextContents();
  const labelsBefore = await page.locator("button.move").allTextContents();
  const board = page.locator("svg.board");
  expect(await board.getAttribute("aria-label")).toBe("The path of treasures around the pyramid");
  expect(logBefore.length).toBeGreaterThan(0);

  await page.selectOption("select[name=language]", "nl");
  await page.waitForFunction(() => document.querySelector(".moves h2")?.textContent === "Jouw zet");
  await page.waitForFunction(
    (before) => {
      const log = [...document.querySelectorAll(".log li")].map((li) => li.textContent);
      return log.length === before.length && log.join("|") !== before.join("|");
    },
    logBefore,
  );
  expect(await page.locator(".log h2").textContent()).toBe("Verloop");
  expect(await page.locator("button.move").allTextContents()).not.toEqual(labelsBefore);
  expect(await page.locator("main.table").getAttribute("data-seq")).toBe(seq);
  expect(await page.locator(".link").textContent()).toBe("verbonden");
  // The board's own words follow too.
  expect(await board.getAttribute("aria-label")).toBe("Het pad van schatten rond de piramide");

  // The game goes on in Dutch.
  await clickMove(page, () => 0, ["exit"]);
  expect(Number(await page.locator("main.table").getAttribute("data-seq"))).toBeGreaterThan(Number(seq));
  await context.close();
});
