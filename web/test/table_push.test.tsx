/** The table's push switch (table_push.tsx): nothing for a guest or a browser without push;
 * off, then on once the browser allows it and the server keeps the subscription; on when
 * this browser is subscribed already, then off; refused, saying so, when the browser does not
 * allow notifications (the server asked nothing). jsdom has no service worker, Push API or
 * Notification: they are faked here as the browser would answer, the server by fetch. */
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { AccountContext } from "../src/account";
import { TurnAlerts } from "../src/turn_alerts";

const asked: { path: string; body: unknown }[] = [];
let subscription: FakeSubscription | null = null;

class FakeSubscription {
  endpoint = "https://push.example/one";
  unsubscribed = false;
  toJSON() {
    return { endpoint: this.endpoint, keys: { p256dh: "p", auth: "a" } };
  }
  async unsubscribe() {
    this.unsubscribed = true;
    subscription = null;
    return true;
  }
}

class FakeNotification {
  static permission: NotificationPermission = "default";
  static answer: NotificationPermission = "granted";
  static requestPermission = vi.fn(async () => FakeNotification.answer);
}

const pushManager = {
  getSubscription: async () => subscription,
  subscribe: async () => (subscription = new FakeSubscription()),
};
const worker = {
  register: async () => ({ pushManager }),
  ready: Promise.resolve({ pushManager }),
  getRegistration: async () => ({ pushManager }),
};

function answers(path: string): unknown {
  if (path === "/api/push") return { key: "BBBB" };
  if (path === "/api/account/push") return { subscribed: true };
  return { removed: true };
}

function canPush(can: boolean): void {
  Object.defineProperty(window, "isSecureContext", { configurable: true, get: () => can });
  Object.defineProperty(navigator, "serviceWorker", { configurable: true, get: () => worker });
  if (can) vi.stubGlobal("PushManager", class {});
}

beforeEach(() => {
  vi.stubGlobal("Notification", FakeNotification);
  FakeNotification.answer = "granted";
  FakeNotification.requestPermission.mockClear();
  subscription = null;
  asked.length = 0;
  vi.stubGlobal("fetch", async (path: string, init: RequestInit) => {
    asked.push({ path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return { ok: true, status: 200, json: async () => answers(path) } as Response;
  });
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

/** The table's alerts for a player signed in as ``me`` (null: a guest), settled. */
async function table(me: string | null): Promise<HTMLElement> {
  const root = document.createElement("div");
  document.body.append(root);
  await act(async () => {
    render(
      <AccountContext.Provider value={{ me, take: () => undefined }}>
        <TurnAlerts game="Valley" yourTurn={false} />
      </AccountContext.Provider>,
      root,
    );
  });
  await settle();
  return root;
}

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await act(async () => await Promise.resolve());
}

function pushBox(root: HTMLElement): HTMLInputElement | null {
  return root.querySelector<HTMLInputElement>(".table-push input[type=checkbox]");
}

async function click(box: HTMLInputElement): Promise<void> {
  await act(async () => box.click());
  await settle();
}

it("is not shown where the browser cannot take pushes, nor to a guest", async () => {
  canPush(false);
  const signedIn = await table("ann");
  expect(pushBox(signedIn)).toBeNull();
  expect(signedIn.querySelectorAll("input[type=checkbox]").length).toBe(2); // sound, notify
  document.body.innerHTML = "";
  canPush(true);
  expect(pushBox(await table(null))).toBeNull();
});

it("is off for an unsubscribed browser, and on once allowed and kept by the server", async () => {
  canPush(true);
  const root = await table("ann");
  const box = pushBox(root)!;
  expect(box.checked).toBe(false);
  expect(box.disabled).toBe(false);
  expect(root.querySelector(".table-push")!.textContent).toContain("Send my turns here");
  await click(box);
  expect(FakeNotification.requestPermission).toHaveBeenCalledOnce();
  expect(pushBox(root)!.checked).toBe(true);
  expect(asked.map((a) => a.path)).toEqual(["/api/push", "/api/account/push"]);
  expect(asked[1]?.body).toEqual({ endpoint: "https://push.example/one", keys: { p256dh: "p", auth: "a" } });
});

it("is on for a subscribed browser, and off again: unsubscribed here and at the server", async () => {
  canPush(true);
  const held = (subscription = new FakeSubscription());
  const root = await table("ann");
  expect(pushBox(root)!.checked).toBe(true);
  await click(pushBox(root)!);
  expect(pushBox(root)!.checked).toBe(false);
  expect(held.unsubscribed).toBe(true);
  expect(asked).toEqual([{ path: "/api/account/push/remove", body: { endpoint: held.endpoint } }]);
});

it("stays off and says so when the browser refuses notifications, asking the server nothing", async () => {
  canPush(true);
  FakeNotification.answer = "denied";
  const root = await table("ann");
  await click(pushBox(root)!);
  expect(pushBox(root)!.checked).toBe(false);
  expect(root.querySelector(".table-push [role=status]")!.textContent).toContain(
    "The browser did not allow notifications.",
  );
  expect(asked).toEqual([]);
  FakeNotification.answer = "granted";
  await click(pushBox(root)!); // asked again, allowed this time
  expect(pushBox(root)!.checked).toBe(true);
  expect(root.querySelector(".table-push [role=status]")).toBeNull();
});
