/** The language switch: English, German, Dutch and Swedish chosen in the page. Switching
 * changes the lobby's and the table's own words and the game's texts (move labels, the
 * log) without a reload and without losing the game, and the choice is remembered; the
 * boards' words follow: Revenge's card names and the mummy's symbols. */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BOARD_WORDS } from "../src/i18n";
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
  expect(await board.getAttribute("aria-label")).toBe("Het kronkelpad van schatten naar de piramide");

  // The game goes on in Dutch.
  await clickMove(page, () => 0, ["exit"]);
  expect(Number(await page.locator("main.table").getAttribute("data-seq"))).toBeGreaterThan(Number(seq));
  await context.close();
});

/** The text of the first board element matching ``selector`` once it reads ``expected``. */
async function readsAs(page: Page, selector: string, expected: string): Promise<void> {
  await page.waitForFunction(
    ([css, text]) => {
      const element = document.querySelector(css ?? "");
      const shown = [...(element?.querySelectorAll("tspan") ?? [])].map((span) => span.textContent).join(" ");
      return (shown || element?.textContent)?.replace(/- /g, "") === text;
    },
    [selector, expected],
    { timeout: 15_000 },
  );
}

it("switches the board's words: a Revenge card's name and a mummy symbol", async () => {
  const german = (await (await fetch(`${server.base}/texts/de.json`)).json()) as Record<string, string>;
  const swedish = (await (await fetch(`${server.base}/texts/sv.json`)).json()) as Record<string, string>;
  const context = await browser.newContext({ locale: "en-US" });

  // Revenge: the first card laid shows on its stack, named in English, then in German.
  const revenge = await createTable(server.base, "tutankhamuns-revenge", 1, 1, "heuristic");
  const page = await context.newPage();
  await page.goto(revenge.links.get(0) ?? "");
  expect(await awaitTurn(page)).toBe(true);
  await clickMove(page, () => 0);
  const card = page.locator("svg text.card-name").first();
  await card.waitFor();
  const slug = (await card.getAttribute("data-card")) ?? "";
  const english = BOARD_WORDS["tutankhamuns-revenge"]?.cards?.[slug] ?? "";
  expect(english).not.toBe("");
  const selector = `svg text.card-name[data-card="${slug}"]`;
  await readsAs(page, selector, english);
  await page.selectOption("select[name=language]", "de");
  await readsAs(page, selector, german[english] ?? "");
  expect(german[english]).not.toBe(english);

  // The mummy: a symbol printed on the maze, in English, then in Swedish.
  const mummy = await createTable(server.base, "curse-of-the-mummy", 1, 1, "heuristic");
  await page.selectOption("select[name=language]", "en");
  await page.goto(mummy.links.get(0) ?? "");
  const symbol = page.locator("svg text.symbol-name[data-symbol=scarab]");
  await symbol.waitFor();
  await readsAs(page, "svg text.symbol-name[data-symbol=scarab]", "scarab");
  await page.selectOption("select[name=language]", "sv");
  await readsAs(page, "svg text.symbol-name[data-symbol=scarab]", swedish.scarab ?? "");
  expect(swedish.scarab).toBe("skarabé");
  await context.close();
});
