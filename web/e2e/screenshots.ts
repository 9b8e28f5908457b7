/** Writes docs/screenshots/<game>-start|middle|end.png (and <game>-phone.png, the end on a
 * 360-pixel-wide phone): one game of each played by clicking against a bot in Chromium,
 * against a real `saqqara serve`, the lobby, and replay.png: the Valley of the Kings game
 * stepped back to its middle in the replay, and valley-of-the-kings-phone-board|zoom|choice.png:
 * Valley's first decision on a 360×740 touch phone, the whole board, zoomed to the decision
 * ("Zoom to your move"), and a stone group's bids offered after a tap. The pages ask for
 * reduced motion, so that no picture catches an animation half way (a card turning, a pawn
 * walking).
 * Run: npm run screenshots (scripts/screenshots builds the client first); SCREENSHOT_GAMES
 * (game ids, comma-separated; "phone" for the phone's pictures, "rules" for the rules') takes
 * only those, and leaves the lobby as it is. The rules: rules-page.png (Valley of the Kings'
 * rules page in German, whole), rules-phone.png (Tutankhamun's Revenge's in Swedish on a
 * 360×740 phone) and rules-table.png (a Dutch Out of the Box table: the help for the decision
 * at hand, rules-help.png) and its "?" opened over the game on a phone. */
