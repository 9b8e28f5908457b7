/** The table's "?": a button that opens the rules of the table's game, edition and options
 * in a dialog over the table (the game goes on behind it), closed with Escape, its Close
 * button or a click beside it; the keyboard focus goes into the dialog and back to the
 * button. The dialog links to the same rules as a page of their own (/rules/GAME?…). */
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { GameInfo } from "../api";
import { useLanguage } from "../i18n";
import { rulesPath } from "../route";
import { RulesContent } from "./content";

export function RulesButton(props: {
  game: string;
  options: Readonly<Record<string, string>>;
  title: string;
  info: GameInfo | undefined;
}) {
  const { t } = useLanguage();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useLayoutEffect(() => {
    // Once the dialog has gone from the page, the focus goes back to the button.
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <>
      <button
        type="button"
        class="rules-button"
        ref={button}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t("Rules of this game")}
        title={t("Rules of this game")}
        onClick={() => setOpen(true)}
      >
        ?
      </button>
      {open && (
        <RulesDialog
          {...props}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function RulesDialog(props: {
  game: string;
  options: Readonly<Record<string, string>>;
  title: string;
  info: GameInfo | undefined;
  onClose: () => void;
}) {
  const { game, options, title, info, onClose } = props;
  const { t } = useLanguage();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (typeof element.showModal === "function") element.showModal();
    else element.setAttribute("open", "");
    element.querySelector<HTMLElement>("button.close")?.focus();
  }, []);
  return (
    <dialog
      ref={dialog}
      class="rules-dialog"
      aria-labelledby="rules-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onClose();
        }
      }}
      onClick={(event) => {
        if (event.target === dialog.current) onClose(); // a click on the backdrop
      }}
    >
      <div class="rules-dialog-body">
        <header>
          <h2 id="rules-dialog-title">{t("Rules of {game}", { game: title })}</h2>
          <a href={rulesPath(game, options)} target="_blank" rel="noopener">
            {t("Open as a page")}
          </a>
          <button type="button" class="close" onClick={onClose}>
            {t("Close")}
          </button>
        </header>
        <RulesContent game={game} options={options} info={info} pictures={false} level={3} />
      </div>
    </dialog>
  );
}
