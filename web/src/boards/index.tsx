/** The board for a game id (a plain summary for a game without a drawing). */
import { MummyBoard } from "./mummy";
import { RevengeBoard } from "./revenge";
import { TutankhamunBoard } from "./tutankhamun";
import type { BoardProps } from "./types";
import { ValleyBoard } from "./valley";

const BOARDS: Record<string, (props: BoardProps) => preact.JSX.Element> = {
  tutankhamun: TutankhamunBoard,
  "tutankhamuns-revenge": RevengeBoard,
  "curse-of-the-mummy": MummyBoard,
  "valley-of-the-kings": ValleyBoard,
};

export function Board(props: BoardProps & { game: string }) {
  const Drawn = BOARDS[props.game];
  return Drawn ? <Drawn {...props} /> : <p>No drawing for {props.game}.</p>;
}
