/** A table still waiting for its people names nobody "to move": the game has not started,
 * so the seat panels mark no turn beside the "waiting for every seat" line. */
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, expect, it } from "vitest";
import type { ServerMessage, Welcome } from "../src/generated/protocol";
import { TableView } from "../src/table";
import { startedConnection } from "./fake_socket";

const welcome: Welcome = {
  type: "welcome",
  table: "t1",
  game: "no-such-game",
  lang: "en",
  options: {},
  players: 2,
  seat: 0,
  names: ["Ann", "Bo"],
};

function update(status: "open" | "playing"): ServerMessage {
  return { type: "update", seq: 3, view: {}, to_act: [0], legal: [], events: [], over: false, status, undos: 0 };
}

function turnMarks(status: "open" | "playing"): { turns: number; waiting: boolean } {
  const { connection, socket } = startedConnection();
  socket.deliver(welcome);
  socket.deliver(update(status));
  const root = document.createElement("div");
  document.body.append(root);
  act(() => render(<TableView state={connection.state} onAct={() => undefined} table="t1" keyText="k" titles={{}} />, root));
  const marks = { turns: root.querySelectorAll(".seat .turn").length, waiting: (root.textContent ?? "").includes("Waiting for every seat") };
  render(null, root);
  connection.stop();
  return marks;
}

afterEach(() => {
  document.body.innerHTML = "";
});

it("marks no seat to move while the table waits for its people", () => {
  expect(turnMarks("open")).toEqual({ turns: 0, waiting: true });
  expect(turnMarks("playing")).toEqual({ turns: 1, waiting: false });
});
