/** The tutorials in the browser: for every game and every language, the tutorial is played
 * to its end by clicking the move each step marks, and every step's sentence is the one of
 * that language's texts; another move than the marked one is answered with the step's
 * reason and sends nothing. The tutorials are reached from the lobby's "Learn to play" and
 * from the rules page; the four languages of a game play at once, each in its own page. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { StepTexts, TutorialScript, TutorialTexts } from "../src/tutorial/script";
import { type Server, startBrowser, startServer } from "./harness";

const LANGS = ["en", "de", "nl", "sv"] as const;
type Lang = (typeof LANGS)[number];
const GAMES = ["tutankhamun", "valley-of-the-kings", "curse-of-the-mummy", "tutankhamuns-revenge"];
const ROOT = join(__dirname, "..", "..");

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

function texts(lang: Lang): TutorialTexts {
  return JSON.parse(readFileSync(join(ROOT, "web", "src", "tutorial", "texts", `${lang}.json`), "utf-8")) as TutorialTexts;
}

function script(game: string): TutorialScript {
  const path = join(ROOT, "src", "saqqara", "server", "tutorial_scripts", `${game}.json`);
  return JSON.parse(readFileSync(path, "utf-8")) as TutorialScript;
}

function words(lang: Lang, key: string | null): StepTexts {
  const found = key === null ? undefined : texts(lang)[key];
  if (typeof found !== "object") throw new Error(`${lang} has no step ${key}`);
  return found;
}

async function languagePage(lang: Lang): Promise<Page> {
  const context = await browser.newContext({ locale: lang });
  await context.addInitScript((chosen) => localStorage.setItem("saqqara.lang", chosen), lang);
  return context.newPage();
}

/** Open ``game``'s tutorial: from the lobby (English, German) or the rules page (Dutch,
 * Swedish), each at the tutorial's own address. */
async function openTutorial(page: Page, game: string, lang: Lang): Promise<void> {
  if (lang === "en" || lang === "de") {
    await page.goto(server.base);
    await page.locator(`a.tutorial-link[data-tutorial="${game}"]`).click();
  } else {
    await page.goto(`${server.base}/rules/${game}`);
    await page.locator(`.tutorial-offer a`).click();
  }
  await page.waitForURL(`**/tutorial/${game}`);
}

/** Play the tutorial to its end in ``lang``; the sentences read, in order. */
async function playThrough(game: string, lang: Lang): Promise<string[]> {
  const page = await languagePage(lang);
  try {
    await openTutorial(page, game, lang);
    const { finish } = script(game);
    const read: string[] = [];
    let shown = -1;
    let refusalSeen = false;
    for (;;) {
      // The next learner's step (a newer panel with its move marked), or the finish.
      const next = page.locator(
        `.tutorial-step:not([data-step="${shown}"]):has(.say[data-key]) >> nth=0`,
      );
      await page
        .locator(`.tutorial-step .say[data-key="${finish}"], button.move.hinted:enabled`)
        .first()
        .waitFor();
      const key = await next.locator(".say").getAttribute("data-key");
      if (key === finish) {
        expect(await next.locator(".say").textContent()).toBe(texts(lang)[finish]);
        await page.locator("a.tutorial-done").waitFor();
        expect(refusalSeen, `${game} ${lang}: no step with another move to refuse`).toBe(true);
        return read;
      }
      shown = Number(await next.getAttribute("data-step"));
      const expected = words(lang, key);
      expect(await next.locator(".say").textContent(), `${game} ${lang} ${key}`).toBe(expected.say);
      read.push(key ?? "");
      const others = page.locator("button.move:not(.hinted):enabled");
      if (!refusalSeen && (await others.count()) > 0) {
        // Another move than the marked one: the reason, and the table does not move.
        refusalSeen = true;
        const seq = await page.locator("main.table").getAttribute("data-seq");
        await others.first().click();
        await expect.poll(() => page.locator(".tutorial-step .why").textContent()).toBe(expected.why);
        expect(await page.locator("main.table").getAttribute("data-seq")).toBe(seq);
      }
      await page.locator("button.move.hinted:enabled").click();
      await page.locator(`.tutorial-step:not([data-step="${shown}"])`).waitFor();
    }
  } finally {
    await page.context().close();
  }
}

for (const game of GAMES) {
  it(`plays ${game}'s tutorial to its end in every language`, async () => {
    const steps = script(game)
      .steps.filter((step) => step.seat === script(game).learner)
      .map((step) => step.text);
    const played = await Promise.all(LANGS.map((lang) => playThrough(game, lang)));
    for (const read of played) expect(read).toEqual(steps);
  });
}
