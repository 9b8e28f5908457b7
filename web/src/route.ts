/** Where the page is: the lobby, play now (/play), a replay of a record file (/replay), a game's rules
 * (/rules/GAME, its options in the query: /rules/tutankhamun?edition=ootb-2004), a game's
 * tutorial (/tutorial/GAME: its first lesson; /tutorial/GAME/LESSON), the
 * account's pages (/sign-in, /sign-up, /account), a game's leaderboard
 * (/leaderboard/GAME?players=N), a player's profile (/players/NAME), or a table with the seat link's seat and
 * key (or a spectator's watch key). Links look like /t/ID?seat=N&key=K and /t/ID?watch=K; a
 * seat of the signed-in account's opens without its key: /t/ID?seat=N. */

export type AccountPageName = "sign-in" | "sign-up" | "account";

export type Route =
  | { page: "lobby" }
  | { page: "play" }
  | { page: "replay" }
  | { page: "rules"; game: string | null; options: Record<string, string> | null }
  | { page: "tutorial"; game: string; lesson: string | null }
  | { page: "sign-in" }
  | { page: "sign-up" }
  | { page: "account" }
  | { page: "leaderboard"; game: string; players: number }
  | { page: "player"; name: string }
  | { page: "table"; table: string; seat: number | null; key: string | null; watch: string | null }
  | { page: "hotseat"; table: string; seats: SeatKeyPair[] };

export function parseRoute(pathname: string, search: string, hash = ""): Route {
  if (/^\/replay\/?$/.test(pathname)) return { page: "replay" };
  if (/^\/play\/?$/.test(pathname)) return { page: "play" };
  const rules = /^\/rules(?:\/([a-z0-9-]{1,64}))?\/?$/.exec(pathname);
  if (rules) return { page: "rules", game: rules[1] ?? null, options: rulesOptions(search) };
  const tutorial = /^\/tutorial\/([a-z0-9-]{1,64})(?:\/([a-z0-9-]{1,64}))?\/?$/.exec(pathname);
  if (tutorial?.[1]) return { page: "tutorial", game: tutorial[1], lesson: tutorial[2] ?? null };
  const account = /^\/(sign-in|sign-up|account)\/?$/.exec(pathname);
  if (account?.[1]) return { page: account[1] as AccountPageName } as Route;
  const board = /^\/leaderboard\/([a-z0-9-]{1,64})\/?$/.exec(pathname);
  if (board?.[1]) {
    const players = /^\d$/.test(new URLSearchParams(search).get("players") ?? "")
      ? Number(new URLSearchParams(search).get("players"))
      : 2;
    return { page: "leaderboard", game: board[1], players };
  }
  const player = /^\/players\/([A-Za-z0-9_-]{1,24})\/?$/.exec(pathname);
  if (player?.[1]) return { page: "player", name: player[1] };
  const match = /^\/t\/([A-Za-z0-9_-]{1,64})\/?$/.exec(pathname);
  if (!match || match[1] === undefined) return { page: "lobby" };
  const seats = parseHotSeat(hash);
  if (seats.length > 0) return { page: "hotseat", table: match[1], seats };
  const params = new URLSearchParams(search);
  const seatText = params.get("seat");
  const seat = seatText !== null && /^\d{1,2}$/.test(seatText) ? Number(seatText) : null;
  return {
    page: "table",
    table: match[1],
    seat,
    key: seat === null ? null : params.get("key"),
    watch: params.get("watch"),
  };
}

export function seatPath(table: string, seat: number, key: string | null): string {
  if (!key) return `/t/${table}?seat=${seat}`; // the signed-in account's own seat
  return `/t/${table}?seat=${seat}&key=${encodeURIComponent(key)}`;
}

/** A full link's path and query (the server hands out absolute links). */
export function localPath(link: string): string {
  const url = new URL(link, window.location.href);
  return url.pathname + url.search;
}

export interface SeatKeyPair {
  seat: number;
  key: string;
}

/** The seats of a hot-seat link's fragment: "#hotseat=0:KEY,1:KEY". */
export function parseHotSeat(hash: string): SeatKeyPair[] {
  const match = /^#hotseat=(.+)$/.exec(hash);
  if (!match?.[1]) return [];
  return match[1]
    .split(",")
    .map((part) => /^(\d{1,2}):([A-Za-z0-9_-]{1,100})$/.exec(part))
    .filter((found): found is RegExpExecArray => found !== null)
    .map((found) => ({ seat: Number(found[1]), key: found[2] ?? "" }));
}

export function hotSeatPath(table: string, seats: SeatKeyPair[]): string {
  return `/t/${table}#hotseat=${seats.map((s) => `${s.seat}:${s.key}`).join(",")}`;
}

/** The options a rules link names (``?edition=ootb-2004``), or ``null`` when it names none:
 * the page then shows every edition's and option's rules. */
function rulesOptions(search: string): Record<string, string> | null {
  const options: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    if (/^[a-z0-9-]{1,40}$/.test(name) && /^[a-z0-9-]{1,40}$/.test(value)) options[name] = value;
  }
  return Object.keys(options).length > 0 ? options : null;
}

/** The link to a game's rules, for a table's options or (``null``) all of them. */
export function rulesPath(game: string, options: Readonly<Record<string, string>> | null = null): string {
  const query = options === null ? "" : new URLSearchParams(Object.entries(options)).toString();
  return `/rules/${game}${query ? `?${query}` : ""}`;
}

/** A game's interactive tutorial: a lesson of it (``null``: its first). */
export function tutorialPath(game: string, lesson: string | null = null): string {
  return lesson === null ? `/tutorial/${game}` : `/tutorial/${game}/${lesson}`;
}

/** A game's leaderboard for a player count (its class: 2, or 3 and more). */
export function leaderboardPath(game: string, players = 2): string {
  return `/leaderboard/${game}${players === 2 ? "" : `?players=${players}`}`;
}

/** A player's public profile. */
export function playerPath(name: string): string {
  return `/players/${encodeURIComponent(name)}`;
}
