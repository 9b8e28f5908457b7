/** The page's language: the catalog lookup with fields, the remembered choice, and the
 * switch, which shows the new texts once their catalog has arrived. */
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, expect, it } from "vitest";
import { type Lang, LanguageContext, type Texts, savedLang, translate, useLanguage, useLanguageState } from "../src/i18n";

/** Let the catalog's promise resolve and the page redraw. */
async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = "";
});

it("translates a text and fills in its fields, falling back to the source", () => {
  const texts: Texts = { "Pass the device to {name}": "Gib das Gerät an {name}", Empty: "" };
  expect(translate(texts, "Pass the device to {name}", { name: "Ann" })).toBe("Gib das Gerät an Ann");
  expect(translate(texts, "Step {step} of {steps}", { step: 1, steps: 9 })).toBe("Step 1 of 9");
  expect(translate(texts, "Empty")).toBe("Empty");
  expect(translate(texts, "{unknown} stays")).toBe("{unknown} stays");
});

it("remembers the chosen language and ignores anything else in storage", () => {
  expect(savedLang({ getItem: () => "sv" })).toBe("sv");
  expect(savedLang({ getItem: () => "fr" })).toBe("en");
  expect(savedLang({ getItem: () => null })).toBe("en");
});

it("switches every text once the new catalog is loaded, and keeps the choice", async () => {
  const catalogs: Record<Lang, Texts> = { en: {}, de: { Log: "Verlauf" }, nl: { Log: "Verloop" }, sv: {} };
  const asked: Lang[] = [];
  const load = (lang: Lang) => {
    asked.push(lang);
    return Promise.resolve(catalogs[lang]);
  };
  let switchTo: (lang: Lang) => void = () => undefined;
  function Heading() {
    const { t, setLang } = useLanguage();
    switchTo = setLang;
    return <h2>{t("Log")}</h2>;
  }
  function Page() {
    const language = useLanguageState(load);
    return (
      <LanguageContext.Provider value={language}>
        <Heading />
      </LanguageContext.Provider>
    );
  }
  const root = document.createElement("div");
  document.body.append(root);
  await act(async () => {
    render(<Page />, root);
  });
  expect(root.textContent).toBe("Log");
  await act(async () => switchTo("de"));
  await settle();
  expect(root.textContent).toBe("Verlauf");
  expect(localStorage.getItem("saqqara.lang")).toBe("de");
  await act(async () => switchTo("nl"));
  await settle();
  expect(root.textContent).toBe("Verloop");
  expect(asked).toEqual(["en", "de", "nl"]);
  act(() => render(null, root));
});

it("is not ready, and shows no English, until a kept language's catalog has arrived", async () => {
  localStorage.setItem("saqqara.lang", "sv");
  let arrive: (texts: Texts) => void = () => undefined;
  const load = (lang: Lang) =>
    lang === "sv" ? new Promise<Texts>((resolve) => (arrive = resolve)) : Promise.resolve({});
  function Page() {
    const language = useLanguageState(load);
    return <p>{language.ready ? `${language.lang}: ${language.t("Log")}` : "waiting"}</p>;
  }
  const root = document.createElement("div");
  document.body.append(root);
  await act(async () => {
    render(<Page />, root);
  });
  await settle();
  expect(root.textContent).toBe("waiting");
  await act(async () => arrive({ Log: "Logg" }));
  await settle();
  expect(root.textContent).toBe("sv: Logg");
  act(() => render(null, root));
});
