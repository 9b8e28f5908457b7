/** Replays: a finished game stepped through move by move (buttons and arrow keys); a
 * record file, written by saqqara's own journal, dropped on the page replays the same way;
 * a corrupt file chosen in the file input gives a clear error. The server does the rules
 * work; the page only shows the frames. */
import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTable, type Server, startBrowser, startServer } from "./harness";
import { playToEnd, seeded } from "./play";

const ROOT = resolve(__dirname, "..", "..");
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

/** A journal of a whole seeded game of Valley of the Kings, as saqqara writes it. */
function journalText(): string {
  const python = process.env.SAQQARA_PYTHON ?? join(ROOT, ".venv", "bin", "python");
  const script = `
import random, sys, tempfile, os
from saqqara.core.game import CHANCE
from saqqara.core.journal import RecordJournal
from saqqara.core.match import Match
from saqqara.core.registry import load
path = os.path.join(tempfile.mkdtemp(), "game.jsonl")
match = Match(load("valley-of-the-kings", 2), seed=8, names=["Ann", "Bo"], journal=RecordJournal(path))
rng = random.Random(8)
while not match.is_over():
    seat = next(s for s in match.to_act() if s != CHANCE)
    match.submit(seat, rng.choice(match.legal_actions(seat)))
match.close()
sys.stdout.write(open(path, encoding="utf-8").read())
`;
  return execFileSync(python, ["-c", script], { encoding: "utf8" });
}

async function step(page: Page): Promise<number> {
  return Number(await page.locator("main.replay").getAttribute("data-step"));
}

async function stepsThrough(page: Page): Promise<void> {
  const replay = page.locator("main.replay");
  await replay.waitFor();
  const count = Number(await replay.getAttribute("data-steps"));
  expect(count).toBeGreaterThan(3);
  expect(await step(page)).toBe(0);
  await page.locator("button.next").click();
  expect(await step(page)).toBe(1);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  expect(await step(page)).toBe(3);
  await page.keyboard.press("ArrowLeft");
  expect(await step(page)).toBe(2);
  expect(await page.locator(".replay-nav .step").textContent()).toBe(`Step 2 of ${count - 1}`);
  expect(await page.locator("svg.board").count()).toBe(1);
  await page.keyboard.press("End");
  expect(await step(page)).toBe(count - 1);
  await page.locator(".result").waitFor();
  await page.locator("button.first").click();
  expect(await step(page)).toBe(0);
  await page.locator("button.last").click();
  expect(await step(page)).toBe(count - 1);
}

it("steps through a finished game", async () => {
  const { links } = await createTable(server.base, "tutankhamun", 1, 1, "greedy");
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await page.goto(links.get(0) ?? "");
  await playToEnd(page, seeded(11));
  // The end screen: each player's score with its parts, the winner marked, rematch kept.
  await page.locator(".result .parts li").first().waitFor();
  expect(await page.locator(".result tr.winner").count()).toBeGreaterThan(0);
  expect(await page.locator(".result tbody tr").count()).toBe(2);
  expect(await page.locator(".result button.rematch").count()).toBe(1);
  await page.locator(".result button.replay-game").click();
  await stepsThrough(page);
  await page.locator("button.close-replay").click();
  await page.locator(".result button.rematch").waitFor();
  await context.close();
});

it("replays a record file dropped on the page", async () => {
  const text = journalText();
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await page.goto(server.base);
  await page.locator("button[data-game]").first().waitFor();
  const dataTransfer = await page.evaluateHandle((content: string) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([content], "valley.jsonl", { type: "application/json" }));
    return transfer;
  }, text);
  await page.dispatchEvent("body", "drop", { dataTransfer });
  await page.waitForURL(/\/replay$/);
  expect(await page.locator("main.replay").getAttribute("data-game")).toBe("valley-of-the-kings");
  await stepsThrough(page);
  expect(await page.locator(".seats").textContent()).toContain("Ann");
  await context.close();
});

it("gives a clear error for a corrupt file", async () => {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await page.goto(`${server.base}/replay`);
  const broken = journalText().split("\n").slice(0, 5).join("\n").replace("bid", "bud") + "\nnot json\n";
  await page.locator("input[type=file]").setInputFiles({
    name: "broken.jsonl",
    mimeType: "application/json",
    buffer: Buffer.from(broken),
  });
  const error = page.locator(".drop-zone .error");
  await error.waitFor();
  const message = (await error.textContent()) ?? "";
  expect(message).toMatch(/^This file cannot be replayed: action #\d+: /);
  expect(await page.locator("main.replay").count()).toBe(0);
  await context.close();
});
