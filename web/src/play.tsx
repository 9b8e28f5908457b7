/** Play now (/play): seek a game by game, options, players and ratings; wait (the time
 * waited shown, a cancel button) while the server seats seekers together or, after the
 * chosen wait, with bots; then go to the seat. The page asks after its seek each second:
 * that is what keeps the seek alive (server/play_now.py), and a page closed ends it. A seek
 * the server no longer knows while its page still asks (the server restarted, or a page in
 * the background asked too seldom) is opened again with the same wishes, the time waited
 * kept and counted against the wait for bots. */
import { useEffect, useRef, useState } from "preact/hooks";
import { AccountBar, useAccount } from "./account";
import { ApiError, api, type GameInfo, type SeekState } from "./api";
import { Checkbox } from "./form_fields";
import type { Seek } from "./generated/protocol";
import { LanguagePicker, useLanguage } from "./i18n";
import { OptionFields } from "./option_fields";
import { localPath } from "./route";

/** The waits a seeker may choose before bots take the empty seats (seconds; 0: never). */
const BOT_WAITS = [0, 30, 60, 120, 300] as const;

interface Seeking {
  seek: string;
  key: string;
  game: string;
  players: number;
  bots_after: number | null;
  /** The seconds waited when the server last answered, and when that was (this page's clock). */
  elapsed: number;
  at: number;
  /** What was asked for, to open the seek again if the server loses it. */
  wanted: Seek;
  /** The seconds waited in this page's earlier seeks of the same wishes (lost and opened again). */
  carried: number;
}

/** How often in a row a lost seek is opened again before the page gives up and says so. */
const REOPENS = 3;

