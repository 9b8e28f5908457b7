// The site's service worker (served at /sw.js, scope: the whole site). It shows the turns
// that Web Push brings while no page of the table is open (server/push.py: the payload is
// the game, the table, the seat's link and the words, never anything of the position),
// and a click on one opens the table, or focuses a page that already shows it.
self.addEventListener("push", (event) => {
  let turn = null;
  try {
    turn = event.data ? event.data.json() : null;
  } catch {
    turn = null;
  }
  if (!turn || turn.type !== "turn" || typeof turn.url !== "string") return;
  event.waitUntil(
    self.registration.showNotification(String(turn.title || ""), {
      body: String(turn.body || ""),
      tag: `saqqara-turn-${turn.table}`,
      data: { url: turn.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const wanted = new URL(event.notification.data?.url || "/", self.location.origin);
  if (wanted.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((pages) => {
      for (const page of pages) {
        const shown = new URL(page.url);
        if (shown.pathname === wanted.pathname && "focus" in page) return page.focus();
      }
      return self.clients.openWindow(wanted.href);
    }),
  );
});
