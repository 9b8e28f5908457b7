/** The page's language: English, German, Dutch or Swedish, chosen in the page and kept in
 * localStorage. The client's own words are English source texts translated by the server's
 * gettext catalogs (GET /texts/LANG.json, from saqqara.server.web_texts); game texts
 * (labels, the log) come translated over the WebSocket, which is told the language. The
 * names of what the boards draw from the views' slugs (Revenge's cards, the mummy's symbols)
 * are bundled in English (schema/board-words.json, from the games' presentations) and
 * translated by the same catalog. */
import { type ComponentChildren, createContext } from "preact";
import { useContext, useEffect, useMemo, useState } from "preact/hooks";
import boardValuesJson from "../schema/board-values.json";
import boardWordsJson from "../schema/board-words.json";

export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "de", name: "Deutsch" },
  { code: "nl", name: "Nederlands" },
  { code: "sv", name: "Svenska" },
] as const;

export type Lang = (typeof LANGUAGES)[number]["code"];

const STORAGE_KEY = "saqqara.lang";

export function isLang(value: unknown): value is Lang {
  return LANGUAGES.some((language) => language.code === value);
}

/** The language kept in localStorage, else the browser's own when we have it, else English. */
export function savedLang(storage: Pick<Storage, "getItem"> | null = safeStorage()): Lang {
  const kept = storage?.getItem(STORAGE_KEY);
  if (isLang(kept)) return kept;
  const browser = typeof navigator === "undefined" ? "" : navigator.language.slice(0, 2);
  return isLang(browser) ? browser : "en";
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null; // storage refused (private mode): the choice lasts as long as the page
  }
}

export function keepLang(lang: Lang): void {
  try {
    safeStorage()?.setItem(STORAGE_KEY, lang);
  } catch {
    // storage full or refused: the choice lasts as long as the page
  }
}

/** A catalog: English source text -> its translation. */
export type Texts = Readonly<Record<string, string>>;

/** ``source`` translated by ``texts`` (the source itself when missing), with its
 * ``{field}``s filled in from ``fields``. */
export function translate(texts: Texts, source: string, fields: Record<string, string | number> = {}): string {
  const template = texts[source] || source;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in fields ? String(fields[name]) : whole,
  );
}

export type Translate = (source: string, fields?: Record<string, string | number>) => string;

/** A translated template (``t("your task cards: {cards}")``, its fields left in place) with
 * its fields filled by page elements: the chips of cards where ``{cards}`` stands. */
export function fillNodes(template: string, fields: Record<string, ComponentChildren>): ComponentChildren[] {
  return template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return name !== undefined && name in fields ? fields[name] : part;
    })
    .filter((part) => part !== "");
}

/** Board words by game, kind and slug, in English: ``{"tutankhamuns-revenge": {"cards":
 * {"horus-falcon": "Horus falcon"}}}``. */
export type BoardWords = Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>>;

export const BOARD_WORDS: BoardWords = boardWordsJson;

/** The name of a thing a board draws by its slug ("horus-falcon" of Revenge's "cards") in the
 * page's language; the slug itself when the game names no such thing. */
export function boardWord(t: Translate, game: string, kind: string, slug: string): string {
  const english = BOARD_WORDS[game]?.[kind]?.[slug];
  return english === undefined ? slug : t(english);
}

/** The values of what the boards draw, by game, group (an edition, or "cards") and slug
 * (schema/board-values.json, from the games' presentations). */
export const BOARD_VALUES: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, number>>>>>> =
  boardValuesJson;

/** A board thing's value (a Tutankhamun tile's in its edition, a Revenge card's), if it has one. */
export function boardValue(game: string, group: string, slug: string): number | undefined {
  return BOARD_VALUES[game]?.[group]?.[slug];
}

export interface Language {
  lang: Lang;
  t: Translate;
  setLang: (lang: Lang) => void;
  /** Whether the kept language's catalog has arrived (false only while the page first loads
   * it, so that nothing shows in English first). */
  ready: boolean;
}

const english: Language = {
  lang: "en",
  t: (source, fields) => translate({}, source, fields),
  setLang: () => undefined,
  ready: true,
};

export const LanguageContext = createContext<Language>(english);

/** The page's language and translator (English until a provider says otherwise). */
export function useLanguage(): Language {
  return useContext(LanguageContext);
}

/** Fetch ``lang``'s catalog of the client's words (English needs none). */
export async function fetchTexts(lang: Lang): Promise<Texts> {
  if (lang === "en") return {};
  const answer = await fetch(`/texts/${lang}.json`);
  if (!answer.ok) throw new Error(`no texts for ${lang}: HTTP ${answer.status}`);
  return (await answer.json()) as Texts;
}

/** The language state of the app: chosen, kept, and its catalog loaded. The texts switch
 * once the new catalog has arrived, so nothing shows half-translated; on the first load of
 * another language than English it is not ``ready`` until then. */
export function useLanguageState(load: (lang: Lang) => Promise<Texts> = fetchTexts): Language {
  const [lang, setLangState] = useState<Lang>(() => savedLang());
  const [loaded, setLoaded] = useState<{ lang: Lang; texts: Texts } | null>(() =>
    lang === "en" ? { lang: "en", texts: {} } : null,
  );
  useEffect(() => {
    let current = true;
    load(lang).then(
      (texts) => current && setLoaded({ lang, texts }),
      () => current && setLoaded({ lang, texts: {} }),
    );
    return () => {
      current = false;
    };
  }, [lang, load]);
  return useMemo(
    () => ({
      lang: loaded?.lang ?? "en",
      t: (source: string, fields?: Record<string, string | number>) =>
        translate(loaded?.texts ?? {}, source, fields),
      setLang: (next: Lang) => {
        keepLang(next);
        setLangState(next);
      },
      ready: loaded !== null,
    }),
    [loaded],
  );
}

/** The language menu (each language named in itself). */
export function LanguagePicker() {
  const { lang, t, setLang } = useLanguage();
  return (
    <label class="language">
      <span class="visually-hidden">{t("Language")}</span>
      <select
        name="language"
        aria-label={t("Language")}
        value={lang}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          if (isLang(chosen)) setLang(chosen);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </label>
  );
}
