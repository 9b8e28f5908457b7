/** Ratings in the page: a game's leaderboard (per player-count class: two players, or
 * three and more) and a player's profile, with their ratings, a rating chart per game and
 * class (an SVG drawn here from the rated games), and the rated games themselves. Names
 * only: the server sends no key and no private table's id. */
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { ApiError, api, type GameInfo, type Leaderboard, type Profile, type RatedGame, ratings } from "./api";
import { LanguagePicker, type Translate, useLanguage } from "./i18n";
import { leaderboardPath, playerPath } from "./route";

type Navigate = (path: string) => void;

/** A link that moves within the page (a plain link without ``navigate``). */
function Go(props: { path: string; navigate?: Navigate | undefined; children: ComponentChildren; cls?: string }) {
  const { path, navigate, children, cls } = props;
  return (
    <a
      href={path}
      class={cls}
      onClick={(event) => {
        if (!navigate) return;
        event.preventDefault();
        navigate(path);
      }}
    >
      {children}
    </a>
  );
}

function useGames(): GameInfo[] {
  const { lang } = useLanguage();
  const [games, setGames] = useState<GameInfo[]>([]);
  useEffect(() => {
    api.games(lang).then(setGames, () => undefined);
  }, [lang]);
  return games;
}

/** A player-count class in words: "2 players" or "3 or more players". */
export function classText(t: Translate, klass: string): string {
  return klass === "2" ? t("2 players") : t("3 or more players");
}

function Head(props: { title: string }) {
  const { t } = useLanguage();
  return (
    <header class="lobby-head">
      <a href="/" class="home" aria-label={t("Lobby")}>
        ☥
      </a>
      <h1>{props.title}</h1>
      <LanguagePicker />
    </header>
  );
}

