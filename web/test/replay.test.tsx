/** Replays in the page: for the replay the server answers for a record of each game
 * (scripts/web_data.py --fixtures), the buttons and the keyboard step through every frame,
 * the board and the log follow, and the end shows the result or says the record stops. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import type { Replay } from "../src/generated/protocol";
import { LanguageContext, translate } from "../src/i18n";
import { ReplayView, eventsUpTo, stepFor } from "../src/replay";

const folder = join(__dirname, "fixtures", "replays");
const files = readdirSync(folder).filter((name) => name.endsWith(".json"));

function mount(node: preact.JSX.Element): HTMLElement {
  const root = document.createElement("div");
  document.body.append(root);
  act(() => render(node, root));
  return root;
}

function step(root: HTMLElement): number {
  return Number(root.querySelector("main.replay")?.getAttribute("data-step"));
}

function click(root: HTMLElement, selector: string): void {
  const button = root.querySelector<HTMLButtonElement>(selector);
  if (!button) throw new Error(`no ${selector}`);
  act(() => button.click());
}

function press(key: string): void {
  act(() => {
    window.dispatchEvent(new KeyboardEvent("keydown", { key }));
  });
}

afterEach(() => {
  act(() => render(null, document.body));
  document.body.innerHTML = "";
});

describe("stepFor", () => {
  it("steps with the arrows and jumps with Home and End, within the frames", () => {
    expect(stepFor("ArrowRight", 0, 5)).toBe(1);
    expect(stepFor("ArrowRight", 4, 5)).toBe(4);
    expect(stepFor("ArrowLeft", 0, 5)).toBe(0);
    expect(stepFor("ArrowLeft", 3, 5)).toBe(2);
    expect(stepFor("Home", 3, 5)).toBe(0);
    expect(stepFor("End", 0, 5)).toBe(4);
    expect(stepFor("a", 2, 5)).toBeNull();
  });
});

it("has a replay of every game", () => {
  expect(files.length).toBe(4);
});

for (const file of files) {
  const replay = JSON.parse(readFileSync(join(folder, file), "utf8")) as Replay;
  describe(`replay of ${file.replace(".json", "")}`, () => {
    it("steps through every frame with the buttons and the keys", () => {
      const count = replay.frames.length;
      expect(count).toBeGreaterThan(2);
      const root = mount(<ReplayView replay={replay} title="a game" />);
      expect(step(root)).toBe(0);
      expect(root.querySelector(".step")?.textContent).toBe("The start of the game");
      expect(root.querySelector<HTMLButtonElement>("button.first")?.disabled).toBe(true);
      expect(root.querySelector("svg")).not.toBeNull();
      click(root, "button.next");
      expect(step(root)).toBe(1);
      expect(root.querySelector(".step")?.textContent).toBe(`Step 1 of ${count - 1}`);
      press("ArrowRight");
      press("ArrowRight");
      expect(step(root)).toBe(3);
      press("ArrowLeft");
      expect(step(root)).toBe(2);
      const shown = root.querySelectorAll(".log li").length;
      expect(shown).toBe(Math.min(60, eventsUpTo(replay, 2).length));
      press("End");
      expect(step(root)).toBe(count - 1);
      expect(root.querySelector<HTMLButtonElement>("button.next")?.disabled).toBe(true);
      if (replay.outcome) {
        expect(root.querySelector(".result")?.textContent).toContain("Game over");
        expect(root.querySelector(".result .rematch")).toBeNull();
        const parts = (replay.breakdown ?? []).reduce((n, line) => n + line.parts.length, 0);
        expect(parts).toBeGreaterThan(0);
        expect(root.querySelectorAll(".result .parts li")).toHaveLength(parts);
      } else {
        expect(root.textContent).toContain("The record stops before the end of the game.");
      }
      click(root, "button.first");
      expect(step(root)).toBe(0);
      press("Home");
      expect(step(root)).toBe(0);
    });
  });
}

it("says everything in the page's language", () => {
  const replay = JSON.parse(readFileSync(join(folder, files[0] ?? ""), "utf8")) as Replay;
  const texts = { Next: "Weiter", "Step {step} of {steps}": "Schritt {step} von {steps}" };
  const german = {
    lang: "de" as const,
    t: (source: string, fields?: Record<string, string | number>) => translate(texts, source, fields),
    setLang: () => undefined,
    ready: true,
  };
  const root = mount(
    <LanguageContext.Provider value={german}>
      <ReplayView replay={replay} title="x" />
    </LanguageContext.Provider>,
  );
  expect(root.querySelector("button.next")?.textContent).toContain("Weiter");
  click(root, "button.next");
  expect(root.querySelector(".step")?.textContent).toBe(`Schritt 1 von ${replay.frames.length - 1}`);
});
