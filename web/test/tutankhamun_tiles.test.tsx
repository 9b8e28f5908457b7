/** Tutankhamun's tiles read in the page's language: each tile's tag is cut from its name
 * in that language (never an English cut at a German, Dutch or Swedish table), it shows its
 * value, its tip names it with its value and its path slot, and every slot is numbered. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { Board } from "../src/boards";
import { ownName, tileTag } from "../src/boards/tutankhamun_holdings";
import type { LegalAction } from "../src/generated/protocol";
import { BOARD_VALUES, type Lang, LanguageContext, type Texts, translate } from "../src/i18n";

afterEach(() => {
  document.body.innerHTML = "";
});

function servedTexts(lang: Lang): Texts {
  if (lang === "en") return {};
  return JSON.parse(readFileSync(join(__dirname, "fixtures", "texts", `${lang}.json`), "utf8")) as Texts;
}

const tr = (texts: Texts) => (source: string, fields?: Record<string, string | number>) => translate(texts, source, fields);

interface Position {
  view: Record<string, unknown>;
  legal: LegalAction[];
}

function drawn(position: Position, texts: Texts): HTMLElement {
  const root = document.createElement("div");
  document.body.append(root);
  const language = { lang: "de" as Lang, t: tr(texts), setLang: () => undefined, ready: true };
  act(() =>
    render(
      <LanguageContext.Provider value={language}>
        <Board game="tutankhamun" view={position.view} legal={position.legal} seat={0} names={["Ann", "Bo"]} onAct={() => undefined} />
      </LanguageContext.Provider>,
      root,
    ),
  );
  return root;
}

it("cuts the tags from the names in the page's language", () => {
  const en = tr({});
  expect(tileTag("panther-head", en)).toBe("Panther");
  expect(tileTag("cartouche-chest", en)).toBe("Cartou.");
  expect(tileTag("green-death-mask", en)).toBe("Mask");
  expect(ownName("alabaster-flask", en)).toBe("Flask");
  expect(ownName("blue-cat", en)).toBe("Cat");
  expect(ownName("green-death-mask", en)).toBe("Death mask");
  const de = tr(servedTexts("de"));
  // The German names are the rulebook's: the tag is no English cut.
  expect(tileTag("throne", de)).not.toBe("Thro");
  expect(ownName("alabaster-flask", de)).not.toContain("Alabaster");
  expect(ownName("blue-cat", de).toLowerCase()).not.toContain("blau");
  for (const lang of ["de", "nl", "sv"] as Lang[]) {
    const t = tr(servedTexts(lang));
    for (const edition of Object.keys(BOARD_VALUES["tutankhamun"] ?? {})) {
      for (const slug of Object.keys(BOARD_VALUES["tutankhamun"]?.[edition] ?? {})) {
        const tag = tileTag(slug, t);
        const english = tileTag(slug, tr({}));
        expect(tag.length, `${lang} ${slug}`).toBeLessThanOrEqual(7);
        // The tag is a cut of the translated name (its own part), not of the English one.
        const stem = tag.replace(/\.$/, "").toLowerCase();
        expect(ownName(slug, t).toLowerCase(), `${lang} ${slug}: ${tag}`).toContain(stem);
        if (!ownName(slug, t).startsWith(english.replace(/\.$/, ""))) expect(tag, `${lang} ${slug}`).not.toBe(english);
      }
    }
  }
});

const positions = JSON.parse(readFileSync(join(__dirname, "fixtures", "tutankhamun.json"), "utf8")) as Position[];

describe("the path drawn", () => {
  for (const lang of ["en", "de", "nl", "sv"] as Lang[]) {
    it(`${lang}: numbers every slot and names each tile with its value`, () => {
      const texts = servedTexts(lang);
      const position = positions.find((p) => (p.view["path"] as unknown[]).some((tile) => tile !== null));
      expect(position).toBeDefined();
      const view = position!.view as { path: (string | null)[]; edition: string };
      const root = drawn(position!, texts);
      const numbers = [...root.querySelectorAll("text.slot-number")].map((text) => text.textContent);
      expect(numbers).toEqual(view.path.map((_, n) => String(n + 1)));
      view.path.forEach((tile, n) => {
        if (tile === null) return;
        const value = BOARD_VALUES["tutankhamun"]?.[view.edition]?.[tile];
        const slot = translate(texts, "slot {number}", { number: n + 1 });
        const tip = [...root.querySelectorAll("[data-tip]")].find((element) =>
          element.getAttribute("data-tip")?.startsWith(`${slot}:`),
        );
        expect(tip, `${lang} slot ${n + 1}`).toBeDefined();
        const name = translate(texts, (JSON.parse(readFileSync(join(__dirname, "..", "schema", "board-words.json"), "utf8")) as Record<string, Record<string, Record<string, string>>>)["tutankhamun"]!["tiles"]![tile]!);
        expect(tip!.getAttribute("data-tip")).toContain(name);
        expect(tip!.querySelector("title")?.textContent).toBe(tip!.getAttribute("data-tip"));
        if (value !== undefined) {
          expect(tip!.getAttribute("data-tip")).toContain(String(value));
          expect(tip!.querySelector("text.tile-value")?.textContent).toBe(String(value));
        }
      });
    });
  }
});
