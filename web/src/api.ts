/** The server's HTTP API (JSON): the game catalogue, the lobby, creating and joining tables,
 * rematches. Request bodies are typed from the generated protocol schema. */
import type { ClockRequest, CreateTable, Join, Replay, SeatKey, Seek } from "./generated/protocol";
import type { CreatedTutorial } from "./tutorial/script";

export interface GameOption {
  name: string;
  /** The option's name in the page's language. */
  label: string;
  choices: string[];
  /** Each choice's name in the page's language. */
  choice_labels: string[];
  default: string;
  /** What the choices mean (English, from the game's spec). */
  help: string;
}

export interface GameInfo {
  id: string;
  title: string;
  original_title: string;
  summary: string;
  players: [number, number];
  options: GameOption[];
  hidden_information: boolean;
  bots: string[];
  /** The bots' names in the page's language, in the order of ``bots``. */
  bot_labels: string[];
  /** The side each seat plays, where sides differ (Curse of the Mummy), in the page's language. */
  roles?: string[] | null;
}

export interface TableSeat {
  seat: number;
  kind: string;
  name: string;
  bot?: string | null;
  taken?: boolean;
  /** A person seat with no link out: anyone may take it from the lobby. */
  open?: boolean;
  link?: string;
}

export interface TableInfo {
  id: string;
  game: string;
  players: number;
  options: Record<string, string>;
  status: string;
  seats: TableSeat[];
  /** Whether a seat may take back its last action. */
  undo?: boolean;
  /** Whether the result changes the players' ratings. */
  rated?: boolean;
  /** A finished rated table's rating changes by seat, once it is rated. */
  ratings?: Array<{ seat: number; before: number; after: number }>;
  /** The turn clocks' settings (``null``: none). */
  clock?: ClockRequest | null;
}

export interface CreatedTable {
  table: string;
  seats: TableSeat[];
  spectator: string;
  status: string;
}

export interface Joined {
  table: string;
  seat: number;
  link?: string;
}

/** A play-now seek as the server answers it: waiting (the seconds waited) or seated (the
 * seeker's own seat's link). */
export interface SeekState {
  seek: string;
  state: "waiting" | "seated" | "cancelled";
  /** The seek's secret: answered once, when it is made. */
  key?: string;
  elapsed?: number;
  bots_after?: number | null;
  table?: string;
  seat?: number;
  link?: string;
  bots?: number;
}

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The signed-in session's CSRF token (``null``: nobody is signed in): sent with every
 * request that changes something, so the session cookie counts for it (a table made or
 * joined is then the account's). */
let csrf: string | null = null;

export function setCsrf(token: string | null): void {
  csrf = token;
}

async function call<T>(path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    // Sign-in and sign-up need the header before there is a token: any value will do.
    headers["X-Saqqara-CSRF"] = csrf ?? "1";
  }
  return answer<T>(
    await fetch(path, {
      method: body === undefined ? "GET" : "POST",
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      credentials: "same-origin",
    }),
  );
}

async function answer<T>(response: Response): Promise<T> {
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new ApiError("http", `HTTP ${response.status}`);
  }
  if (!response.ok) {
    const error = (data as { error?: { code?: string; message?: string } }).error;
    throw new ApiError(error?.code ?? "http", error?.message ?? `HTTP ${response.status}`);
  }
  return data as T;
}

/** One decision of a finished game's review: the move played and the bot's, and the
 * mover's estimated share of a win before (with the best move) and after (with the move
 * played); ``frame_seq`` is the ``seq`` of the replay frame that shows the move. */
export interface ReviewMove {
  index: number;
  move: number;
  seat: number;
  name: string;
  played: string;
  best: string;
  played_label: string;
  best_label: string;
  before: number | null;
  after: number | null;
  loss: number | null;
  flag: "inaccuracy" | "mistake" | null;
  frame_seq: number;
}

