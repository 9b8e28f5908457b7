/** The table's "?": it opens the rules of the table's game and options in a dialog over the
 * table, puts the focus in it, and Escape or Close takes it away again with the focus back on
 * "?". */
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, expect, it } from "vitest";
import { RulesButton } from "../src/rules/dialog";

afterEach(() => {
  render(null, document.body);
  document.body.innerHTML = "";
});

async function until(found: () => boolean): Promise<void> {
  for (let tries = 0; tries < 100 && !found(); tries++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}

async function opened(): Promise<HTMLButtonElement> {
  act(() =>
    render(
      <RulesButton game="tutankhamun" options={{ edition: "amigo-1993" }} title="Tutankhamun" info={undefined} />,
      document.body,
    ),
  );
  const button = document.querySelector<HTMLButtonElement>("button.rules-button");
  if (!button) throw new Error("no ? button");
  expect(button.getAttribute("aria-label")).toBe("Rules of this game");
  act(() => button.click());
  await until(() => document.querySelector("dialog .rules-goal") !== null);
  return button;
}

it("opens the table's rules and closes them with Escape, the focus back on ?", async () => {
  const button = await opened();
  const dialog = document.querySelector("dialog.rules-dialog");
  expect(dialog?.textContent).toContain("score track"); // Amigo's, the table's edition
  expect(dialog?.textContent).not.toContain("drop one tribute coin into the pyramid");
  expect(dialog?.querySelector("a")?.getAttribute("href")).toBe("/rules/tutankhamun?edition=amigo-1993");
  expect(document.activeElement?.classList.contains("close")).toBe(true);
  act(() => {
    dialog?.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
  });
  expect(document.querySelector("dialog")).toBeNull();
  expect(document.activeElement).toBe(button);
});

it("closes with its Close button", async () => {
  await opened();
  act(() => document.querySelector<HTMLButtonElement>("dialog button.close")?.click());
  expect(document.querySelector("dialog")).toBeNull();
});
