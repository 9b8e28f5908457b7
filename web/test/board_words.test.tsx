/** The boards' own words follow the page's language: the pending choice's Confirm and Clear
 * buttons switch from English to German once the German catalog has arrived; the names of
 * what the boards draw from the views' slugs (Revenge's cards, the mummy's symbols) are
 * translated in every language by the texts the site serves, and drawn so. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { Board } from "../src/boards";
import { type Composer, ComposerPanel } from "../src/boards/compose";
import { nameLines } from "../src/boards/view";
import type { LegalAction } from "../src/generated/protocol";
import {
  BOARD_WORDS,
  fillNodes,
  type Lang,
  LanguageContext,
  type Texts,
  translate,
  useLanguage,
  useLanguageState,
} from "../src/i18n";

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = "";
});

it("names the composer's buttons in the chosen language", async () => {
  const german: Texts = { Confirm: "Bestätigen", Clear: "Verwerfen" };
  const load = (lang: Lang) => Promise.resolve(lang === "de" ? german : {});
  const action = { id: 7, notation: "bid 2 3", label: "Bid 3 at group 2" } as LegalAction;
  const composer: Composer = {
    offer: null,
    pending: { action, text: "3 rings" },
    activeKey: "group 2",
    open: () => undefined,
    choose: () => undefined,
    confirm: () => undefined,
    clear: () => undefined,
  };
  let switchTo: (lang: Lang) => void = () => undefined;
  function Switch() {
    switchTo = useLanguage().setLang;
    return null;
  }
  function Page() {
    return (
      <LanguageContext.Provider value={useLanguageState(load)}>
        <Switch />
        <ComposerPanel composer={composer} />
      </LanguageContext.Provider>
    );
  }
  const root = document.createElement("div");
  document.body.append(root);
  await act(async () => {
    render(<Page />, root);
  });
  const buttons = () => [...root.querySelectorAll("button")].map((button) => button.textContent);
  expect(buttons()).toEqual(["Confirm", "Clear"]);
  act(() => switchTo("de"));
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  expect(buttons()).toEqual(["Bestätigen", "Verwerfen"]);
});

/** The texts the site serves in each language (scripts/web_data.py --fixtures). */
function servedTexts(lang: Lang): Texts {
  if (lang === "en") return {};
  return JSON.parse(readFileSync(join(__dirname, "fixtures", "texts", `${lang}.json`), "utf8")) as Texts;
}

interface Position {
  game: string;
  seat: number;
  view: Record<string, unknown>;
  legal: LegalAction[];
}

function positions(game: string): Position[] {
  return JSON.parse(readFileSync(join(__dirname, "fixtures", `${game}.json`), "utf8")) as Position[];
}

/** ``board`` drawn with ``texts`` as the page's catalog; the text it shows, lines joined and
 * the hyphens of broken names taken out. */
function drawn(board: preact.JSX.Element, texts: Texts): string {
  const language = { lang: "de" as Lang, t: (source: string, fields?: Record<string, string | number>) => translate(texts, source, fields), setLang: () => undefined, ready: true };
  const root = document.createElement("div");
  document.body.append(root);
  act(() => render(<LanguageContext.Provider value={language}>{board}</LanguageContext.Provider>, root));
  const lines = [...root.querySelectorAll("text.card-name")].map((text) =>
    [...text.querySelectorAll("tspan")].map((span) => span.textContent ?? "").join(" ").replace(/- /g, ""),
  );
  return [...lines, root.textContent ?? ""].join("\n");
}

const LANGS: Lang[] = ["de", "nl", "sv"];

