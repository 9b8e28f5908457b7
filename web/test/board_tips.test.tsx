/** Tips on the boards: Revenge's cards are drawn with a picture and their value and name
 * themselves with their value in the page's language; a long press on a board thing shows
 * its tip in a bubble and plays nothing (the click ending the press is swallowed), a short
 * tap plays as before, and the keyboard's place shows its tip. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, expect, it, vi } from "vitest";
import { Board } from "../src/boards";
import { LONG_PRESS } from "../src/boards/tip";
import type { LegalAction } from "../src/generated/protocol";
import { BOARD_VALUES, BOARD_WORDS, type Lang, LanguageContext, type Texts, translate } from "../src/i18n";

interface Position {
  game: string;
  seat: number;
  view: Record<string, unknown>;
  legal: LegalAction[];
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

function load(game: string): Position[] {
  return JSON.parse(readFileSync(join(__dirname, "fixtures", `${game}.json`), "utf8")) as Position[];
}

function texts(lang: Lang): Texts {
  return JSON.parse(readFileSync(join(__dirname, "fixtures", "texts", `${lang}.json`), "utf8")) as Texts;
}

function mount(position: Position, sent: number[], catalog: Texts = {}): HTMLElement {
  const root = document.createElement("div");
  document.body.append(root);
  const language = { lang: "de" as Lang, t: (s: string, f?: Record<string, string | number>) => translate(catalog, s, f), setLang: () => undefined, ready: true };
  act(() =>
    render(
      <LanguageContext.Provider value={language}>
        <Board game={position.game} view={position.view} legal={position.legal} seat={position.seat}
          names={["P1", "P2"]} onAct={(a) => sent.push(a)} />
      </LanguageContext.Provider>,
      root,
    ),
  );
  return root;
}

it("draws Revenge's top cards with a picture and their value, named in German with it", () => {
  const german = texts("de");
  const position = load("tutankhamuns-revenge").find((p) => (p.view["top"] as (string | null)[]).some(Boolean));
  expect(position).toBeDefined();
  const root = mount(position!, [], german);
  const top = position!.view["top"] as (string | null)[];
  const faces = [...root.querySelectorAll(".card-face[data-tip]")];
  expect(faces.length).toBe(top.filter(Boolean).length);
  for (const face of faces) {
    const tip = face.getAttribute("data-tip") ?? "";
    const card = Object.entries(BOARD_WORDS["tutankhamuns-revenge"]!["cards"]!).find(([, english]) =>
      tip.includes(translate(german, english)),
    )?.[0];
    expect(card, tip).toBeDefined();
    const value = BOARD_VALUES["tutankhamuns-revenge"]!["cards"]![card!]!;
    const printed = value > 0 ? `+${value}` : value < 0 ? `−${-value}` : "0";
    expect(tip).toContain(translate(german, "{name}, value {value}", { name: translate(german, BOARD_WORDS["tutankhamuns-revenge"]!["cards"]![card!]!), value: printed }));
    expect(face.querySelector(".card-picture")).not.toBeNull();
    expect(face.querySelector(".card-value-text")?.textContent).toBe(printed);
    expect(face.querySelector("title")?.textContent).toBe(tip);
  }
});

function pointer(type: string, target: Element): void {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientX: 5, clientY: 5 });
  Object.defineProperty(event, "pointerType", { value: "touch" });
  act(() => {
    target.dispatchEvent(event);
  });
}

it("shows a tile's tip on a long press and plays nothing; a short tap plays", () => {
  vi.useFakeTimers();
  const position = load("tutankhamun").find((p) => p.legal.some((a) => a.notation.startsWith("take")));
  expect(position).toBeDefined();
  const sent: number[] = [];
  const root = mount(position!, sent);
  const place = root.querySelector(".place [data-tip]")!.closest(".place")!;
  const tile = place.querySelector("[data-tip] circle")!;
  pointer("pointerdown", tile);
  act(() => {
    vi.advanceTimersByTime(LONG_PRESS + 10);
  });
  const bubble = root.querySelector(".board-tip");
  expect(bubble?.textContent).toBe(place.querySelector("[data-tip]")?.getAttribute("data-tip"));
  expect(bubble?.getAttribute("role")).toBe("tooltip");
  pointer("pointerup", tile);
  act(() => {
    tile.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  });
  expect(sent).toEqual([]);
  // A short tap plays the move and hides the tip.
  pointer("pointerdown", tile);
  expect(root.querySelector(".board-tip")).toBeNull();
  act(() => {
    vi.advanceTimersByTime(100);
  });
  pointer("pointerup", tile);
  act(() => {
    tile.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  });
  expect(sent).toEqual([Number(place.getAttribute("data-action"))]);
});

it("shows the keyboard's place's tip", () => {
  const position = load("tutankhamun").find((p) => p.legal.some((a) => a.notation.startsWith("take")));
  const root = mount(position!, []);
  const place = root.querySelector<SVGGElement>(".place [data-tip]")!.closest<SVGGElement>(".place")!;
  act(() => place.focus());
  expect(root.querySelector(".board-tip")?.textContent).toBe(place.querySelector("[data-tip]")?.getAttribute("data-tip"));
  act(() => place.blur());
  expect(root.querySelector(".board-tip")).toBeNull();
});

it("names the maze's symbol fields in the page's language in their tips", async () => {
  const dutch = texts("nl");
  const position = load("curse-of-the-mummy")[0]!;
  // The maze's drawing (its symbols) is loaded apart from the server: here a plain grid
  // with two symbols.
  const fields: string[] = [];
  for (let row = 1; row <= 11; row++) for (const c of "abcdefghijk") fields.push(`${c}${row}`);
  const maze = {
    width: 11, height: 11, fields, walls: fields.map(() => [false, false, false, false]),
    start: "f1", dungeon: "f6", areas: fields.map(() => null),
    symbols: [{ name: "scarab", colour: "red", field: "b2" }, { name: "sphinx", colour: "blue", field: "c3" }],
  };
  vi.stubGlobal("fetch", () => Promise.resolve({ ok: true, json: () => Promise.resolve(maze) }));
  const root = mount(position, [], dutch);
  for (let n = 0; n < 50 && !root.querySelector("[data-tip]"); n++) {
    await act(async () => {
      await new Promise((done) => setTimeout(done, 20));
    });
  }
  const tips = [...root.querySelectorAll("[data-tip]")].map((element) => element.getAttribute("data-tip") ?? "");
  expect(tips.length).toBeGreaterThan(0);
  const names = Object.values(BOARD_WORDS["curse-of-the-mummy"]!["symbols"]!).map((english) => translate(dutch, english));
  for (const tip of tips) expect(names.some((name) => tip.endsWith(`: ${name}`)), tip).toBe(true);
  expect(tips).toContain(`b2: ${translate(dutch, "scarab")}`);
  vi.unstubAllGlobals();
});

it("names Valley's stones by their colour in the page's language", () => {
  const swedish = texts("sv");
  const position = load("valley-of-the-kings").find((p) => JSON.stringify(p.view["sites"] ?? "").includes('"red"') || JSON.stringify(p.view["sites"] ?? "").includes('"grey"'));
  expect(position).toBeDefined();
  const root = mount(position!, [], swedish);
  const stones = [...root.querySelectorAll(".stone[data-tip]")];
  expect(stones.length).toBeGreaterThan(0);
  const colours = Object.values(BOARD_WORDS["valley-of-the-kings"]!["colours"]!).map((english) =>
    translate(swedish, "stone: {colour}", { colour: translate(swedish, english) }),
  );
  for (const stone of stones) expect(colours).toContain(stone.getAttribute("data-tip"));
  expect(colours[0]).not.toContain("stone");
});

it("names Valley's figures and bid tiles in German with their values, on hover and on a long press", () => {
  vi.useFakeTimers();
  const german = texts("de");
  const t = (s: string, f?: Record<string, string | number>) => translate(german, s, f);
  const positions = load("valley-of-the-kings");
  const bidding = positions.find((p) => (p.view["bids"] as { value: number | null }[]).some((bid) => bid.value === null)
    && (p.view["bids"] as { value: number | null }[]).some((bid) => bid.value !== null));
  expect(bidding).toBeDefined();
  const root = mount(bidding!, [], german);
  const bids = bidding!.view["bids"] as { seat: number; group: number; value: number | null }[];
  const tiles = [...root.querySelectorAll(".bid-tile[data-tip]")];
  expect(tiles.length).toBe(bids.length);
  const expected = bids.map((bid) => t("{name}'s bid at group {group}: {rings}", {
    name: ["P1", "P2"][bid.seat]!,
    group: bid.group,
    rings: bid.value === null ? t("face down") : bid.value === 1 ? t("1 ring") : t("{rings} rings", { rings: bid.value }),
  }));
  expect(tiles.map((tile) => tile.getAttribute("data-tip")).sort()).toEqual(expected.sort());
  expect(expected.some((tip) => tip.includes("verdeckt"))).toBe(true);
  expect(expected.some((tip) => tip.includes("Ringe"))).toBe(true);
  for (const tile of tiles) expect(tile.querySelector("title")?.textContent).toBe(tile.getAttribute("data-tip"));
  // A long press on a bid tile shows its tip.
  const tile = tiles[0]!.querySelector("rect")!;
  pointer("pointerdown", tile);
  act(() => {
    vi.advanceTimersByTime(LONG_PRESS + 10);
  });
  expect(root.querySelector(".board-tip")?.textContent).toBe(tiles[0]!.getAttribute("data-tip"));
  pointer("pointerup", tile);
  act(() => render(null, root));

  const placed = positions.find((p) => (p.view["seats"] as { overseers: string[] }[]).some((s) => s.overseers.some((o) => o.includes("-"))));
  const board = mount(placed!, [], german);
  const seats = placed!.view["seats"] as { overseers: string[]; workers: string[] }[];
  const tips = [...board.querySelectorAll(".figure[data-tip]")].map((figure) => figure.getAttribute("data-tip"));
  seats.forEach((pieces, seat) => {
    for (const field of pieces.overseers.filter((place) => place.includes("-"))) {
      expect(tips).toContain(t("{name}: overseer on field {field}", { name: ["P1", "P2"][seat]!, field }));
    }
    for (const field of pieces.workers.filter((place) => place.includes("-"))) {
      expect(tips).toContain(t("{name}: worker on field {field}", { name: ["P1", "P2"][seat]!, field }));
    }
  });
  expect(tips.some((tip) => tip?.includes("Aufseher auf Feld"))).toBe(true);
  const areas = [...board.querySelectorAll(".area-figures[data-tip]")].map((pill) => pill.getAttribute("data-tip") ?? "");
  expect(areas.length).toBeGreaterThan(0);
  for (const tip of areas) expect(tip).toMatch(/^P[12] in Gebiet \d+: \d+ Aufseher, \d+ Arbeiter$/);
});
