/** The board for a game id (a plain summary for a game without a drawing). The view is
 * read through its game's generated type here, once: the server sends each seat a view that
 * follows the game's schema (checked on the server side by the conformance kit). Every
 * board's places are reached with the keyboard here (``useRovingPlaces``), and what each
 * thing on it is shows on a long press or at the keyboard's place (``BoardTips``); on a
 * touch screen its small places get hit areas of touch size (``useTapTargets``). */
import { useLayoutEffect } from "preact/hooks";
import { useLanguage } from "../i18n";
import { MummyBoard } from "./mummy";
import { markHinted, useRovingPlaces } from "./place";
import { TapChoice, useTapTargets } from "./taps";
import { BoardTips } from "./tip";
import { RevengeBoard } from "./revenge";
import { TutankhamunBoard } from "./tutankhamun";
import type { BoardProps, Views } from "./types";
import { ValleyBoard } from "./valley";

const BOARDS: { [G in keyof Views]: (props: BoardProps<Views[G]>) => preact.JSX.Element } = {
  tutankhamun: TutankhamunBoard,
  "tutankhamuns-revenge": RevengeBoard,
  "curse-of-the-mummy": MummyBoard,
  "valley-of-the-kings": ValleyBoard,
};

function drawn(game: string): game is keyof Views {
  return Object.prototype.hasOwnProperty.call(BOARDS, game);
}

/** ``busy``: a move was sent and its answer is awaited; the places take no clicks.
 * ``hinted``: the id of the move a hint named, whose place is drawn marked. */
export function Board(props: BoardProps & { game: string; busy?: boolean; hinted?: number | null }) {
  const { game, view, busy = false, hinted = null, ...rest } = props;
  const { t } = useLanguage();
  const roving = useRovingPlaces(rest.legal);
  const taps = useTapTargets(rest.legal.map((action) => action.id).join(" "));
  useLayoutEffect(() => {
    const root = roving.ref.current;
    if (!root) return;
    markHinted(root, hinted);
    // a board redraws its places by itself (a choice begun, a zoom): mark them again
    const observer = new MutationObserver(() => markHinted(root, hinted));
    observer.observe(root, { subtree: true, childList: true, attributeFilter: ["data-action", "data-actions"] });
    return () => observer.disconnect();
  }, [hinted, roving.ref]);
  if (!drawn(game)) return <p>{t("No drawing for {game}.", { game })}</p>;
  const Drawn = BOARDS[game] as (props: BoardProps<unknown>) => preact.JSX.Element;
  return (
    <BoardTips>
    <div class="board-taps" ref={taps.ref}>
    <div
      class={busy ? "board-keys busy" : "board-keys"}
      aria-busy={busy}
      ref={roving.ref}
      onKeyDown={roving.onKeyDown}
      onFocusIn={roving.onFocusIn}
      onFocusOut={roving.onFocusOut}
    >
      <Drawn {...rest} view={view} />
    </div>
    <TapChoice choices={taps.choices} choose={taps.choose} />
    </div>
    </BoardTips>
  );
}
