/** The rules pages' texts: one JSON file per language in ``texts/`` (English, German, Dutch,
 * Swedish, each in its rulebook's own terms), loaded only when a page or the table needs
 * them (a chunk per language). A file holds, per game, the sections of its rules and a
 * short help text per phase a seat decides in; a paragraph may hold only under some options
 * (``{"when": {"edition": "ootb-2004"}, "text": ...}``). ``test/rules_texts.test.ts`` holds
 * every language to the English file's shape. */
import type { Lang } from "../i18n";

/** The sections of every game's rules, in the order the page shows them. */
export const SECTIONS = ["goal", "components", "turn", "end", "options", "site"] as const;

export type Section = (typeof SECTIONS)[number];

/** A paragraph: always said, or said only where every named option has the given value. */
export type Paragraph = string | { when: Readonly<Record<string, string>>; text: string };

export interface GameRules {
  goal: Paragraph[];
  components: Paragraph[];
  turn: Paragraph[];
  end: Paragraph[];
  options: Paragraph[];
  site: Paragraph[];
  /** What the decision at hand does, by the view's phase. */
  help: Readonly<Record<string, Paragraph[]>>;
}

export interface RulesTexts {
  headings: Readonly<Record<Section | "help" | "only", string>>;
  games: Readonly<Record<string, GameRules>>;
}

/** The games with rules, in the lobby's order. */
export const RULES_GAMES = ["tutankhamun", "valley-of-the-kings", "curse-of-the-mummy", "tutankhamuns-revenge"];

const FILES = import.meta.glob<RulesTexts>("./texts/*.json", { import: "default" });

const loaded = new Map<Lang, Promise<RulesTexts>>();

/** ``lang``'s rules texts (fetched once per page). */
export function loadRules(lang: Lang): Promise<RulesTexts> {
  let found = loaded.get(lang);
  if (found === undefined) {
    const load = FILES[`./texts/${lang}.json`];
    found = load ? load() : Promise.reject(new Error(`no rules in ${lang}`));
    loaded.set(lang, found);
  }
  return found;
}

/** Whether ``paragraph`` holds under ``options`` (every paragraph holds when they are not
 * known: the page then shows them all, each conditional one marked). */
export function holds(paragraph: Paragraph, options: Readonly<Record<string, string>> | null): boolean {
  if (typeof paragraph === "string" || options === null) return true;
  return Object.entries(paragraph.when).every(([name, value]) => options[name] === value);
}

export function paragraphText(paragraph: Paragraph): string {
  return typeof paragraph === "string" ? paragraph : paragraph.text;
}

/** The help for the decision at hand: the paragraphs of the phase that hold under the
 * table's options, or ``[]`` when the game says nothing of it. */
export function helpFor(
  rules: RulesTexts,
  game: string,
  phase: string,
  options: Readonly<Record<string, string>>,
): string[] {
  const paragraphs = rules.games[game]?.help[phase] ?? [];
  return paragraphs.filter((p) => holds(p, options)).map(paragraphText);
}
