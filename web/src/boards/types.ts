/** What every board component receives. */
import type { LegalAction } from "../generated/protocol";
import type { View } from "./view";

export interface BoardProps {
  view: View;
  legal: LegalAction[];
  seat: number | null;
  names: string[];
  onAct: (action: number) => void;
  /** Places the last step touched ("12", "b3", "f6"): drawn highlighted. */
  last?: Set<string>;
}
