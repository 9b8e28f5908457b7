/** The tutorials in the browser: for every lesson of every game and every language, the
 * lesson is played to its end by clicking the move each step marks, and every step's
 * sentence is the one of that language's texts; another move than the marked one is
 * answered with the step's reason and sends nothing. The lessons are reached from the
 * lobby ("Learn to play" and each further lesson's title) and from the rules page; the four
 * languages of a lesson play at once, each in its own page. Switching the language in the
 * middle of a lesson turns the page's words into the new language and the lesson goes on
 * from the same step. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type StepTexts, TUTORIAL_LESSONS, type TutorialScript, type TutorialTexts } from "../src/tutorial/script";
import { type Server, startBrowser, startServer } from "./harness";

const LANGS = ["en", "de", "nl", "sv"] as const;
type Lang = (typeof LANGS)[number];
const LESSONS = Object.entries(TUTORIAL_LESSONS).flatMap(([game, lessons]) =>
  lessons.map((lesson, index) => ({ game, lesson, first: index === 0 })),
);
type Lesson = (typeof LESSONS)[number];
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

function script(lesson: Lesson): TutorialScript {
  const name = `${lesson.game}.${lesson.lesson}.json`;
  const path = join(ROOT, "src", "saqqara", "server", "tutorial_scripts", name);
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

/** Open a lesson: from the lobby (English, German) or the rules page (Dutch, Swedish),
 * each at the lesson's own address (a game's first lesson at the game's). */
async function openTutorial(page: Page, lesson: Lesson, lang: Lang): Promise<void> {
  const { game } = lesson;
  const link = lesson.first
    ? (lang === "en" || lang === "de" ? `a.tutorial-link[data-tutorial="${game}"]` : ".tutorial-offer a >> nth=0")
    : `a.tutorial-lesson[data-tutorial="${game}/${lesson.lesson}"]`;
  await page.goto(lang === "en" || lang === "de" ? server.base : `${server.base}/rules/${game}`);
  const found = page.locator(link);
  if (!lesson.first) {
    const title = texts(lang)[`${game}.${lesson.lesson}.title`];
    await expect.poll(() => found.textContent(), { timeout: 10_000 }).toBe(title);
  }
  await found.click();
  await page.waitForURL(lesson.first ? `**/tutorial/${game}` : `**/tutorial/${game}/${lesson.lesson}`);
}

/** How long a step's words may take to show (a poll's default is one second). */
const SETTLE = 10_000;

/** Play the lesson to its end in ``lang`` (switching to ``then.lang`` once ``then.after``
 * steps were read); the sentences read, in order. */
async function playThrough(lesson: Lesson, first: Lang, then?: { after: number; lang: Lang }): Promise<string[]> {
  const page = await languagePage(first);
  let lang = first;
  const name = `${lesson.game}.${lesson.lesson}`;
  try {
    await openTutorial(page, lesson, lang);
    const { finish } = script(lesson);
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
        expect(refusalSeen, `${name} ${lang}: no step with another move to refuse`).toBe(true);
        return read;
      }
      shown = Number(await next.getAttribute("data-step"));
      if (then && read.length === then.after) {
        // The language changes mid-lesson: the same step, in the new language's words.
        await expect.poll(() => next.locator(".say").textContent(), { timeout: SETTLE }).toBe(words(lang, key).say);
        await page.locator("select[name=language]").selectOption(then.lang);
        lang = then.lang;
        const same = page.locator(`.tutorial-step[data-step="${shown}"] .say[data-key="${key}"]`);
        await expect.poll(() => same.textContent(), { timeout: SETTLE }).toBe(words(lang, key).say);
        await expect.poll(() => page.locator("html").getAttribute("lang"), { timeout: SETTLE }).toBe(lang);
        await page.locator("button.move.hinted:enabled").waitFor();
      }
      const expected = words(lang, key);
      // A slow machine may redraw the step for longer than expect.poll's default second.
      await expect
        .poll(() => next.locator(".say").textContent(), { message: `${name} ${lang} ${key}`, timeout: SETTLE })
        .toBe(expected.say);
      read.push(key ?? "");
      const others = page.locator("button.move:not(.hinted):enabled");
      if (!refusalSeen && (await others.count()) > 0) {
        // Another move than the marked one: the reason, and the table does not move.
        refusalSeen = true;
        const seq = await page.locator("main.table").getAttribute("data-seq");
        await others.first().click();
        await expect.poll(() => page.locator(".tutorial-step .why").textContent(), { timeout: SETTLE }).toBe(expected.why);
        expect(await page.locator("main.table").getAttribute("data-seq")).toBe(seq);
      }
      await page.locator("button.move.hinted:enabled").click();
      await page.locator(`.tutorial-step:not([data-step="${shown}"])`).waitFor();
    }
  } finally {
    await page.context().close();
  }
}

function taught(lesson: Lesson): string[] {
  return script(lesson)
    .steps.filter((step) => step.text !== undefined)
    .map((step) => step.text ?? "");
}

for (const lesson of LESSONS) {
  it(`plays ${lesson.game}'s lesson ${lesson.lesson} to its end in every language`, async () => {
    const played = await Promise.all(LANGS.map((lang) => playThrough(lesson, lang)));
    for (const read of played) expect(read).toEqual(taught(lesson));
  });
}

it("goes on from the same step when the language changes mid-lesson", async () => {
  const lesson = LESSONS.find((l) => l.game === "tutankhamun" && l.first) as Lesson;
  const [toGerman, toSwedish] = await Promise.all([
    playThrough(lesson, "en", { after: 2, lang: "de" }),
    playThrough(lesson, "nl", { after: 4, lang: "sv" }),
  ]);
  expect(toGerman).toEqual(taught(lesson));
  expect(toSwedish).toEqual(taught(lesson));
});
