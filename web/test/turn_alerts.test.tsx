/** Turn alerts: off unless chosen; a notification only for a hidden page whose browser
 * allows them, once as the turn begins; the choice kept for the next table. */
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { alertTurn, loadAlerts, TurnAlerts } from "../src/turn_alerts";

const shown: { title: string; body: string | undefined }[] = [];

/** The browser's Notification API, as far as the page uses it (jsdom has none). */
class FakeNotification {
  static permission: NotificationPermission = "granted";
  static requestPermission = vi.fn(async () => FakeNotification.permission);
  constructor(title: string, options?: NotificationOptions) {
    shown.push({ title, body: options?.body });
  }
}

function hidden(value: boolean): void {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => value });
}

beforeEach(() => {
  vi.stubGlobal("Notification", FakeNotification);
  FakeNotification.permission = "granted";
  shown.length = 0;
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  hidden(false);
  document.body.innerHTML = "";
});

it("alerts nobody by default", () => {
  expect(loadAlerts()).toEqual({ sound: false, notify: false });
  hidden(true);
  alertTurn(loadAlerts(), "Your move", "Tutankhamun");
  expect(shown).toEqual([]);
});

it("notifies a hidden page that chose it, not a page in view or one the browser refused", () => {
  hidden(true);
  alertTurn({ sound: false, notify: true }, "Your move", "Tutankhamun");
  expect(shown).toEqual([{ title: "Your move", body: "Tutankhamun" }]);
  hidden(false);
  alertTurn({ sound: false, notify: true }, "Your move", "Tutankhamun");
  FakeNotification.permission = "denied";
  hidden(true);
  alertTurn({ sound: false, notify: true }, "Your move", "Tutankhamun");
  expect(shown.length).toBe(1);
});

it("keeps the choice, asks the browser's permission, and alerts as the turn begins only", async () => {
  const root = document.createElement("div");
  document.body.append(root);
  act(() => render(<TurnAlerts game="Valley" yourTurn={false} />, root));
  const boxes = root.querySelectorAll<HTMLInputElement>("input[type=checkbox]");
  expect(boxes.length).toBe(2);
  expect([...boxes].map((b) => b.checked)).toEqual([false, false]);
  await act(async () => {
    boxes[1]!.click();
  });
  expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(0); // already granted
  expect(loadAlerts()).toEqual({ sound: false, notify: true });
  hidden(true);
  act(() => render(<TurnAlerts game="Valley" yourTurn={true} />, root));
  act(() => render(<TurnAlerts game="Valley" yourTurn={true} />, root)); // the same turn again
  expect(shown).toEqual([{ title: "Your move", body: "Valley" }]);
  render(null, root);
});
