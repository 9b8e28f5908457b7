/** Every text drawn on each game's board reads at WCAG AA contrast against what is behind
 * it (issue 33, item 4): 4.5:1, or 3:1 for large text (24 CSS pixels, or 18.7 bold, as
 * drawn at a desktop's size). The colours are the browser's computed ones: the text's fill
 * (with its own and its groups' opacity) over the shapes under it, found by hit-testing a
 * few points across the text with every element made hit-testable for the measure; a text
 * with a halo (a stroke painted under its fill) is measured against its halo. Each board is
 * measured at a person's turn and after a few moves (Tutankhamun in both editions). */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTable, type Server, startBrowser, startServer } from "./harness";
import { awaitTurn, clickMove, GAMES, QUICK_BOT, seeded } from "./play";

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

/** A board text that misses AA: its words, its ratio, what it needs, its colours. */
interface Low {
  text: string;
  ratio: number;
  needed: number;
  colours: string;
}

/** Every visible text of the boards on the page that misses AA contrast. */
async function lowContrast(page: Page): Promise<Low[]> {
  return page.evaluate(() => {
    type RGBA = [number, number, number, number];
    const parse = (colour: string): RGBA | null => {
      const m = /rgba?\(([^)]+)\)/.exec(colour);
      if (!m) return null;
      const parts = (m[1] ?? "").split(/[\s,/]+/).filter(Boolean).map(Number);
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    };
    const over = (top: RGBA, under: RGBA): RGBA => [
      top[0] * top[3] + under[0] * (1 - top[3]),
      top[1] * top[3] + under[1] * (1 - top[3]),
      top[2] * top[3] + under[2] * (1 - top[3]),
      1,
    ];
    const luminance = (c: RGBA) => {
      const channel = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
    };
    const ratio = (a: RGBA, b: RGBA) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    /** The product of an element's and its ancestors' opacity. */
    const opacity = (element: Element | null): number => {
      let found = 1;
      for (let at = element; at; at = at.parentElement) found *= Number(getComputedStyle(at).opacity || "1");
      return found;
    };
    /** The colour a shape paints, with its alpha (fill-opacity and opacity). */
    const paint = (element: Element): RGBA | null => {
      const style = getComputedStyle(element);
      if (element instanceof SVGElement && !(element instanceof SVGSVGElement)) {
        const fill = parse(style.fill);
        if (!fill || style.fill === "none") return null;
        fill[3] *= Number(style.fillOpacity || "1") * opacity(element);
        return fill;
      }
      const background = parse(style.backgroundColor);
      if (!background || background[3] === 0) return null;
      background[3] *= opacity(element);
      return background;
    };
    /** What is painted at a point under ``text``: the shapes under it composed down to the
     * first opaque one (the page's white at the bottom). */
    const behind = (x: number, y: number, text: Element): RGBA => {
      const layers = document.elementsFromPoint(x, y).filter(
        (element) => element !== text && !text.contains(element) && !element.closest("text"),
      );
      const colours: RGBA[] = [];
      for (const element of layers) {
        const colour = paint(element);
        if (!colour || colour[3] === 0) continue;
        colours.push(colour);
        if (colour[3] >= 0.999) break;
      }
      let result: RGBA = [255, 255, 255, 1];
      for (const colour of colours.reverse()) result = over(colour, result);
      return result;
    };
    const probe = document.createElement("style");
    probe.textContent = "* { pointer-events: auto !important; }";
    document.head.append(probe);
    const low: { text: string; ratio: number; needed: number; colours: string }[] = [];
    try {
      for (const text of document.querySelectorAll<SVGTextElement>("svg.board text")) {
        const words = (text.textContent ?? "").trim();
        const box = text.getBoundingClientRect();
        if (!words || box.width === 0 || getComputedStyle(text).visibility === "hidden") continue;
        if (getComputedStyle(text).display === "none") continue;
        const style = getComputedStyle(text);
        const fill = parse(style.fill);
        if (!fill) continue;
        fill[3] *= Number(style.fillOpacity || "1") * opacity(text);
        const scale = text.getScreenCTM()?.a ?? 1;
        const size = parseFloat(style.fontSize) * scale;
        const bold = Number(style.fontWeight) >= 700;
        const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
        const halo = style.stroke !== "none" && parseFloat(style.strokeWidth) * scale >= 1.5 ? parse(style.stroke) : null;
        let worst = Infinity;
        let seen = "";
        const y = box.top + box.height / 2;
        for (const x of [box.left + box.width * 0.15, box.left + box.width / 2, box.right - box.width * 0.15]) {
          if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
          const under = halo && halo[3] > 0.99 ? halo : behind(x, y, text);
          const value = ratio(over(fill, under), under);
          if (value < worst) {
            worst = value;
            seen = `${style.fill} on rgb(${under.slice(0, 3).map(Math.round).join(", ")})`;
          }
        }
        if (worst < needed) low.push({ text: words, ratio: Math.round(worst * 100) / 100, needed, colours: seen });
      }
    } finally {
      probe.remove();
    }
    return low;
  });
}

for (const table of [...GAMES, "tutankhamun:ootb-2004"]) {
  const [game = table, edition] = table.split(":");
  it(`draws every label of ${table}'s board at AA contrast`, async () => {
    const { links } = await createTable(server.base, game, 1, 1, QUICK_BOT[game], edition ? { edition } : {});
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(links.get(0)!);
    const pick = seeded(7);
    const found = new Map<string, Low>();
    for (let move = 0; move < 6; move++) {
      if (!(await awaitTurn(page))) break;
      // Let the pieces' transitions end before measuring.
      await page.waitForTimeout(400);
      for (const low of await lowContrast(page)) found.set(`${low.text} ${low.colours}`, low);
      await clickMove(page, pick);
    }
    expect([...found.values()]).toEqual([]);
    await page.context().close();
  }, 240_000);
}
