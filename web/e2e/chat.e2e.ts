/** The table's chat in two browsers (issue 32, item 7): what one seat says, the other reads,
 * as text: a line of HTML and script stays letters in both pages, runs nothing and makes
 * no element; a page that comes back is told the chat again. */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTable, type Server, startBrowser, startServer } from "./harness";

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

const HOSTILE = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold</b>`;

async function seat(link: string): Promise<{ page: Page; dialogs: string[] }> {
  const page = await (await browser.newContext()).newPage();
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(link);
  await page.waitForSelector(".chat-say input");
  return { page, dialogs };
}

async function texts(page: Page): Promise<string[]> {
  return page.$$eval(".chat-text", (nodes) => nodes.map((node) => node.textContent ?? ""));
}

it("carries a hostile line between two seats as inert text", async () => {
  const { links } = await createTable(server.base, "tutankhamun", 2, 0);
  const ann = await seat(links.get(0)!);
  const bo = await seat(links.get(1)!);
  await ann.page.fill(".chat-say input", HOSTILE);
  await ann.page.press(".chat-say input", "Enter");
  for (const { page } of [ann, bo]) {
    await page.waitForFunction(() => document.querySelectorAll(".chat-text").length === 1);
    expect(await texts(page)).toEqual([HOSTILE]);
    const harm = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
      images: document.querySelectorAll(".chat img").length,
      bold: document.querySelectorAll(".chat b").length,
    }));
    expect(harm).toEqual({ pwned: null, images: 0, bold: 0 });
  }
  expect([...ann.dialogs, ...bo.dialogs]).toEqual([]);
  // Bo answers, then comes back in a new page: the chat is told again, in order
  await bo.page.fill(".chat-say input", "good luck");
  await bo.page.click(".chat-say button");
  await ann.page.waitForFunction(() => document.querySelectorAll(".chat-text").length === 2);
  await bo.page.context().close();
  const again = await seat(links.get(1)!);
  await again.page.waitForFunction(() => document.querySelectorAll(".chat-text").length === 2);
  expect(await texts(again.page)).toEqual([HOSTILE, "good luck"]);
  await ann.page.context().close();
  await again.page.context().close();
}, 120_000);