export function LeaderboardPage(props: { game: string; players: number; navigate: Navigate }) {
  const { game, players, navigate } = props;
  const { t } = useLanguage();
  const games = useGames();
  const [board, setBoard] = useState<Leaderboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setBoard(null);
    setError(null);
    ratings.leaderboard(game, players).then(setBoard, (e: Error) => setError(e.message));
  }, [game, players]);
  const info = games.find((g) => g.id === game);
  const title = t("Leaderboard: {game}", { game: info?.title ?? game });
  const most = info?.players[1] ?? 2;
  return (
    <main class="ratings-page">
      <Head title={title} />
      <nav class="rating-choices" aria-label={t("Games")}>
        {games.map((g) => (
          <Go key={g.id} path={leaderboardPath(g.id)} navigate={navigate} cls={g.id === game ? "chosen" : ""}>
            {g.title}
          </Go>
        ))}
      </nav>
      {most > 2 && (
        <nav class="rating-choices" aria-label={t("Players")}>
          <Go path={leaderboardPath(game, 2)} navigate={navigate} cls={players === 2 ? "chosen" : ""}>
            {classText(t, "2")}
          </Go>
          <Go path={leaderboardPath(game, 3)} navigate={navigate} cls={players > 2 ? "chosen" : ""}>
            {classText(t, "3+")}
          </Go>
        </nav>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {board &&
        (board.leaders.length === 0 ? (
          <p>{t("No rated games yet.")}</p>
        ) : (
          <table class="leaderboard" aria-label={title} data-class={board.class}>
            <thead>
              <tr>
                <th>{t("Place")}</th>
                <th>{t("Player")}</th>
                <th>{t("Rating")}</th>
                <th>{t("Games")}</th>
              </tr>
            </thead>
            <tbody>
              {board.leaders.map((leader) => (
                <tr key={leader.name} data-player={leader.name}>
                  <td>{leader.place}</td>
                  <td>
                    <Go path={playerPath(leader.name)} navigate={navigate}>
                      {leader.name}
                    </Go>
                  </td>
                  <td class="rating">{leader.rating}</td>
                  <td>{leader.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
    </main>
  );
}

export function ProfilePage(props: { name: string; navigate: Navigate }) {
  const { name, navigate } = props;
  const { t, lang } = useLanguage();
  const games = useGames();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setProfile(null);
    setError(null);
    ratings.profile(name).then(setProfile, (e: unknown) =>
      setError(e instanceof ApiError && e.code === "no-player" ? t("Nobody by that name.") : (e as Error).message),
    );
  }, [name]);
  const title = (id: string) => games.find((g) => g.id === id)?.title ?? id;
  const date = (at: number) => new Date(at * 1000).toLocaleDateString(lang);
  return (
    <main class="ratings-page">
      <Head title={profile?.name ?? name} />
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {profile && (
        <>
          <section aria-label={t("Ratings")} class="standings">
            <h2>{t("Ratings")}</h2>
            {profile.ratings.length === 0 && <p>{t("No rated games yet.")}</p>}
            {profile.ratings.map((standing) => (
              <article key={`${standing.game}-${standing.class}`} class="standing" data-game={standing.game}>
                <h3>
                  <Go
                    path={leaderboardPath(standing.game, standing.class === "2" ? 2 : 3)}
                    navigate={navigate}
                  >
                    {title(standing.game)}
                  </Go>{" "}
                  · {classText(t, standing.class)}
                </h3>
                <p>
                  {t("Rating")}: <strong class="rating">{standing.rating}</strong> · {t("Games")}: {standing.games}
                </p>
                <RatingChart
                  label={t("Rating chart: {game}, {players}", {
                    game: title(standing.game),
                    players: classText(t, standing.class),
                  })}
                  games={profile.games.filter((g) => g.game === standing.game && g.class === standing.class)}
                />
              </article>
            ))}
          </section>
          {profile.games.length > 0 && (
            <section aria-label={t("Rated games")} class="rated-games">
              <h2>{t("Rated games")}</h2>
              <ul>
                {profile.games.map((game) => (
                  <li key={`${game.at}-${game.game}-${game.seat}`} data-rank={game.rank}>
                    {date(game.at)} · {title(game.game)} ·{" "}
                    {t("Place {rank} of {players}", { rank: game.rank, players: game.players })} ·{" "}
                    {game.names.join(", ")} · <Change game={game} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </main>
  );
}

function Change(props: { game: Pick<RatedGame, "before" | "after"> }) {
  const change = props.game.after - props.game.before;
  return (
    <span class={`rating-change ${change >= 0 ? "up" : "down"}`}>
      {props.game.before} → {props.game.after} ({change >= 0 ? `+${change}` : `−${-change}`})
    </span>
  );
}

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 8;

/** The points of a rating chart: the rating before the first game, then after each
 * (``games`` newest first, as the server sends them), scaled into the chart's box. */
export function chartPoints(games: RatedGame[], width = WIDTH, height = HEIGHT): Array<[number, number, number]> {
  const oldest = [...games].reverse();
  const first = oldest[0];
  if (!first) return [];
  const values = [first.before, ...oldest.map((g) => g.after)];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const step = (width - 2 * PAD) / Math.max(values.length - 1, 1);
  return values.map((value, n) => [
    PAD + n * step,
    PAD + ((high - value) / span) * (height - 2 * PAD),
    value,
  ]);
}

/** A player's rating over their rated games of one game and class, as an SVG line. */
export function RatingChart(props: { games: RatedGame[]; label: string }) {
  const points = chartPoints(props.games);
  if (points.length === 0) return null;
  const values = points.map((p) => p[2]);
  return (
    <svg
      class="rating-chart"
      role="img"
      aria-label={props.label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
    >
      <title>{props.label}</title>
      <text x={2} y={10} class="axis">
        {Math.max(...values)}
      </text>
      <text x={2} y={HEIGHT - 2} class="axis">
        {Math.min(...values)}
      </text>
      <polyline fill="none" points={points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ")} />
      {points.map(([x, y, value], n) => (
        <circle key={n} cx={x.toFixed(1)} cy={y.toFixed(1)} r={3} data-rating={value}>
          <title>{String(value)}</title>
        </circle>
      ))}
    </svg>
  );
}

/** At the end of a rated table: each rated seat's rating before and after it. The rating
 * is made just after the end, so the table is asked again a few times until it shows. */
export function TableRatings(props: { table: string; game: string; names: string[]; navigate?: Navigate | undefined }) {
  const { table, names, navigate } = props;
  const { t } = useLanguage();
  const [changes, setChanges] = useState<Array<{ seat: number; before: number; after: number }> | null>(null);
  useEffect(() => {
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      tries += 1;
      api.table(table).then(
        (info) => {
          if (!info.rated) return;
          if (info.ratings && info.ratings.length > 0) setChanges(info.ratings);
          else if (tries < 20) timer = setTimeout(ask, 500);
        },
        () => undefined,
      );
    };
    ask();
    return () => clearTimeout(timer);
  }, [table]);
  if (!changes) return null;
  return (
    <section class="table-ratings" aria-label={t("Ratings")}>
      <h3>{t("Ratings")}</h3>
      <ul>
        {changes.map((change) => (
          <li key={change.seat} data-seat={change.seat}>
            {names[change.seat] ?? ""}:{" "}
            <Change game={{ before: change.before, after: change.after }} />
          </li>
        ))}
      </ul>
      <Go path={leaderboardPath(props.game)} navigate={navigate}>
        {t("Leaderboard")}
      </Go>
    </section>
  );
}
