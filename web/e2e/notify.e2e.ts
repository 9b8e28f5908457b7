/** Turn notifications (issue 32, items 6 and 9): a turn-based table (a day per move)
 * between two browser contexts. The waiting player's page has notifications allowed
 * (context.grantPermissions), its "Notify me" switch on, and is not looked at (an init
 * script says the document is hidden, as for a tab in the background); a wrapper of
 * window.Notification, installed by the same script, records what the page shows. When
 * the other player moves and the turn passes, that page shows "Your move". The site's
 * service worker is served from the root, registers with the whole site as its scope,
 * and shows a turn pushed to it (delivered through the DevTools protocol, as there is no
 * browser push service here: the server's side of Web Push is tests/server/test_push.py). */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Server, startBrowser, startServer } from "./harness";

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

declare global {
  interface Window {
    shown?: { title: string; body: string }[];
  }
}

/** Runs in the waiting player's page before its own scripts. */
function watchNotifications(): void {
  localStorage.setItem("saqqara.alerts", JSON.stringify({ sound: false, notify: true }));
  Object.defineProperty(Document.prototype, "hidden", { get: () => true });
  Object.defineProperty(Document.prototype, "visibilityState", { get: () => "hidden" });
  const Real = window.Notification;
  window.shown = [];
  class Watched extends Real {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      window.shown?.push({ title, body: options?.body ?? "" });
    }
  }
  window.Notification = Watched;
}

const MOVE = "button.move:not([disabled])";

async function seq(page: Page): Promise<string> {
  return (await page.locator("main.table").getAttribute("data-seq")) ?? "";
}

/** The page's seat plays (its first move each time) until ``other`` may move. */
async function playTurn(page: Page, other: Page): Promise<void> {
  await page.locator(MOVE).first().waitFor({ timeout: 30_000 });
  while ((await other.locator(MOVE).count()) === 0) {
    if ((await page.locator(MOVE).count()) > 0) {
      const before = await seq(page);
      await page.locator(MOVE).first().click();
      await page.waitForFunction(
        (was) => document.querySelector("main.table")?.getAttribute("data-seq") !== was,
        before,
        { timeout: 30_000 },
      );
    }
    await Promise.race([
      other.locator(MOVE).first().waitFor({ timeout: 30_000 }),
      page.locator(MOVE).first().waitFor({ timeout: 30_000 }),
    ]);
  }
}

it("shows the waiting player a notification when the other moves", async () => {
  const answer = await fetch(`${server.base}/api/tables`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      game: "tutankhamun",
      seats: [{ kind: "person", name: "Amun" }, { kind: "person", name: "Bastet" }],
      clock: { move: 86400 },
    }),
  });
  expect(answer.status).toBe(201);
  const created = (await answer.json()) as { seats: { seat: number; link: string }[] };
  const [first, second] = created.seats.map((seat) => seat.link);
  if (!first || !second) throw new Error("the table has no seat links");

  const mover = await (await browser.newContext()).newPage();
  const waiting = await browser.newContext();
  await waiting.grantPermissions(["notifications"], { origin: server.base });
  await waiting.addInitScript(watchNotifications);
  const waiter = await waiting.newPage();
  await waiter.goto(second);
  await mover.goto(first);
  await Promise.race([
    mover.locator(MOVE).first().waitFor({ timeout: 30_000 }),
    waiter.locator(MOVE).first().waitFor({ timeout: 30_000 }),
  ]);
  if ((await waiter.locator(MOVE).count()) > 0) await playTurn(waiter, mover);
  const before = await waiter.evaluate(() => window.shown?.length ?? 0);
  await playTurn(mover, waiter);
  await waiter.waitForFunction((count) => (window.shown?.length ?? 0) > count, before, {
    timeout: 30_000,
  });
  const shown = await waiter.evaluate(() => window.shown ?? []);
  expect(shown[shown.length - 1]).toEqual({ title: "Your move", body: "Tutankhamun" });
  // the mover's page shows nothing of the kind (its switch is off, and it is not hidden)
  expect(await mover.evaluate(() => (window as Window).shown)).toBeUndefined();

  // The service worker: served at the root, its scope the whole site.
  const scope = await waiter.evaluate(async () => {
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
    return registration.scope;
  });
  expect(scope).toBe(`${server.base}/`);
  const worker = await fetch(`${server.base}/sw.js`);
  expect(worker.headers.get("content-type")).toMatch(/^text\/javascript/);

  // A push as the server sends it (server/push.py's payload), delivered to the worker
  // through the DevTools protocol (no browser push service here): it shows the turn.
  const devtools = await waiting.newCDPSession(waiter);
  const registered = new Promise<string>((done) => {
    devtools.on("ServiceWorker.workerRegistrationUpdated", (event) => {
      const found = event.registrations.find((r) => r.scopeURL === `${server.base}/` && !r.isDeleted);
      if (found) done(found.registrationId);
    });
  });
  await devtools.send("ServiceWorker.enable");
  const turn = {
    type: "turn",
    game: "tutankhamun",
    table: "t1",
    seat: 1,
    url: "/t/t1?seat=1",
    title: "Your move",
    body: "It is your move at Tutankhamun.",
  };
  // A delivery can be dropped while the worker is being started on a busy machine (seen
  // once in CI): deliver again until the worker shows it; its tag keeps one notification.
  const registrationId = await registered;
  let pushed: { title: string; body: string; tag: string; url?: string }[] = [];
  for (let delivery = 0; delivery < 6 && pushed.length === 0; delivery += 1) {
    await devtools.send("ServiceWorker.deliverPushMessage", {
      origin: server.base,
      registrationId,
      data: JSON.stringify(turn),
    });
    pushed = await waiter.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      for (let tries = 0; tries < 100; tries += 1) {
        const shown = await ready.getNotifications();
        if (shown.length > 0) {
          return shown.map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            url: (n.data as { url?: string } | null)?.url,
          }));
        }
        await new Promise((wait) => setTimeout(wait, 50));
      }
      return [];
    });
  }
  expect(pushed).toEqual([
    { title: "Your move", body: "It is your move at Tutankhamun.", tag: "saqqara-turn-t1", url: "/t/t1?seat=1" },
  ]);
});

