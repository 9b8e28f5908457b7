/** A game's rules, in the page's language: its sections (goal, what is in the box, a turn,
 * scoring and the end, editions and options, what the site decides), for the options a table
 * plays (only the paragraphs that hold) or, with ``options`` null, for every edition and
 * option (a paragraph that holds only under some is marked with them, but in the options
 * section, whose paragraphs name their option themselves). The same text is the
 * rules page (/rules/GAME) and the table's "?" panel. */
import { useEffect, useState } from "preact/hooks";
import type { GameInfo } from "../api";
import { useLanguage } from "../i18n";
import { holds, loadRules, type Paragraph, type RulesTexts, SECTIONS } from "./data";
import { pictureNames, RulesPicture } from "./pictures";

/** ``lang``'s rules texts once loaded (``null`` until then), or the reason they are not. */
export function useRulesTexts(): { rules: RulesTexts | null; error: string | null } {
  const { lang } = useLanguage();
  const [state, setState] = useState<{ rules: RulesTexts | null; error: string | null }>({
    rules: null,
    error: null,
  });
  useEffect(() => {
    let current = true;
    loadRules(lang).then(
      (rules) => current && setState({ rules, error: null }),
      (error: Error) => current && setState({ rules: null, error: error.message }),
    );
    return () => {
      current = false;
    };
  }, [lang]);
  return state;
}

/** How a condition reads in the page's language: "Edition: Out of the Box 2004". */
function conditionText(when: Readonly<Record<string, string>>, info: GameInfo | undefined): string {
  return Object.entries(when)
    .map(([name, value]) => {
      const option = info?.options.find((o) => o.name === name);
      const index = option?.choices.indexOf(value) ?? -1;
      const choice = index >= 0 ? (option?.choice_labels[index] ?? value) : value;
      return `${option?.label ?? name}: ${choice}`;
    })
    .join(", ");
}

function ParagraphView(props: { paragraph: Paragraph; only: string; info: GameInfo | undefined; marked: boolean }) {
  const { paragraph, only, info, marked } = props;
  if (typeof paragraph === "string") return <p>{paragraph}</p>;
  return (
    <p class={marked ? "conditional" : undefined}>
      {marked && (
        <span class="only">
          {only} {conditionText(paragraph.when, info)}
        </span>
      )}{" "}
      {paragraph.text}
    </p>
  );
}

export function RulesContent(props: {
  game: string;
  options: Readonly<Record<string, string>> | null;
  /** The game as the lobby's catalogue names it (title, options' labels), when known. */
  info: GameInfo | undefined;
  /** Whether to draw the board pictures (the table's panel leaves them out: its own board
   * is beside it). */
  pictures: boolean;
  /** The heading level of the sections (2 on the page, 3 in a panel under its title). */
  level: 2 | 3;
}) {
  const { game, options, info, pictures, level } = props;
  const { t } = useLanguage();
  const { rules, error } = useRulesTexts();
  if (error !== null) return <p role="alert">{t("The rules are not loaded: {reason}", { reason: error })}</p>;
  if (rules === null) return <p role="status">{t("Loading the rules…")}</p>;
  const texts = rules.games[game];
  if (texts === undefined) return null;
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div class="rules-text" data-rules-game={game}>
      {SECTIONS.map((section) => {
        const shown = texts[section].filter((p) => holds(p, options));
        if (shown.length === 0) return null;
        return (
          <section key={section} class={`rules-section rules-${section}`}>
            <Heading>{rules.headings[section]}</Heading>
            {shown.map((paragraph, n) => (
              <ParagraphView
                key={n}
                paragraph={paragraph}
                only={rules.headings.only}
                info={info}
                marked={options === null && section !== "options"}
              />
            ))}
            {section === "components" && pictures && (
              <div class="rules-pictures">
                {pictureNames(game, options).map((name) => (
                  <RulesPicture key={name} game={game} name={name} caption={pictureCaption(name, info)} />
                ))}
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}

function pictureCaption(name: string, info: GameInfo | undefined): string {
  const edition = info?.options.find((o) => o.name === "edition");
  const index = edition?.choices.findIndex((choice) => name.endsWith(choice)) ?? -1;
  if (edition && index >= 0) return edition.choice_labels[index] ?? name;
  return info?.title ?? name;
}
