/** The tutorials' words and choices: the client's list of lessons is the server's scripts
 * (``src/saqqara/server/tutorial_scripts/GAME.LESSON.json``); every taught step of every
 * lesson has its sentence, and its reason for refusing another move, in all four languages,
 * translated, and every lesson its title and closing sentence; no language has a text no
 * script uses; and a step takes only the move it asks for. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { LegalAction } from "../src/generated/protocol";
import {
  accepts,
  expectedMove,
  type TutorialScript,
  TUTORIAL_GAMES,
  TUTORIAL_LESSONS,
  type TutorialTexts,
} from "../src/tutorial/script";

const LANGS = ["en", "de", "nl", "sv"] as const;
const SCRIPTS = join(__dirname, "..", "..", "src", "saqqara", "server", "tutorial_scripts");

function scripts(): TutorialScript[] {
  return readdirSync(SCRIPTS)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(readFileSync(join(SCRIPTS, name), "utf-8")) as TutorialScript);
}

function texts(lang: string): TutorialTexts {
  return JSON.parse(readFileSync(join(__dirname, "..", "src", "tutorial", "texts", `${lang}.json`), "utf-8")) as TutorialTexts;
}

/** Every text key the scripts use, with whether it is a step's (say and why), a finish
 * or a lesson's title. */
function usedKeys(): Map<string, "step" | "finish" | "title"> {
  const keys = new Map<string, "step" | "finish" | "title">();
  for (const script of scripts()) {
    for (const step of script.steps) if (step.text) keys.set(step.text, "step");
    keys.set(script.finish, "finish");
    keys.set(script.title, "title");
  }
  return keys;
}

describe("the tutorials' texts", () => {
  it("cover every game the lobby offers a tutorial for, lesson by lesson", () => {
    expect([...new Set(scripts().map((s) => s.game))].sort()).toEqual([...TUTORIAL_GAMES].sort());
    for (const game of TUTORIAL_GAMES) {
      const lessons = scripts()
        .filter((s) => s.game === game)
        .sort((a, b) => a.part - b.part)
        .map((s) => s.lesson);
      expect(lessons, game).toEqual(TUTORIAL_LESSONS[game]);
    }
  });

  for (const lang of LANGS) {
    it(`in ${lang} have every step's sentence and reason, and nothing else`, () => {
      const found = texts(lang);
      const english = texts("en");
      const used = usedKeys();
      expect(Object.keys(found).sort()).toEqual([...used.keys()].sort());
      for (const [key, kind] of used) {
        const entry = found[key];
        if (kind !== "step") {
          expect(typeof entry, key).toBe("string");
          expect((entry as string).length, key).toBeGreaterThan(kind === "finish" ? 40 : 5);
          if (lang !== "en") expect(entry, key).not.toEqual(english[key]);
          continue;
        }
        if (typeof entry !== "object") throw new Error(`${lang} lacks ${key}`);
        expect(entry.say.length, key).toBeGreaterThan(15);
        expect(entry.why.length, key).toBeGreaterThan(10);
        const source = english[key];
        if (lang !== "en" && typeof source === "object") {
          expect(entry.say, key).not.toEqual(source.say);
          expect(entry.why, key).not.toEqual(source.why);
        }
      }
    });
  }
});

describe("a tutorial step", () => {
  const legal: LegalAction[] = [
    { id: 3, notation: "take 0", label: "Move to 0" },
    { id: 9, notation: "take 7", label: "Move to 7" },
  ] as LegalAction[];

  it("asks for the legal move of its notation and takes only that one", () => {
    const step = { seat: 0, play: "take 7", text: "tutankhamun.take-pair" };
    expect(expectedMove(step, legal)?.id).toBe(9);
    expect(accepts(step, legal, 9)).toBe(true);
    expect(accepts(step, legal, 3)).toBe(false);
  });

  it("asks for nothing when the table is not where the script expects it", () => {
    const step = { seat: 0, play: "take 12", text: "tutankhamun.take" };
    expect(expectedMove(step, legal)).toBeNull();
    expect(accepts(step, legal, 3)).toBe(false);
  });

  it("takes any legal move where the script says so, and nothing else", () => {
    const step = { seat: 0, play: null, text: "tutankhamun.take" };
    expect(expectedMove(step, legal)).toBeNull();
    expect(accepts(step, legal, 3)).toBe(true);
    expect(accepts(step, legal, 4)).toBe(false);
  });
});
