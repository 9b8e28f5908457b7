/** What every board component receives, and each game's view type (generated from the
 * game's exported view schema by scripts/gen-types.mjs, never written by hand). */
import type { LegalAction } from "../generated/protocol";
import type { CurseOfTheMummyView } from "../generated/views/curse-of-the-mummy";
import type { TutankhamunView } from "../generated/views/tutankhamun";
import type { TutankhamunsRevengeView } from "../generated/views/tutankhamuns-revenge";
import type { ValleyOfTheKingsView } from "../generated/views/valley-of-the-kings";
import type { View } from "./view";

/** The view type of each game with a drawn board, by game id. */
export interface Views {
  tutankhamun: TutankhamunView;
  "tutankhamuns-revenge": TutankhamunsRevengeView;
  "curse-of-the-mummy": CurseOfTheMummyView;
  "valley-of-the-kings": ValleyOfTheKingsView;
}

export interface BoardProps<V = View> {
  view: V;
  legal: LegalAction[];
  seat: number | null;
  names: string[];
  onAct: (action: number) => void;
  /** Places the last step touched ("12", "b3", "f6", "site 4"): drawn highlighted. */
  last?: Set<string>;
}