export function PlayNowPage(props: { navigate: (path: string) => void }) {
  const { navigate } = props;
  const { t, lang } = useLanguage();
  const { me } = useAccount();
  const [games, setGames] = useState<GameInfo[]>([]);
  const [gameId, setGameId] = useState("");
  const [players, setPlayers] = useState(2);
  const [options, setOptions] = useState<Record<string, string>>({});
  const [low, setLow] = useState("");
  const [high, setHigh] = useState("");
  const [botsAfter, setBotsAfter] = useState<number>(60);
  const [rated, setRated] = useState(false);
  const [name, setName] = useState("");
  const [seeking, setSeeking] = useState<Seeking | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(Date.now());

  useEffect(() => {
    api.games(lang).then(setGames, (e: Error) => setError(e.message));
  }, [lang]);
  const game = games.find((g) => g.id === gameId) ?? games[0];
  useEffect(() => {
    if (!game) return;
    setPlayers((n) => Math.min(Math.max(n, game.players[0], 2), game.players[1]));
    setOptions(Object.fromEntries(game.options.map((o) => [o.name, o.default])));
  }, [game?.id]);

  const seekingRef = useRef<Seeking | null>(null);
  seekingRef.current = seeking;
  const reopening = useRef<{ busy: boolean; count: number }>({ busy: false, count: 0 });
  // A page closed or left ends its seek at once (else it lapses when no longer asked after).
  useEffect(() => {
    const leave = () => {
      const open = seekingRef.current;
      if (open) api.cancelSeekOnLeaving(open.seek, open.key);
    };
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, []);

  const seated = (state: SeekState) => {
    if (state.state !== "seated" || !state.link) return false;
    seekingRef.current = null;
    setSeeking(null);
    navigate(localPath(state.link));
    return true;
  };

  useEffect(() => {
    if (!seeking) return;
    const tick = setInterval(() => setNow(Date.now()), 250);
    const ask = setInterval(() => {
      api.seek(seeking.seek, seeking.key).then(
        (state) => {
          if (seated(state)) return;
          reopening.current.count = 0;
          setSeeking((open) => (open ? { ...open, elapsed: state.elapsed ?? open.elapsed, at: Date.now() } : open));
        },
        (e: unknown) => {
          if (e instanceof ApiError && e.code === "no-seek") void reopen(seeking.seek);
        },
      );
    }, 1000);
    return () => {
      clearInterval(tick);
      clearInterval(ask);
    };
  }, [seeking?.seek]);

  const ended = () => {
    seekingRef.current = null;
    setSeeking(null);
    setError(t("The seek has ended: it was cancelled, or it was not asked after for a while."));
  };

  /** The server has lost seek ``lost`` while this page still waits: open it again. */
  const reopen = async (lost: string) => {
    const open = seekingRef.current;
    const state = reopening.current;
    if (!open || open.seek !== lost || state.busy) return;
    if (state.count >= REOPENS) {
      ended();
      return;
    }
    state.busy = true;
    state.count += 1;
    const carried = open.carried + open.elapsed + (Date.now() - open.at) / 1000;
    const again: Seek = { ...open.wanted };
    if (again.bots_after) again.bots_after = Math.max(1, Math.round(again.bots_after - carried));
    try {
      const opened = await api.openSeek(again);
      if (seekingRef.current?.seek !== lost) {
        // Cancelled (or seated) while it was opened again: the new seek must meet nobody.
        if (opened.state !== "seated" && opened.key) void api.cancelSeek(opened.seek, opened.key).catch(() => undefined);
        return;
      }
      if (seated(opened)) return;
      setSeeking({ ...open, seek: opened.seek, key: opened.key ?? "", elapsed: opened.elapsed ?? 0, at: Date.now(), carried });
    } catch {
      if (seekingRef.current?.seek === lost) ended();
    } finally {
      state.busy = false;
    }
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!game) return;
    const wanted: Seek = { game: game.id, players, options, lang };
    if (low.trim()) wanted.min_rating = Number(low);
    if (high.trim()) wanted.max_rating = Number(high);
    if (botsAfter > 0) wanted.bots_after = botsAfter;
    if (rated && me) wanted.rated = true;
    if (!me && name.trim()) wanted.name = name.trim();
    try {
      const opened = await api.openSeek(wanted);
      setError(null);
      if (seated(opened)) return;
      setSeeking({
        seek: opened.seek,
        key: opened.key ?? "",
        game: wanted.game,
        players: wanted.players,
        bots_after: opened.bots_after ?? null,
        elapsed: opened.elapsed ?? 0,
        at: Date.now(),
        wanted,
        carried: 0,
      });
    } catch (e) {
      setError(
        e instanceof ApiError && e.code === "too-many-tables"
          ? t("Too many tries: wait a little and try again.")
          : (e as Error).message,
      );
    }
  };

  const cancel = async () => {
    const open = seeking;
    if (!open) return;
    try {
      const answer = await api.cancelSeek(open.seek, open.key);
      if (seated(answer)) return;
    } catch (e) {
      if (!(e instanceof ApiError && e.code === "no-seek")) {
        setError((e as Error).message);
        return;
      }
    }
    seekingRef.current = null;
    setSeeking(null);
  };

  const waited = seeking
    ? Math.max(0, Math.floor(seeking.carried + seeking.elapsed + (now - seeking.at) / 1000))
    : 0;
  return (
    <main class="lobby play-now">
      <header class="lobby-head">
        <a
          href="/"
          class="home"
          aria-label={t("Lobby")}
          onClick={(event) => {
            event.preventDefault();
            navigate("/");
          }}
        >
          ☥
        </a>
        <h1>{t("Play now")}</h1>
        <LanguagePicker />
        <AccountBar navigate={navigate} />
        <p>{t("Say what you want to play: you are seated as soon as others want the same.")}</p>
      </header>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {seeking ? (
        <section class="seeking" aria-live="polite" aria-label={t("Looking for players…")}>
          <h2>{t("Looking for players…")}</h2>
          <p class="sought">
            {games.find((g) => g.id === seeking.game)?.title ?? seeking.game} ·{" "}
            {t("{players} players", { players: seeking.players })}
          </p>
          <p class="waited" data-seconds={waited}>
            {t("Waiting for {time}", { time: clockText(waited) })}
          </p>
          <p>
            {seeking.bots_after === null
              ? t("Only people: no bot takes a seat.")
              : t("Bots take the empty seats after {time}.", { time: clockText(seeking.bots_after) })}
          </p>
          <button type="button" onClick={() => void cancel()}>
            {t("Cancel")}
          </button>
        </section>
      ) : (
        game && (
          <form class="create seek-form" aria-label={t("Play now")} onSubmit={(event) => void submit(event)}>
            <label>
              {t("Game")}{" "}
              <select name="game" value={game.id} onChange={(e) => setGameId(e.currentTarget.value)}>
                {games.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.title}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t("Players")}{" "}
              <select name="players" value={players} onChange={(e) => setPlayers(Number(e.currentTarget.value))}>
                {playerCounts(game).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            <OptionFields game={game} chosen={options} onChange={setOptions} />
            <fieldset>
              <legend>{t("Opponents' ratings (optional)")}</legend>
              <label>
                {t("From")}{" "}
                <input
                  name="min_rating"
                  type="number"
                  min={0}
                  max={5000}
                  step={1}
                  value={low}
                  onInput={(e) => setLow(e.currentTarget.value)}
                />
              </label>{" "}
              <label>
                {t("To")}{" "}
                <input
                  name="max_rating"
                  type="number"
                  min={0}
                  max={5000}
                  step={1}
                  value={high}
                  onInput={(e) => setHigh(e.currentTarget.value)}
                />
              </label>
              <p class="hint-text">{t("Guests have no rating: a range meets only signed-in players inside it.")}</p>
            </fieldset>
            <label>
              {t("Bots take the empty seats after")}{" "}
              <select
                name="bots_after"
                value={botsAfter}
                onChange={(e) => setBotsAfter(Number(e.currentTarget.value))}
              >
                {BOT_WAITS.map((seconds) => (
                  <option key={seconds} value={seconds}>
                    {seconds === 0 ? t("Never") : clockText(seconds)}
                  </option>
                ))}
              </select>
            </label>
            {me ? (
              <Checkbox name="rated" checked={rated} onChange={setRated}>
                {t("Rated: the result changes the ratings of players who are signed in")}
              </Checkbox>
            ) : (
              <label>
                {t("Your name (optional)")}{" "}
                <input name="name" maxLength={40} value={name} onInput={(e) => setName(e.currentTarget.value)} />
              </label>
            )}
            <button type="submit">{t("Seek a game")}</button>
          </form>
        )
      )}
    </main>
  );
}

function playerCounts(game: GameInfo): number[] {
  const least = Math.max(2, game.players[0]);
  return Array.from({ length: game.players[1] - least + 1 }, (_, n) => n + least);
}

/** Seconds as a clock reads them: 0:05, 1:30, 5:00. */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
