/** A lesson's script as the server hands it out (``POST /api/tutorials/GAME/LESSON``, from
 * ``src/saqqara/server/tutorial_scripts/GAME.LESSON.json``), the games' lessons, and what
 * the tutorial page decides from a script: which step is at hand, which legal move it asks
 * for, and whether a click is that move. The step sentences, the lessons' titles and their
 * closing sentences are in ``texts/LANG.json``, by key. */
import type { LegalAction } from "../generated/protocol";
import type { Lang } from "../i18n";

export interface TutorialStep {
  seat: number;
  /** The action's notation; ``null``: the learner may take any legal move. */
  play: string | null;
  /** The key of the learner's sentence for this step (``texts/LANG.json``); a step
   * without one is the page's to play, whoever's seat it is. */
  text?: string;
}

export interface TutorialScript {
  game: string;
  /** The lesson's id, its place among the game's lessons (1, 2, ...) and its title's key. */
  lesson: string;
  part: number;
  title: string;
  players: number;
  options: Record<string, string>;
  learner: number;
  names: string[];
  steps: TutorialStep[];
  /** The key of the closing sentence. */
  finish: string;
}

export interface CreatedTutorial {
  table: string;
  seats: { seat: number; key: string }[];
  script: TutorialScript;
}

/** A step's words: what this kind of decision does and what to do now (``say``), and why
 * another move is not the one asked for (``why``). */
export interface StepTexts {
  say: string;
  why: string;
}

export type TutorialTexts = Readonly<Record<string, StepTexts | string>>;

/** The games with a tutorial, in the lobby's order, each with its lessons in order (the
 * server's ``tutorial_scripts/GAME.LESSON.json``; ``web/test/tutorial.test.ts`` checks the two agree). */
export const TUTORIAL_LESSONS: Readonly<Record<string, readonly string[]>> = {
  tutankhamun: ["basics", "end-of-the-path", "out-of-the-box"],
  "valley-of-the-kings": ["basics", "round-two"],
  "curse-of-the-mummy": ["explorers", "mummy", "boxed-in"],
  "tutankhamuns-revenge": ["basics"],
};

export const TUTORIAL_GAMES = Object.keys(TUTORIAL_LESSONS);

/** The key of a lesson's title in the tutorial texts. */
export function lessonTitle(game: string, lesson: string): string {
  return `${game}.${lesson}.title`;
}

/** A loaded text as a plain string (a title, a finish), or ``null``. */
export function plainText(texts: TutorialTexts | null, key: string): string | null {
  const found = texts?.[key];
  return typeof found === "string" ? found : null;
}

const FILES = import.meta.glob<TutorialTexts>("./texts/*.json", { import: "default" });
const loaded = new Map<Lang, Promise<TutorialTexts>>();

/** ``lang``'s tutorial texts (fetched once per page). */
export function loadTutorialTexts(lang: Lang): Promise<TutorialTexts> {
  let found = loaded.get(lang);
  if (found === undefined) {
    const load = FILES[`./texts/${lang}.json`];
    found = load ? load() : Promise.reject(new Error(`no tutorial texts in ${lang}`));
    loaded.set(lang, found);
  }
  return found;
}

/** The words of a learner's step (``null`` when the texts lack it). */
export function stepTexts(texts: TutorialTexts, key: string | undefined): StepTexts | null {
  const found = key === undefined ? undefined : texts[key];
  return typeof found === "object" ? found : null;
}

/** The legal move a step asks for: the one with its notation; ``null`` when none is (the
 * table is not where the script expects it) or the step takes any move. */
export function expectedMove(step: TutorialStep, legal: readonly LegalAction[]): LegalAction | null {
  if (step.play === null) return null;
  return legal.find((action) => action.notation === step.play) ?? null;
}

/** Whether the learner's click on ``action`` is what ``step`` asks for. */
export function accepts(step: TutorialStep, legal: readonly LegalAction[], action: number): boolean {
  if (step.play === null) return legal.some((l) => l.id === action);
  return expectedMove(step, legal)?.id === action;
}
