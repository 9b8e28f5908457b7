/** The rules pages' texts: every language has every section of every game, paragraph for
 * paragraph under the same conditions as the English, translated (not the English copied),
 * and help for every phase in which a seat decides (the phases of the game's view schema
 * that are not chance's). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { helpFor, holds, type Paragraph, RULES_GAMES, type RulesTexts, SECTIONS } from "../src/rules/data";

const LANGS = ["en", "de", "nl", "sv"] as const;

function texts(lang: string): RulesTexts {
  return JSON.parse(readFileSync(join(__dirname, "..", "src", "rules", "texts", `${lang}.json`), "utf-8")) as RulesTexts;
}

/** Phases in which only chance acts (or nobody): they need no help. */
const CHANCE_PHASES = new Set(["setup", "draw", "deal", "roll", "mummy-roll", "reveal", "turning", "revealing", "over"]);

function viewPhases(game: string): string[] {
  const schema = JSON.parse(readFileSync(join(__dirname, "..", "schema", "views", `${game}.json`), "utf-8")) as {
    $defs: Record<string, { properties?: { phase?: { enum?: string[] } } }>;
  };
  const found = Object.values(schema.$defs).find((def) => def.properties?.phase?.enum)?.properties?.phase?.enum;
  if (!found) throw new Error(`no phases in ${game}'s view schema`);
  return found;
}

function shape(paragraphs: Paragraph[]): string[] {
  return paragraphs.map((p) => (typeof p === "string" ? "always" : JSON.stringify(p.when)));
}

function words(paragraphs: Paragraph[]): string[] {
  return paragraphs.map((p) => (typeof p === "string" ? p : p.text));
}

const english = texts("en");

describe("the rules texts", () => {
  it("have every section of every game in English, none empty", () => {
    expect(Object.keys(english.games).sort()).toEqual([...RULES_GAMES].sort());
    for (const game of RULES_GAMES) {
      for (const section of SECTIONS) {
        const paragraphs = english.games[game]?.[section] ?? [];
        expect(paragraphs.length, `${game} ${section}`).toBeGreaterThan(0);
        for (const text of words(paragraphs)) expect(text.trim().length, `${game} ${section}`).toBeGreaterThan(20);
      }
    }
  });

  for (const lang of LANGS.filter((l) => l !== "en")) {
    it(`in ${lang} have every heading, section, paragraph and help line of the English, translated`, () => {
      const translated = texts(lang);
      expect(Object.keys(translated.headings).sort()).toEqual(Object.keys(english.headings).sort());
      expect(Object.keys(translated.games).sort()).toEqual(Object.keys(english.games).sort());
      for (const game of RULES_GAMES) {
        const ours = translated.games[game];
        const theirs = english.games[game];
        if (!ours || !theirs) throw new Error(`${lang} lacks ${game}`);
        for (const section of SECTIONS) {
          expect(shape(ours[section]), `${lang} ${game} ${section}`).toEqual(shape(theirs[section]));
          const pairs = words(ours[section]).map((text, n) => [text, words(theirs[section])[n]]);
          for (const [text, source] of pairs) {
            expect(text?.trim().length, `${lang} ${game} ${section}`).toBeGreaterThan(20);
            expect(text, `${lang} ${game} ${section}: not translated`).not.toEqual(source);
          }
        }
        expect(Object.keys(ours.help).sort()).toEqual(Object.keys(theirs.help).sort());
        for (const [phase, paragraphs] of Object.entries(theirs.help)) {
          expect(shape(ours.help[phase] ?? []), `${lang} ${game} help ${phase}`).toEqual(shape(paragraphs));
          for (const text of words(ours.help[phase] ?? [])) expect(text.trim().length).toBeGreaterThan(20);
        }
      }
    });
  }

  it("help every phase a seat decides in, and only phases the game has", () => {
    for (const game of RULES_GAMES) {
      const deciding = viewPhases(game).filter((phase) => !CHANCE_PHASES.has(phase));
      expect(Object.keys(english.games[game]?.help ?? {}).sort(), game).toEqual(deciding.sort());
    }
  });

  it("help with the table's edition: the nugget in Amigo, the bag of gold in Out of the Box", () => {
    const amigo = helpFor(english, "tutankhamun", "steal", { edition: "amigo-1993" });
    const ootb = helpFor(english, "tutankhamun", "steal", { edition: "ootb-2004" });
    expect(amigo).toHaveLength(1);
    expect(amigo[0]).toContain("gold nugget");
    expect(ootb).toHaveLength(1);
    expect(ootb[0]).toContain("bag of gold");
    expect(helpFor(english, "tutankhamun", "move", { edition: "ootb-2004" })).toHaveLength(1);
    expect(helpFor(english, "tutankhamun", "move", { edition: "amigo-1993" })).toHaveLength(2);
    expect(helpFor(english, "tutankhamun", "over", { edition: "amigo-1993" })).toEqual([]);
    expect(helpFor(english, "no-such-game", "move", {})).toEqual([]);
  });

  it("keep a conditional paragraph for its options, and every paragraph when none are known", () => {
    const paragraph: Paragraph = { when: { experts: "on" }, text: "striped" };
    expect(holds(paragraph, { experts: "on", advanced: "off" })).toBe(true);
    expect(holds(paragraph, { experts: "off" })).toBe(false);
    expect(holds(paragraph, {})).toBe(false);
    expect(holds(paragraph, null)).toBe(true);
    expect(holds("always", { experts: "off" })).toBe(true);
  });
});
