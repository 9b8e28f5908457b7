/** Web Push in the browser (issue 32, item 6): the service worker (/sw.js) registered
 * and the browser subscribed with the site's VAPID key, the subscription kept for the
 * signed-in account (server/push.py), so that a turn that begins while no page of the
 * table is open still reaches the player. Turning it off unsubscribes the browser and
 * deletes the subscription at the server. */
import { account } from "./api";

/** Whether this browser can take pushes at all (service workers, the Push API and
 * notifications; a page over plain http other than localhost cannot). */
export function pushSupported(): boolean {
  return (
    typeof navigator !== "undefined" &&
    "serviceWorker" in navigator &&
    typeof window !== "undefined" &&
    "PushManager" in window &&
    "Notification" in window &&
    window.isSecureContext
  );
}

function keyBytes(key: string): ArrayBuffer {
  const padded = key.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (key.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return bytes.buffer;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  return navigator.serviceWorker.ready;
}

/** This browser's current subscription, if it has one. */
export async function currentPush(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const found = await navigator.serviceWorker.getRegistration("/");
  return found ? found.pushManager.getSubscription() : null;
}

/** Ask the browser's permission, subscribe it and keep the subscription for the account;
 * false when the permission is refused. */
export async function turnPushOn(): Promise<boolean> {
  if ((await Notification.requestPermission()) !== "granted") return false;
  const { key } = await account.pushKey();
  const ready = await registration();
  const subscription =
    (await ready.pushManager.getSubscription()) ??
    (await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  await account.subscribe(subscription.toJSON());
  return true;
}

/** Unsubscribe this browser and delete its subscription at the server. */
export async function turnPushOff(): Promise<void> {
  const subscription = await currentPush();
  if (!subscription) return;
  await account.unsubscribe(subscription.endpoint);
  await subscription.unsubscribe();
}
