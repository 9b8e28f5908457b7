/** The rules pages' pictures: each game's board as the table draws it (the client's own
 * board components, no new art), at a moment of a real game: a spectator's view written by
 * scripts/rules_pictures.py into schema/rules-pictures/, fetched with the page that shows
 * it. Nothing on a picture can be clicked (no legal moves). */
import { useEffect, useState } from "preact/hooks";
import { Board } from "../boards";
import type { View } from "../boards/view";
import { useLanguage } from "../i18n";

const VIEWS = import.meta.glob<View>("../../schema/rules-pictures/*.json", { import: "default" });

/** The pictures of ``game`` under ``options``: Tutankhamun's edition's board (both editions'
 * when no edition is named), every other game's one board. */
export function pictureNames(game: string, options: Readonly<Record<string, string>> | null): string[] {
  if (game !== "tutankhamun") return [game];
  const edition = options?.edition;
  if (edition === "amigo-1993" || edition === "ootb-2004") return [`tutankhamun-${edition}`];
  return ["tutankhamun-amigo-1993", "tutankhamun-ootb-2004"];
}

export function hasPicture(name: string): boolean {
  return `../../schema/rules-pictures/${name}.json` in VIEWS;
}

function usePictureView(name: string): View | null {
  const [view, setView] = useState<View | null>(null);
  useEffect(() => {
    let current = true;
    const load = VIEWS[`../../schema/rules-pictures/${name}.json`];
    void load?.().then((found) => current && setView(found));
    return () => {
      current = false;
    };
  }, [name]);
  return view;
}

const NO_MOVES: never[] = [];
const IGNORE = () => undefined;

/** One picture: the game's board at the picture's moment, with ``caption`` under it. */
export function RulesPicture(props: { game: string; name: string; caption: string }) {
  const { game, name, caption } = props;
  const { t } = useLanguage();
  const view = usePictureView(name);
  const players = typeof view?.players === "number" ? view.players : 0;
  const names = Array.from({ length: players }, (_, n) => t("Player {number}", { number: n + 1 }));
  return (
    <figure class="rules-picture" data-picture={name}>
      {view && <Board game={game} view={view} legal={NO_MOVES} seat={null} names={names} onAct={IGNORE} />}
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
