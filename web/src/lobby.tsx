/** The lobby: the four games, creating a table (options, player count, people or bots
 * with a level), the new table's invite links, and the open tables to join or watch. */
import { useEffect, useState } from "preact/hooks";
import { AccountBar, MyGames, useAccount } from "./account";
import { ApiError, api, type CreatedTable, type GameInfo, type TableInfo } from "./api";
import { Checkbox } from "./form_fields";
import type { ClockRequest, CreateTable, SeatRequest } from "./generated/protocol";
import { LanguagePicker, useLanguage } from "./i18n";
import { OptionFields } from "./option_fields";
import { GamePicture } from "./pictures";
import { hotSeatPath, leaderboardPath, localPath, rulesPath, tutorialPath } from "./route";
import { LessonLinks } from "./tutorial/lessons";

interface SeatChoice {
  /** ``person``: someone the creator sends the seat's link; ``open``: anyone in the lobby. */
  kind: "person" | "open" | "bot";
  bot: string;
  name: string;
}

export function Lobby(props: { navigate: (path: string) => void }) {
  const { navigate } = props;
  const [games, setGames] = useState<GameInfo[]>([]);
  const [tables, setTables] = useState<TableInfo[]>([]);
  const [chosen, setChosen] = useState<GameInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { t, lang } = useLanguage();

  useEffect(() => {
    api.games(lang).then(setGames, (e: Error) => setError(e.message));
  }, [lang]);

  useEffect(() => {
    const refresh = () => api.lobby().then(setTables, () => undefined);
    void refresh();
    const timer = setInterval(refresh, 5000);
    return () => clearInterval(timer);
  }, []);

  const join = async (table: TableInfo) => {
    try {
      const joined = await api.join(table.id, {});
      if (joined.link) navigate(localPath(joined.link));
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <main class="lobby">
      <header class="lobby-head">
        <h1>☥ Saqqara</h1>
        <LanguagePicker />
        <AccountBar navigate={navigate} />
        <p>{t("Four Egyptian board games to play with friends and bots.")}</p>
      </header>
      {error && <p class="error" role="alert">{error}</p>}
      <p class="play-now-link">
        <a
          href="/play"
          onClick={(event) => {
            event.preventDefault();
            navigate("/play");
          }}
        >
          {t("Play now")}
        </a>{" "}
        · {t("Say what you want to play: you are seated as soon as others want the same.")}
      </p>
      <MyGames navigate={navigate} titles={Object.fromEntries(games.map((g) => [g.id, g.title]))} />
      <section aria-label={t("Games")} class="games">
        {games.map((game) => (
          <article key={game.id} class={`game${chosen?.id === game.id ? " chosen" : ""}`}>
            <GamePicture game={game.id} />
            <div>
              <h2>{game.title}</h2>
              {game.original_title !== game.title && <p class="original">{game.original_title}</p>}
              <p>{game.summary}</p>
              <button type="button" data-game={game.id} onClick={() => setChosen(game)}>
                {t("New table")}
              </button>{" "}
              <a
                class="rules-link"
                href={rulesPath(game.id)}
                data-rules={game.id}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(rulesPath(game.id));
                }}
              >
                {t("Rules")}
              </a>{" "}
              <a
                class="tutorial-link"
                href={tutorialPath(game.id)}
                data-tutorial={game.id}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(tutorialPath(game.id));
                }}
              >
                {t("Learn to play")}
              </a>{" "}
              <LessonLinks game={game.id} navigate={navigate} />{" "}
              <a
                class="leaderboard-link"
                href={leaderboardPath(game.id)}
                data-leaderboard={game.id}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(leaderboardPath(game.id));
                }}
              >
                {t("Leaderboard")}
              </a>
            </div>
          </article>
        ))}
      </section>
      {chosen && (
        <CreateForm key={chosen.id} game={games.find((g) => g.id === chosen.id) ?? chosen} navigate={navigate} />
      )}
      <section aria-label={t("Open tables")} class="open-tables">
        <h2>{t("Open tables")}</h2>
        {tables.length === 0 ? (
          <p>{t("No table is waiting for players right now.")}</p>
        ) : (
          <ul>
            {tables.map((table) => (
              <li key={table.id}>
                {games.find((g) => g.id === table.game)?.title ?? table.game} ·{" "}
                {t("{players} players", { players: table.players })} ·{" "}
                {t("{count} free", {
                  count: table.seats.filter((s) => s.open).length,
                })}{" "}
                {table.rated && (
                  <>
                    <span class="rated-mark">{t("Rated")}</span>{" "}
                  </>
                )}
                <button type="button" onClick={() => void join(table)}>
                  {t("Join")}
                </button>{" "}
                <a href={`/t/${table.id}`}>{t("Watch")}</a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label={t("Replay a record file")} class="open-tables replay-link">
        <h2>{t("Replay")}</h2>
        <p>
          <a
            href="/replay"
            onClick={(event) => {
              event.preventDefault();
              navigate("/replay");
            }}
          >
            {t("Replay a record file")}
          </a>{" "}
          · {t("Drop a saqqara record file (.json or .jsonl) on the page, or choose one.")}
        </p>
      </section>
    </main>
  );
}

function defaultBot(game: GameInfo): string {
  return ["heuristic", "greedy", "random"].find((b) => game.bots.includes(b)) ?? game.bots[0] ?? "random";
}

function CreateForm(props: { game: GameInfo; navigate: (path: string) => void }) {
  const { game, navigate } = props;
  const { t } = useLanguage();
  const { me } = useAccount();
  const [players, setPlayers] = useState(game.players[0]);
  const [options, setOptions] = useState<Record<string, string>>(
    Object.fromEntries(game.options.map((o) => [o.name, o.default])),
  );
  const [seats, setSeats] = useState<SeatChoice[]>(
    Array.from({ length: game.players[1] }, (_, n) => ({
      kind: n === 0 ? "person" : "bot",
      bot: defaultBot(game),
      name: "",
    })),
  );
  const [clock, setClock] = useState<ClockChoice>(NO_CLOCK);
  const [undo, setUndo] = useState(false);
  const [hints, setHints] = useState(false);
  const [spectatorChat, setSpectatorChat] = useState(false);
  const [rated, setRated] = useState(false);
  const [withBots, setWithBots] = useState(false);
  const [created, setCreated] = useState<CreatedTable | null>(null);
  const [error, setError] = useState<string | null>(null);

  const hasBots = seats.slice(0, players).some((seat) => seat.kind === "bot");
  const change = (index: number, patch: Partial<SeatChoice>) =>
    setSeats(seats.map((seat, n) => (n === index ? { ...seat, ...patch } : seat)));

  const create = async (event: Event) => {
    event.preventDefault();
    // Signed in: the first person seat is the creator's own, kept in their games (and
    // named after the account unless named here).
    const mine = me ? seats.slice(0, players).findIndex((seat) => seat.kind === "person") : -1;
    const wanted: SeatRequest[] = seats.slice(0, players).map((seat, n) =>
      seat.kind === "bot"
        ? { kind: "bot", bot: seat.bot }
        : seat.kind === "open"
          ? { kind: "person", open: true }
          : { kind: "person", name: seat.name.trim() || (n === mine ? me : null) || null },
    );
    try {
      const request: CreateTable = { game: game.id, options, seats: wanted as never };
      if (mine >= 0) request.mine = mine;
      const limits = clockRequest(clock);
      if (limits) request.clock = limits;
      if (undo) request.undo = true;
      if (spectatorChat) request.spectator_chat = true;
      if (hints && !(rated && me)) request.hints = true; // never at a rated table
      // Rated for the signed-in only: a guest's own seat would leave the table unrated.
      if (rated && me) request.rated = true;
      if (rated && me && withBots && hasBots) request.rated_with_bots = true;
      setCreated(await api.create(request));
      setError(null);
    } catch (e) {
      setError(
        e instanceof ApiError && e.code === "not-rateable"
          ? t("A rated table needs two people or more, and counts bots only when you say so.")
          : (e as Error).message,
      );
    }
  };

  if (created) return <Invites created={created} navigate={navigate} />;
  const counts = Array.from({ length: game.players[1] - game.players[0] + 1 }, (_, n) => n + game.players[0]);
  return (
    <form class="create" onSubmit={(event) => void create(event)} aria-label={t("New table: {game}", { game: game.title })}>
      <h2>{t("New table: {game}", { game: game.title })}</h2>
      <label>
        {t("Players")}{" "}
        <select name="players" value={players} onChange={(e) => setPlayers(Number(e.currentTarget.value))}>
          {counts.map((n) => (
            <option key={n} value={n}>{n}</option>
          ))}
        </select>
      </label>
      <OptionFields game={game} chosen={options} onChange={setOptions} />
      <ol class="seat-choices">
        {seats.slice(0, players).map((seat, index) => (
          <li key={index}>
            {game.roles?.[index] && <span class="role">{game.roles[index]} </span>}
            <select
              aria-label={t("Seat {number}", { number: index + 1 })}
              name={`seat-${index}`}
              value={seat.kind}
              onChange={(e) => change(index, { kind: e.currentTarget.value as SeatChoice["kind"] })}
            >
              <option value="person">{t("Person")}</option>
              <option value="open">{t("Anyone from the lobby")}</option>
              <option value="bot">{t("Bot")}</option>
            </select>{" "}
            {seat.kind === "open" ? null : seat.kind === "bot" ? (
              <select
                aria-label={t("Bot level of seat {number}", { number: index + 1 })}
                value={seat.bot}
                onChange={(e) => change(index, { bot: e.currentTarget.value })}
              >
                {game.bots.map((bot, n) => (
                  <option key={bot} value={bot}>{game.bot_labels[n] ?? bot}</option>
                ))}
              </select>
            ) : (
              <input
                aria-label={t("Name of seat {number}", { number: index + 1 })}
                placeholder={t("Player {number}", { number: index + 1 })}
                maxLength={40}
                value={seat.name}
                onInput={(e) => change(index, { name: e.currentTarget.value })}
              />
            )}
          </li>
        ))}
      </ol>
      <ClockFields clock={clock} onChange={setClock} />
      <Checkbox name="undo" checked={undo} onChange={setUndo}>
        {t("Allow undo (take back your last move)")}
      </Checkbox>
      <Checkbox name="spectator_chat" checked={spectatorChat} onChange={setSpectatorChat}>
        {t("Spectators may chat too")}
      </Checkbox>
      {!(me && rated) && (
        <Checkbox name="hints" checked={hints} onChange={setHints}>
          {t("Allow hints (ask what the bot would play)")}
        </Checkbox>
      )}
      {me && (
        <Checkbox name="rated" checked={rated} onChange={setRated}>
          {t("Rated: the result changes the ratings of players who are signed in")}
        </Checkbox>
      )}
      {me && rated && hasBots && (
        <Checkbox name="rated-with-bots" checked={withBots} onChange={setWithBots}>
          {t("Rated with bots too (each bot plays at the starting rating)")}
        </Checkbox>
      )}
      {error && <p class="error" role="alert">{error}</p>}
      <button type="submit">{t("Create table")}</button>
    </form>
  );
}

function Invites(props: { created: CreatedTable; navigate: (path: string) => void }) {
  const { created, navigate } = props;
  const { t } = useLanguage();
  const copy = (text: string) => void navigator.clipboard?.writeText(text);
  const people = created.seats
    .filter((seat) => seat.link)
    .map((seat) => ({ seat: seat.seat, key: new URL(seat.link ?? "", location.href).searchParams.get("key") ?? "" }));
  return (
    <section class="invites" aria-label={t("Invite links")}>
      <h2>{t("Table ready")}</h2>
      <p>
        {people.length > 0
          ? t("Send each person their own link; keep yours.")
          : created.seats.some((seat) => seat.kind === "person")
            ? t("The open seats wait in the lobby for anyone who joins.")
            : t("Only bots sit here: they play at once. Watch with the spectators' link.")}
      </p>
      {people.length > 1 && (
        <p>
          <button type="button" class="hotseat" onClick={() => navigate(hotSeatPath(created.table, people))}>
            {t("Play all {count} people's seats on this device (hot-seat)", { count: people.length })}
          </button>
        </p>
      )}
      <ul>
        {created.seats.map((seat) =>
          seat.link ? (
            <li key={seat.seat}>
              {seat.name}: <code>{seat.link}</code>{" "}
              <button type="button" onClick={() => copy(seat.link ?? "")}>{t("Copy")}</button>{" "}
              <button type="button" class="play" onClick={() => navigate(localPath(seat.link ?? "/"))}>
                {t("Play this seat")}
              </button>
            </li>
          ) : seat.open ? (
            <li key={seat.seat}>{t("{name}: open to anyone in the lobby", { name: seat.name })}</li>
          ) : (
            <li key={seat.seat}>{t("{name} (bot)", { name: seat.name })}</li>
          ),
        )}
        <li>
          {t("Spectators")}: <code>{created.spectator}</code>{" "}
          <button type="button" onClick={() => copy(created.spectator)}>{t("Copy")}</button>
        </li>
      </ul>
    </section>
  );
}

/** The create form's clock choice: none, seconds per move, days per move (a turn-based
 * table, played over days: each player's move may wait for them), or minutes per game,
 * and what running out of time does. */
export interface ClockChoice {
  kind: "none" | "move" | "days" | "game";
  /** Seconds per move, days per move, or minutes per game. */
  amount: number;
  onTimeout: "bot" | "lose";
}

export const NO_CLOCK: ClockChoice = { kind: "none", amount: 60, onTimeout: "bot" };

/** The clock part of a create-table request (``null``: no clock). */
export function clockRequest(choice: ClockChoice): ClockRequest | null {
  if (choice.kind === "none" || !(choice.amount > 0)) return null;
  if (choice.kind === "move") return { move: choice.amount, on_timeout: choice.onTimeout };
  if (choice.kind === "days") return { move: choice.amount * 86400, on_timeout: choice.onTimeout };
  return { game: choice.amount * 60, on_timeout: choice.onTimeout };
}

function ClockFields(props: { clock: ClockChoice; onChange: (clock: ClockChoice) => void }) {
  const { clock, onChange } = props;
  const { t } = useLanguage();
  return (
    <fieldset class="clock-choice">
      <legend>{t("Clock")}</legend>
      <select
        name="clock"
        aria-label={t("Clock")}
        value={clock.kind}
        onChange={(e) => {
          const kind = e.currentTarget.value as ClockChoice["kind"];
          onChange({ ...clock, kind, amount: kind === "game" ? 10 : kind === "days" ? 1 : 60 });
        }}
      >
        <option value="none">{t("no clock")}</option>
        <option value="move">{t("time per move")}</option>
        <option value="days">{t("days per move (turn-based)")}</option>
        <option value="game">{t("time per game")}</option>
      </select>
      {clock.kind !== "none" && (
        <>
          {" "}
          <label>
            <input
              type="number"
              name="clock-amount"
              min={1}
              max={clock.kind === "game" ? 10080 : clock.kind === "days" ? 7 : 604800}
              value={clock.amount}
              onInput={(e) => onChange({ ...clock, amount: Number(e.currentTarget.value) })}
            />{" "}
            {clock.kind === "move"
              ? t("seconds per move")
              : clock.kind === "days"
                ? t("days per move")
                : t("minutes per game")}
          </label>{" "}
          <label>
            {t("When time runs out")}{" "}
            <select
              name="on-timeout"
              value={clock.onTimeout}
              onChange={(e) =>
                onChange({ ...clock, onTimeout: e.currentTarget.value as ClockChoice["onTimeout"] })
              }
            >
              <option value="bot">{t("a bot plays for them")}</option>
              <option value="lose">{t("the player loses")}</option>
            </select>
          </label>
        </>
      )}
    </fieldset>
  );
}
