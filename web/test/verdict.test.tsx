/** The end screen's sentence names the winner once, in every game and language: a reason
 * that names the one winner (the engines write it ``seat N ...``) is said as a clause with
 * "and won"; any other reason stays in brackets after "Won by ...". The reasons are every
 * end each engine gives (src/saqqara/games/GAME/state.py), worded as the presentations word
 * them (outcome_reason) in English and, for the ones that name a player, in each language
 * from the catalogs. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, expect, it } from "vitest";
import { type Texts, translate } from "../src/i18n";
import { namedSeat, Result, verdict } from "../src/result";

const NAMES = ["Ann", "Bo", "Cy"];
const english = (source: string, fields?: Record<string, string | number>) => translate({}, source, fields);

/** Each game's ends: the engine's reason, the winners, the server's words, the sentence. */
const ENDS: [game: string, cause: string, winners: number[], reason: string, sentence: string][] = [
  ["tutankhamun", "seat 0 reached the goal", [0], "Ann reached the goal", "Ann reached the goal and won."],
  ["tutankhamun", "seat 1 paid the last coin", [1], "Bo paid the last coin", "Bo paid the last coin and won."],
  ["tutankhamun", "reached the goal", [0, 2], "a player reached the goal", "A shared win for Ann and Cy (a player reached the goal)."],
  ["tutankhamun", "paid the last coin", [0, 1], "a player paid the last coin", "A shared win for Ann and Bo (a player paid the last coin)."],
  [
    "tutankhamun",
    "every pawn is past the end",
    [1],
    "every pawn is past the end of the path",
    "Won by Bo (every pawn is past the end of the path).",
  ],
  ["tutankhamun", "the path is empty", [2], "the path is empty", "Won by Cy (the path is empty)."],
  [
    "curse-of-the-mummy",
    "seat 2 played the last task card",
    [2],
    "Cy laid the last task card",
    "Cy laid the last task card and won.",
  ],
  [
    "curse-of-the-mummy",
    "the mummy collected 5 ankhs",
    [0],
    "the mummy collected 5 ankhs",
    "Won by Ann (the mummy collected 5 ankhs).",
  ],
  ["tutankhamuns-revenge", "every card has been dug", [1], "every card has been dug", "Won by Bo (every card has been dug)."],
  [
    "tutankhamuns-revenge",
    "only the card covering the death mask is left",
    [0, 1],
    "only the card covering the death mask is left",
    "A shared win for Ann and Bo (only the card covering the death mask is left).",
  ],
  ["tutankhamuns-revenge", "only one player is left", [2], "only one player is left", "Won by Cy (only one player is left)."],
  [
    "tutankhamuns-revenge",
    "every player passed in a row",
    [0],
    "every player passed in a row",
    "Won by Ann (every player passed in a row).",
  ],
  [
    "valley-of-the-kings",
    "the pharaoh pyramid is finished",
    [1],
    "the pharaoh pyramid is finished",
    "Won by Bo (the pharaoh pyramid is finished).",
  ],
  ["valley-of-the-kings", "every pyramid is finished", [0], "every pyramid is finished", "Won by Ann (every pyramid is finished)."],
  [
    "valley-of-the-kings",
    "the round limit (40) is reached",
    [2],
    "the round limit is reached",
    "Won by Cy (the round limit is reached).",
  ],
];

function outcome(winners: number[], reason: string) {
  return { scores: NAMES.map(() => 0), ranks: NAMES.map((_, s) => (winners.includes(s) ? 1 : 2)), winners, reason };
}

it("covers the ends of all four games", () => {
  expect(new Set(ENDS.map(([game]) => game))).toEqual(
    new Set(["tutankhamun", "curse-of-the-mummy", "tutankhamuns-revenge", "valley-of-the-kings"]),
  );
});

it.each(ENDS)("%s: %s", (_game, cause, winners, reason, sentence) => {
  const said = verdict(english, NAMES, outcome(winners, reason), cause);
  expect(said).toBe(sentence);
  // the winner is named once
  for (const seat of winners) expect(said.split(NAMES[seat]!).length - 1).toBe(1);
});

it("reads a seat only from an engine reason that starts with one", () => {
  expect(namedSeat("seat 3 reached the goal")).toBe(3);
  expect(namedSeat("reached the goal")).toBeNull();
  expect(namedSeat(undefined)).toBeNull();
  // without the engine's reason (an older record) nothing is guessed from the words
  expect(verdict(english, NAMES, outcome([0], "Ann reached the goal"))).toBe("Won by Ann (Ann reached the goal).");
  // a reason naming a seat that is not the one winner keeps the plain form
  expect(verdict(english, NAMES, outcome([1], "Ann reached the goal"), "seat 0 reached the goal")).toBe(
    "Won by Bo (Ann reached the goal).",
  );
});

it("reads well in every language", () => {
  const folder = join(__dirname, "fixtures", "texts");
  const said = (lang: string, reason: string) => {
    const texts = JSON.parse(readFileSync(join(folder, `${lang}.json`), "utf8")) as Texts;
    const t = (source: string, fields?: Record<string, string | number>) => translate(texts, source, fields);
    return verdict(t, NAMES, outcome([2], reason), "seat 2 played the last task card");
  };
  expect(said("de", "Cy hat die letzte Auftragskarte ausgelegt")).toBe(
    "Cy hat die letzte Auftragskarte ausgelegt und gewonnen.",
  );
  expect(said("nl", "Cy heeft de laatste opdrachtkaart gespeeld")).toBe(
    "Cy heeft de laatste opdrachtkaart gespeeld en gewonnen.",
  );
  expect(said("sv", "Cy har lagt sitt sista uppdragskort")).toBe("Cy har lagt sitt sista uppdragskort och vunnit.");
});

afterEach(() => {
  document.body.innerHTML = "";
});

it("shows the sentence on the end screen", () => {
  const root = document.createElement("div");
  document.body.append(root);
  act(() =>
    render(
      <Result
        names={NAMES}
        outcome={outcome([2], "Cy laid the last task card")}
        cause="seat 2 played the last task card"
        onRematch={null}
      />,
      root,
    ),
  );
  expect(root.querySelector(".verdict")?.textContent).toBe("Cy laid the last task card and won.");
});