import { mkdirSync, writeFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { join, resolve } from "node:path";
import { createTable, startBrowser, startServer } from "./harness";
import { GAMES, QUICK_BOT, awaitTurn, clickMove, seeded } from "./play";

const OUT = resolve(__dirname, "..", "..", "docs", "screenshots");
const VIEWPORT = { width: 1100, height: 760 };
const PHONE = { width: 360, height: 740 };
/** Moves left out while others remain, so that the pictures show a game under way. */
const AVOID: Record<string, string[]> = { tutankhamun: ["exit"] };

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const server = await startServer();
  const browser = await startBrowser();
  try {
    const asked = process.env.SCREENSHOT_GAMES?.split(",") ?? [];
    const only = asked.filter((id) => GAMES.includes(id));
    const everything = asked.length === 0;
    if (everything || asked.includes("phone")) await phoneShots(browser, server.base);
    if (everything || asked.includes("rules")) await rulesShots(browser, server.base);
    if (!everything && !only.length) return;
    if (everything) {
      const context = await browser.newContext({ viewport: VIEWPORT, reducedMotion: "reduce" });
      const lobby = await context.newPage();
      await lobby.goto(server.base);
      await lobby.locator(".game").first().waitFor();
      await lobby.locator('button[data-game="valley-of-the-kings"]').click();
      await lobby.locator("form.create").waitFor();
      writeFileSync(join(OUT, "lobby.png"), await lobby.screenshot());
      await context.close();
    }
    for (const [index, game] of GAMES.entries()) {
      if (only.length && !only.includes(game)) continue;
      const { links } = await createTable(server.base, game, 1, 1, QUICK_BOT[game]);
      const page = await (await browser.newContext({ viewport: VIEWPORT, reducedMotion: "reduce" })).newPage();
      await page.goto(links.get(0) ?? "");
      // Tutankhamun: the nearest tile each turn, so the pictures show a long walk.
      const pick = game === "tutankhamun" ? () => 0 : seeded(100 + index);
      const shots: Buffer[] = [];
      let composed = false;
      while (await awaitTurn(page)) {
        shots.push(await page.screenshot());
        const group = page.locator('svg .place[aria-label="Bid at group 1"]');
        if (!composed && (await group.count()) > 0) {
          // A bid built up on the board, pending its Confirm; then thrown away.
          composed = true;
          await group.dispatchEvent("click");
          await page.locator(".composer [data-choice]").last().click();
          await page.locator(".composer .confirm").waitFor();
          writeFileSync(join(OUT, `${game}-pending-bid.png`), await page.screenshot());
          await page.locator(".composer .clear").click();
        }
        await clickMove(page, pick, AVOID[game] ?? []);
      }
      await page.locator(".result").waitFor();
      const end = await page.screenshot();
      const start = shots[0] ?? end;
      const middle = shots[Math.floor(shots.length / 2)] ?? end;
      writeFileSync(join(OUT, `${game}-start.png`), start);
      writeFileSync(join(OUT, `${game}-middle.png`), middle);
      writeFileSync(join(OUT, `${game}-end.png`), end);
      // The same end on a 360-pixel-wide phone, the whole page.
      await page.setViewportSize(PHONE);
      writeFileSync(join(OUT, `${game}-phone.png`), await page.screenshot({ fullPage: true }));
      await page.setViewportSize(VIEWPORT);
      console.log(`${game}: ${shots.length} turns; wrote start, middle and end`);
      if (game === "valley-of-the-kings") {
        await page.locator("button.replay-game").click();
        const replay = page.locator("main.replay");
        await replay.waitFor();
        const steps = Number(await replay.getAttribute("data-steps"));
        for (let n = 0; n < Math.floor(steps / 2); n++) await page.keyboard.press("ArrowRight");
        writeFileSync(join(OUT, "replay.png"), await page.screenshot());
        console.log(`${game}: wrote the replay at step ${Math.floor(steps / 2)} of ${steps - 1}`);
      }
      await page.context().close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Valley of the Kings on a 360×740 touch phone at its first decision: the whole board,
 * then zoomed to the decision, then a group's bids offered after a tap. */
async function phoneShots(browser: Browser, base: string): Promise<void> {
  const { links } = await createTable(base, "valley-of-the-kings", 1, 1, QUICK_BOT["valley-of-the-kings"] ?? "greedy");
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  await page.goto(links.get(0) ?? "");
  await awaitTurn(page);
  writeFileSync(join(OUT, "valley-of-the-kings-phone-board.png"), await page.screenshot());
  await page.locator(".zoom-focus").tap();
  await page.waitForFunction(() => Number(document.querySelector(".valley .board-scroll")?.getAttribute("data-zoom")) > 1);
  await page.locator(".valley .board-scroll").scrollIntoViewIfNeeded();
  writeFileSync(join(OUT, "valley-of-the-kings-phone-zoom.png"), await page.screenshot());
  await page.locator(".valley svg .place").first().dispatchEvent("click");
  await page.locator(".composer").waitFor();
  writeFileSync(join(OUT, "valley-of-the-kings-phone-choice.png"), await page.screenshot());
  console.log("valley-of-the-kings: wrote the phone's board, zoom and choice");
  await context.close();
}

await main();

async function rulesShots(browser: Browser, base: string): Promise<void> {
  const page = async (viewport: { width: number; height: number }, lang: string) => {
    const context = await browser.newContext({ viewport, reducedMotion: "reduce", locale: lang });
    await context.addInitScript((chosen) => localStorage.setItem("saqqara.lang", chosen), lang);
    return context.newPage();
  };
  const desk = await page(VIEWPORT, "de");
  await desk.goto(`${base}/rules/valley-of-the-kings`);
  await desk.locator(".rules-picture svg").waitFor();
  writeFileSync(join(OUT, "rules-page.png"), await desk.screenshot({ fullPage: true }));
  await desk.context().close();
  const phone = await page(PHONE, "sv");
  await phone.goto(`${base}/rules/tutankhamuns-revenge`);
  await phone.locator(".rules-picture svg").waitFor();
  writeFileSync(join(OUT, "rules-phone.png"), await phone.screenshot());
  await phone.context().close();
  const { links } = await createTable(base, "tutankhamun", 1, 1, "random", { edition: "ootb-2004" });
  for (const [viewport, name] of [
    [VIEWPORT, "rules-help.png"],
    [PHONE, "rules-table.png"],
  ] as const) {
    const table = await page(viewport, "nl");
    await table.goto(links.get(0) ?? "");
    await table.locator(".decision-help").waitFor();
    if (name === "rules-table.png") {
      await table.locator("button.rules-button").click();
      await table.locator("dialog.rules-dialog .rules-goal").waitFor();
    }
    writeFileSync(join(OUT, name), await table.screenshot());
    await table.context().close();
  }
}