export interface ReviewSeat {
  seat: number;
  name: string;
  decisions: number;
  inaccuracies: number;
  mistakes: number;
  mean_loss: number | null;
}

/** ``GET /api/tables/{id}/review``: pending (with progress) until ready. */
export interface ReviewAnswer {
  status: "pending" | "ready" | "failed";
  done: number;
  total: number;
  names?: string[];
  moves?: ReviewMove[];
  summary?: ReviewSeat[];
}

/** Who asks for a finished table's replay: a seat with its key, or a spectator's key. */
export interface Viewer {
  seat: number | null;
  key: string | null;
  watch: string | null;
}

function viewerQuery(who: Viewer, lang: string): string {
  const query = new URLSearchParams({ lang });
  if (who.seat !== null) {
    query.set("seat", String(who.seat));
    // No key: the signed-in account's own seat (its session opens it).
    if (who.key) query.set("key", who.key);
  } else if (who.watch) {
    query.set("watch", who.watch);
  }
  return query.toString();
}

/** An OpenID Connect provider the site signs in with: its key and its button's name. */
export interface Provider {
  key: string;
  name: string;
}

/** The signed-in account, and its session's CSRF token. */
export interface AccountInfo {
  name: string;
  created_at: number;
}

export interface SignedIn {
  account: AccountInfo | null;
  csrf?: string;
}

/** One table of "my games": its seat's link opens from any device (no key in it). */
export interface MyGame {
  table: string;
  game: string;
  players: number;
  status: string;
  seat: number;
  names: string[];
  created_at: number;
  /** Whether the seat must decide now (``null``: not known at this server process). */
  your_turn: boolean | null;
  link: string;
}

export const account = {
  me: () => call<SignedIn>("/api/account"),
  signUp: (name: string, password: string) =>
    call<SignedIn>("/api/account/sign-up", { name, password }),
  signIn: (name: string, password: string) =>
    call<SignedIn>("/api/account/sign-in", { name, password }),
  signOut: () => call<{ signed_out: boolean }>("/api/account/sign-out", {}),
  signOutEverywhere: () => call<{ signed_out: boolean }>("/api/account/sign-out-everywhere", {}),
  changePassword: (old: string, next: string) =>
    call<SignedIn>("/api/account/password", { old, new: next }),
  /** Delete the account: confirmed by its password, or, for an account without one, by
   * its user name typed again. */
  remove: (confirm: { password: string } | { name: string }) =>
    call<{ deleted: boolean }>("/api/account/delete", confirm),
  /** The first password of an account made by a provider's sign-in (within 10 minutes of
   * signing in). */
  setPassword: (next: string) => call<SignedIn>("/api/account/set-password", { new: next }),
  games: () => call<{ running: MyGame[]; finished: MyGame[] }>("/api/account/games"),
  /** The OpenID Connect providers offered, those linked to the signed-in account, and
   * whether it has a password (``null`` signed out). */
  providers: () =>
    call<{ providers: Provider[]; linked: string[]; password: boolean | null }>("/api/account/providers"),
  /** Unlink a provider from the signed-in account; the providers still linked. */
  unlinkProvider: (key: string) =>
    call<{ linked: string[] }>(`/api/account/oidc/${encodeURIComponent(key)}/unlink`, {}),
  /** Start a sign-in (or a link to the signed-in account) through a provider: the
   * provider's address, where the page goes next. */
  startProvider: (key: string, link: boolean) =>
    call<{ url: string }>(`/api/account/oidc/${encodeURIComponent(key)}/start`, link ? { link: true } : {}),
  claim: (table: string, seat: number, key: string) =>
    call<{ table: string; seat: number; link: string }>("/api/account/seats", { table, seat, key }),
  pushKey: () => call<{ key: string }>("/api/push"),
  pushSubscriptions: () =>
    call<{ subscriptions: { endpoint: string; created_at: number }[] }>("/api/account/push"),
  subscribe: (subscription: PushSubscriptionJSON) =>
    call<{ subscribed: boolean }>("/api/account/push", subscription),
  unsubscribe: (endpoint: string) =>
    call<{ removed: boolean }>("/api/account/push/remove", { endpoint }),
};

