/** The rules page (/rules/GAME?OPTION=VALUE…): a game's rules in the page's language, with
 * a choice of edition and options (kept in the address, so a link shows the same rules);
 * /rules alone lists the games. */
import { useEffect, useState } from "preact/hooks";
import { api, type GameInfo } from "../api";
import { LanguagePicker, useLanguage } from "../i18n";
import { GamePicture } from "../pictures";
import { rulesPath, tutorialPath } from "../route";
import { LessonLinks } from "../tutorial/lessons";
import { RulesContent } from "./content";
import { RULES_GAMES } from "./data";

function useGames(): GameInfo[] {
  const { lang } = useLanguage();
  const [games, setGames] = useState<GameInfo[]>([]);
  useEffect(() => {
    api.games(lang).then(setGames, () => undefined);
  }, [lang]);
  return games;
}

/** A link that moves within the page (no reload). */
function PageLink(props: { href: string; navigate: (path: string) => void; children: preact.ComponentChildren; current?: boolean }) {
  const { href, navigate, children, current = false } = props;
  return (
    <a
      href={href}
      aria-current={current ? "page" : undefined}
      onClick={(event) => {
        event.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}

/** The edition's and options' choice: each option with "every choice" first. */
function OptionsChoice(props: {
  info: GameInfo;
  options: Readonly<Record<string, string>> | null;
  onChange: (options: Record<string, string> | null) => void;
}) {
  const { info, options, onChange } = props;
  const { t } = useLanguage();
  if (info.options.length === 0) return null;
  const change = (name: string, value: string) => {
    const next: Record<string, string> = { ...(options ?? {}) };
    if (value === "") delete next[name];
    else next[name] = value;
    onChange(Object.keys(next).length > 0 ? next : null);
  };
  return (
    <fieldset class="rules-choice">
      <legend>{t("Rules for")}</legend>
      {info.options.map((option) => (
        <label key={option.name}>
          {option.label}{" "}
          <select
            name={option.name}
            value={options?.[option.name] ?? ""}
            onChange={(event) => change(option.name, event.currentTarget.value)}
          >
            <option value="">{t("every choice")}</option>
            {option.choices.map((choice, n) => (
              <option key={choice} value={choice}>
                {option.choice_labels[n] ?? choice}
              </option>
            ))}
          </select>
        </label>
      ))}
    </fieldset>
  );
}

export function RulesPage(props: {
  game: string | null;
  options: Record<string, string> | null;
  navigate: (path: string) => void;
}) {
  const { game, options, navigate } = props;
  const { t } = useLanguage();
  const games = useGames();
  const info = games.find((g) => g.id === game);
  const known = game !== null && RULES_GAMES.includes(game);
  const title = info?.title ?? game ?? "";
  useEffect(() => {
    const before = document.title;
    document.title = known ? `${t("Rules of {game}", { game: title })} · Saqqara` : `${t("Rules")} · Saqqara`;
    return () => {
      document.title = before; // the other pages keep the page's own title
    };
  }, [known, title, t]);
  return (
    <main class="rules-page">
      <header class="table-head">
        <a href="/" class="home" aria-label={t("Lobby")}>
          ☥
        </a>
        <h1>{known ? t("Rules of {game}", { game: title }) : t("Rules")}</h1>
        <LanguagePicker />
      </header>
      <nav class="rules-games" aria-label={t("Games")}>
        {RULES_GAMES.map((id) => (
          <PageLink key={id} href={rulesPath(id)} navigate={navigate} current={id === game}>
            <GamePicture game={id} />
            <span>{games.find((g) => g.id === id)?.title ?? id}</span>
          </PageLink>
        ))}
      </nav>
      {known && game !== null && (
        <article class="rules" aria-label={t("Rules of {game}", { game: title })}>
          {info && (
            <OptionsChoice
              info={info}
              options={options}
              onChange={(next) => {
                navigate(rulesPath(game, next));
              }}
            />
          )}
          <p class="tutorial-offer">
            <PageLink href={tutorialPath(game)} navigate={navigate}>
              {t("Learn to play: a short guided game")}
            </PageLink>{" "}
            <LessonLinks game={game} navigate={navigate} />
          </p>
          <RulesContent game={game} options={options} info={info} pictures={true} level={2} />
        </article>
      )}
      <p>
        <PageLink href="/" navigate={navigate}>
          {t("Back to the lobby")}
        </PageLink>
      </p>
    </main>
  );
}