describe("the board words in every language", () => {
  for (const lang of LANGS) {
    it(`${lang}: every card and symbol a board draws has a translation`, () => {
      const texts = servedTexts(lang);
      for (const [game, kinds] of Object.entries(BOARD_WORDS)) {
        for (const [kind, names] of Object.entries(kinds)) {
          for (const [slug, english] of Object.entries(names)) {
            expect(texts[english]?.trim(), `${lang} ${game} ${kind} ${slug}`).toBeTruthy();
          }
        }
      }
    });

    it(`${lang}: Revenge's stacks name their cards in the page's language`, () => {
      const cards = Object.keys(BOARD_WORDS["tutankhamuns-revenge"]?.cards ?? {});
      expect(cards).toHaveLength(16);
      const position = positions("tutankhamuns-revenge").find((p) => p.view.phase === "digging");
      expect(position).toBeDefined();
      // The sixteen kinds of card, one on top of each stack.
      const view = { ...position?.view, top: cards, depth: cards.map(() => 2), blocks: [] };
      const texts = servedTexts(lang);
      const shown = drawn(<Board game="tutankhamuns-revenge" view={view} legal={[]} seat={0} names={["Ann", "Bo"]} onAct={() => undefined} />, texts);
      for (const card of cards) {
        const english = BOARD_WORDS["tutankhamuns-revenge"]?.cards?.[card] ?? "";
        expect(shown, `${lang}: ${card}`).toContain(texts[english]);
      }
      expect(shown).not.toContain("Horus falcon");
      expect(shown).not.toContain("horus");
    });

    it(`${lang}: the explorer's task cards are named in the page's language`, () => {
      const symbols = Object.keys(BOARD_WORDS["curse-of-the-mummy"]?.symbols ?? {});
      const position = positions("curse-of-the-mummy").find((p) => Array.isArray(p.view.hand));
      expect(position).toBeDefined();
      const view = { ...position?.view, hand: symbols, played: { "1": ["scarab"], "2": [] } };
      const texts = servedTexts(lang);
      const shown = drawn(<Board game="curse-of-the-mummy" view={view} legal={[]} seat={1} names={["Mummy", "Ann", "Bo"]} onAct={() => undefined} />, texts);
      for (const symbol of symbols) {
        const english = BOARD_WORDS["curse-of-the-mummy"]?.symbols?.[symbol] ?? "";
        expect(shown, `${lang}: ${symbol}`).toContain(texts[english]);
      }
      expect(shown).toContain(translate(texts, "your task cards: {cards}", { cards: "" }).trim());
      expect(shown).not.toContain("canopic jar");
    });
  }
});

it("breaks a long name at a space, or a compound where another name shares a part", () => {
  const german = ["Schlangenmittelstück", "Schlangenschwanz", "Obeliskmittelstück", "Obeliskspitze", "Alabastervase", "Fayencevase", "Sargschmuck", "Kobra (Schlangenkopf)"];
  expect(nameLines("Earth", 10)).toEqual(["Earth"]);
  expect(nameLines("Coffin ornament", 10)).toEqual(["Coffin", "ornament"]);
  expect(nameLines("Kobra (Schlangenkopf)", 10)).toEqual(["Kobra", "(Schlangenkopf)"]);
  expect(nameLines("Schlangenmittelstück", 10, german)).toEqual(["Schlangen-", "mittelstück"]);
  expect(nameLines("Obeliskmittelstück", 10, german)).toEqual(["Obelisk-", "mittelstück"]);
  expect(nameLines("Alabastervase", 10, german)).toEqual(["Alabaster-", "vase"]);
  expect(nameLines("Fayencevase", 10, german)).toEqual(["Fayence-", "vase"]);
  // Nothing shares a part: left whole (drawn smaller).
  expect(nameLines("Sargschmuck", 10, german)).toEqual(["Sargschmuck"]);
  expect(nameLines("Kistutsmyckning", 10, ["Kobra (ormhuvud)"])).toEqual(["Kistutsmyckning"]);
});

it("fills a translated template's fields with page elements", () => {
  const parts = fillNodes("Deine Auftragskarten: {cards}", { cards: "X" });
  expect(parts).toEqual(["Deine Auftragskarten: ", "X"]);
  expect(fillNodes("{player}: {missing}", { player: 1 })).toEqual([1, ": ", "{missing}"]);
});
