/** A game's rules as the page and the table's panel show them: for a table's options only
 * the paragraphs that hold, unmarked; for no options every paragraph, the conditional ones
 * marked with their condition in the page's words (the catalogue's option labels). */
import { render } from "preact";
import { afterEach, expect, it } from "vitest";
import type { GameInfo } from "../src/api";
import { RulesContent } from "../src/rules/content";
import { loadRules, paragraphText } from "../src/rules/data";

const TUTANKHAMUN: GameInfo = {
  id: "tutankhamun",
  title: "Tutankhamun",
  original_title: "Tutanchamun",
  summary: "",
  players: [2, 6],
  options: [
    {
      name: "edition",
      label: "Edition",
      choices: ["amigo-1993", "ootb-2004"],
      choice_labels: ["Amigo 1993", "Out of the Box 2004"],
      default: "amigo-1993",
      help: "",
    },
  ],
  hidden_information: false,
  bots: [],
  bot_labels: [],
};

afterEach(() => {
  render(null, document.body);
  document.body.innerHTML = "";
});

async function shown(options: Record<string, string> | null): Promise<HTMLElement> {
  await loadRules("en");
  render(<RulesContent game="tutankhamun" options={options} info={TUTANKHAMUN} pictures={false} level={2} />, document.body);
  for (let tries = 0; tries < 50 && !document.querySelector(".rules-goal"); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const text = document.querySelector<HTMLElement>(".rules-text");
  if (!text) throw new Error("no rules drawn");
  return text;
}

it("shows only the table's edition, unmarked", async () => {
  const english = await loadRules("en");
  const [always, amigo, ootb] = (english.games.tutankhamun?.goal ?? []).map(paragraphText);
  const text = await shown({ edition: "ootb-2004" });
  const goal = [...text.querySelectorAll(".rules-goal p")].map((p) => p.textContent?.trim());
  expect(goal).toEqual([always, ootb]);
  expect(text.textContent).not.toContain(amigo);
  expect(text.querySelectorAll(".only")).toHaveLength(0);
  expect([...text.querySelectorAll("h2")].map((h) => h.textContent)).toEqual([
    "Goal",
    "What is in the box",
    "A turn",
    "Scoring and the end",
    "Editions and options",
    "How this site plays it",
  ]);
});

it("shows both editions without options, each marked with its edition", async () => {
  const text = await shown(null);
  const marks = [...text.querySelectorAll(".rules-goal .only")].map((m) => m.textContent);
  expect(marks).toEqual(["Only with: Edition: Amigo 1993", "Only with: Edition: Out of the Box 2004"]);
  expect(text.querySelectorAll(".rules-options .only")).toHaveLength(0);
});
