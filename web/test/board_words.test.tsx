/** The boards' own words follow the page's language: the pending choice's Confirm and Clear
 * buttons switch from English to German once the German catalog has arrived. */
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, expect, it } from "vitest";
import { type Composer, ComposerPanel } from "../src/boards/compose";
import type { LegalAction } from "../src/generated/protocol";
import { type Lang, LanguageContext, type Texts, useLanguage, useLanguageState } from "../src/i18n";

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
