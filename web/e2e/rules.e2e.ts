/** The rules in the page: in each of the four languages, a game's rules open from the
 * lobby's Rules link (on an address of their own) and from the table's "?" (a dialog over
 * the game, reached and closed by keyboard), each with that game's text in that language,
 * the table's edition only; and the table says what the decision at hand does. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { helpFor, paragraphText, type RulesTexts } from "../src/rules/data";
import { createTable, type Server, startBrowser, startServer } from "./harness";
import { awaitTurn } from "./play";

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

function texts(lang: string): RulesTexts {
  return JSON.parse(readFileSync(join(__dirname, "..", "src", "rules", "texts", `${lang}.json`), "utf-8")) as RulesTexts;
}

interface Case {
  lang: "en" | "de" | "nl" | "sv";
  texts: RulesTexts;
  game: string;
  options: Record<string, string>;
}

const CASES: Case[] = [
  { lang: "en", texts: texts("en"), game: "curse-of-the-mummy", options: {} },
  { lang: "de", texts: texts("de"), game: "valley-of-the-kings", options: { experts: "on" } },
  { lang: "nl", texts: texts("nl"), game: "tutankhamun", options: { edition: "ootb-2004" } },
  { lang: "sv", texts: texts("sv"), game: "tutankhamuns-revenge", options: {} },
];

function goal(texts: RulesTexts, game: string): string {
  const first = texts.games[game]?.goal[0];
  if (first === undefined) throw new Error(`no goal for ${game}`);
  return paragraphText(first);
}

/** The options the table plays: those asked for over each game's defaults (the view's). */
function tableOptions(game: string, asked: Record<string, string>): Record<string, string> {
  const defaults: Record<string, Record<string, string>> = {
    tutankhamun: { edition: "amigo-1993" },
    "valley-of-the-kings": { advanced: "off", experts: "off" },
    "curse-of-the-mummy": { "stuck-after-resolving": "off" },
    "tutankhamuns-revenge": {
      "pass-cost": "0",
      "early-end": "off",
      "bent-snake": "off",
      "sixth-lays-cover": "off",
      "blockade-after-danger": "on",
    },
  };
  return { ...defaults[game], ...asked };
}

async function languagePage(lang: string): Promise<Page> {
  const context = await browser.newContext({ locale: lang });
  await context.addInitScript((chosen) => localStorage.setItem("saqqara.lang", chosen), lang);
  return context.newPage();
}

for (const { lang, texts, game } of CASES) {
  it(`opens ${game}'s rules from the lobby in ${lang}`, async () => {
    const page = await languagePage(lang);
    await page.goto(server.base);
    await page.locator(`a.rules-link[data-rules="${game}"]`).click();
    const rules = page.locator(`.rules-text[data-rules-game="${game}"]`);
    await rules.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/rules/${game}`);
    await expect.poll(() => rules.locator(".rules-goal p").first().textContent()).toBe(goal(texts, game));
    expect(await rules.locator("section h2").allTextContents()).toContain(texts.headings.turn);
    // The address alone shows the same rules (a link to them can be sent).
    await page.reload();
    await page.locator(`.rules-text[data-rules-game="${game}"] .rules-goal p`).first().waitFor();
    expect(await page.locator(".rules-goal p").first().textContent()).toBe(goal(texts, game));
    await page.context().close();
  });
}

for (const { lang, texts, game, options } of CASES) {
  it(`opens ${game}'s rules from the table's "?" in ${lang}, and helps with the decision`, async () => {
    const { links } = await createTable(server.base, game, 1, 1, "random", options);
    const page = await languagePage(lang);
    await page.goto(links.get(0) ?? "");
    expect(await awaitTurn(page)).toBe(true);
    const help = page.locator(".decision-help");
    await help.waitFor();
    const phase = (await help.getAttribute("data-phase")) ?? "";
    const expected = helpFor(texts, game, phase, tableOptions(game, options)).join(" ");
    expect(expected.length).toBeGreaterThan(20);
    await expect.poll(() => help.textContent()).toBe(`${texts.headings.help}: ${expected}`);

    const button = page.locator("button.rules-button");
    await button.focus();
    await page.keyboard.press("Enter");
    const dialog = page.locator("dialog.rules-dialog");
    const rules = dialog.locator(`.rules-text[data-rules-game="${game}"]`);
    await rules.waitFor();
    await expect.poll(() => rules.locator(".rules-goal p").first().textContent()).toBe(goal(texts, game));
    const shown = (await rules.textContent()) ?? "";
    if (game === "tutankhamun") {
      // The table's edition only: Out of the Box's coins, not Amigo's score track.
      const goals = texts.games.tutankhamun?.goal ?? [];
      const [amigo, ootb] = [goals[1], goals[2]].map((p) => (p === undefined ? "" : paragraphText(p)));
      expect(shown).toContain(ootb);
      expect(shown).not.toContain(amigo);
    }
    expect(await dialog.locator("a").getAttribute("href")).toContain(`/rules/${game}`);
    expect(await page.evaluate(() => document.activeElement?.classList.contains("close"))).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.classList.contains("rules-button")))
      .toBe(true);
    // The game is still there behind it.
    expect(await page.locator("button.move:not([disabled])").count()).toBeGreaterThan(0);
    await page.context().close();
  });
}