it("offers a signed-in player to have their turns sent to this browser", async () => {
  const context = await browser.newContext();
  await context.grantPermissions(["notifications"], { origin: server.base });
  const page = await context.newPage();
  await page.goto(server.base);
  const signedUp = await page.evaluate(async () => {
    const answer = await fetch("/api/account/sign-up", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Saqqara-CSRF": "1" },
      body: JSON.stringify({ name: "Pusher", password: "correct horse battery" }),
    });
    return answer.status;
  });
  expect(signedUp).toBe(201);
  await page.goto(`${server.base}/account`);
  const section = page.locator("section.push-switch");
  await section.locator("h2", { hasText: "Turns while the page is closed" }).waitFor();
  const button = section.locator("button", { hasText: "Send my turns here" });
  await button.waitFor();
  expect(await button.isEnabled()).toBe(true);
  await button.click();
  // Headless Chromium refuses push subscriptions ("Registration failed - permission
  // denied"): the page says so, and the server keeps nothing. A browser that subscribes
  // is told so, and the server keeps its subscription.
  const failed = section.locator("p.error", { hasText: "This browser could not subscribe: " });
  const kept = section.locator("p[role=status]", { hasText: "Turns are sent to this browser." });
  await Promise.race([failed.waitFor({ timeout: 30_000 }), kept.waitFor({ timeout: 30_000 })]);
  const subscribed = (await kept.count()) > 0;
  const listed = await page.evaluate(async () => {
    const answer = await fetch("/api/account/push");
    return ((await answer.json()) as { subscriptions: unknown[] }).subscriptions.length;
  });
  expect(listed).toBe(subscribed ? 1 : 0);
  await context.close();
});

it("offers the push switch at the table to a signed-in seat, not to a guest's", async () => {
  const seats = [
    { kind: "person", name: "Amun" },
    { kind: "person", name: "Bastet" },
  ];
  const answer = await fetch(`${server.base}/api/tables`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "tutankhamun", seats }),
  });
  expect(answer.status).toBe(201);
  const created = (await answer.json()) as { seats: { seat: number; link: string }[] };
  const [first, second] = created.seats.map((seat) => seat.link);
  if (!first || !second) throw new Error("the table has no seat links");

  const signedIn = await browser.newContext();
  const page = await signedIn.newPage();
  await page.goto(server.base);
  const signedUp = await page.evaluate(async () => {
    const made = await fetch("/api/account/sign-up", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Saqqara-CSRF": "1" },
      body: JSON.stringify({ name: "AtTable", password: "correct horse battery" }),
    });
    return made.status;
  });
  expect(signedUp).toBe(201);
  await page.goto(first);
  const box = page.locator(".alerts .table-push input[type=checkbox]");
  await box.waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () => !document.querySelector<HTMLInputElement>(".table-push input")?.disabled,
    undefined,
    { timeout: 30_000 },
  ); // this browser asked whether it is subscribed: it is not
  expect(await box.isChecked()).toBe(false);
  expect(await page.locator(".table-push").textContent()).toContain("Send my turns here");

  const guest = await (await browser.newContext()).newPage();
  await guest.goto(second);
  await guest.locator(".alerts label", { hasText: "Sound on my turn" }).waitFor({ timeout: 30_000 });
  expect(await guest.locator(".table-push").count()).toBe(0);
  await signedIn.close();
  await guest.context().close();
});