/** One place of a leaderboard. */
export interface Leader {
  place: number;
  name: string;
  rating: number;
  games: number;
}

export interface Leaderboard {
  game: string;
  /** The player-count class: "2", or "3+" (three players or more). */
  class: string;
  leaders: Leader[];
}

/** A player's rating at one game and player-count class. */
export interface Standing {
  game: string;
  class: string;
  rating: number;
  games: number;
}

/** One rated game of a player: the rating before and after it. */
export interface RatedGame {
  /** The table's id (``null`` for a table that is not public). */
  table: string | null;
  game: string;
  class: string;
  players: number;
  seat: number;
  rank: number;
  names: string[];
  before: number;
  after: number;
  at: number;
}

export interface Profile {
  name: string;
  created_at: number;
  ratings: Standing[];
  /** Newest first. */
  games: RatedGame[];
}

export const ratings = {
  leaderboard: (game: string, players: number) =>
    call<Leaderboard>(`/api/leaderboard/${encodeURIComponent(game)}?players=${players}`),
  profile: (name: string) => call<Profile>(`/api/players/${encodeURIComponent(name)}`),
};

export const api = {
  games: (lang = "en") =>
    call<{ games: GameInfo[] }>(`/api/games?lang=${encodeURIComponent(lang)}`).then((d) => d.games),
  lobby: () => call<{ tables: TableInfo[] }>("/api/lobby").then((d) => d.tables),
  table: (id: string) => call<TableInfo>(`/api/tables/${id}`),
  create: (request: CreateTable) => call<CreatedTable>("/api/tables", request),
  /** A private table of a lesson of a game's tutorial (``null``: its first), every seat's
   * key and the lesson's script. */
  tutorial: (game: string, lesson: string | null = null) =>
    call<CreatedTutorial>(
      `/api/tutorials/${encodeURIComponent(game)}${lesson === null ? "" : `/${encodeURIComponent(lesson)}`}`,
      {},
    ),
  join: (id: string, request: Join) => call<Joined>(`/api/tables/${id}/join`, request),
  rematch: (id: string, request: SeatKey) =>
    call<{ table: string; rematch_of: string }>(`/api/tables/${id}/rematch`, request),
  openSeek: (request: Seek) => call<SeekState>("/api/seeks", request),
  seek: (id: string, key: string) =>
    call<SeekState>(`/api/seeks/${encodeURIComponent(id)}?key=${encodeURIComponent(key)}`),
  cancelSeek: (id: string, key: string) => call<SeekState>(`/api/seeks/${encodeURIComponent(id)}/cancel`, { key }),
  /** Cancel a seek as the page goes away (a beacon outlives the page). */
  cancelSeekOnLeaving: (id: string, key: string) => {
    const body = new Blob([JSON.stringify({ key })], { type: "application/json" });
    navigator.sendBeacon(`/api/seeks/${encodeURIComponent(id)}/cancel`, body);
  },
  /** A record file's text replayed by the server (the client runs no rules). */
  replayFile: async (text: string, lang: string) =>
    answer<Replay>(
      await fetch(`/api/replay?lang=${encodeURIComponent(lang)}`, {
        method: "POST",
        headers: { "Content-Type": "application/octet-stream" },
        body: text,
      }),
    ),
  /** A finished table's replay, as a spectator saw it. */
  tableReplay: (id: string, who: Viewer, lang: string) =>
    call<Replay>(`/api/tables/${id}/replay?${viewerQuery(who, lang)}`),
  /** A finished table's review (``pending`` while the server works it out). */
  tableReview: (id: string, who: Viewer, lang: string) =>
    call<ReviewAnswer>(`/api/tables/${id}/review?${viewerQuery(who, lang)}`),
};
