/** The table's chat on the page: lines shown as text (markup in a line stays letters), a
 * line said through the connection, lines told again on a reconnect not doubled, and a
 * player muted on this page only. */
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, expect, it } from "vitest";
import { ChatPanel, loadMuted } from "../src/chat";
import type { Said } from "../src/generated/protocol";
import { startedConnection } from "./fake_socket";
import { twoSeats } from "./table_page";

const HOSTILE = '<img src=x onerror="alert(1)"><script>alert(2)</script>';

function line(id: number, seat: number | null, text: string): Said {
  return { type: "said", id, seat, name: seat === null ? "spectator" : ["Ann", "Bo"][seat]!, text, at: 1 };
}

afterEach(() => {
  document.body.innerHTML = "";
  localStorage.clear();
});

it("keeps each line once, in order, and sends what is said", () => {
  const { connection, socket } = startedConnection();
  socket.open();
  socket.deliver(twoSeats);
  socket.deliver(line(2, 1, "two"));
  socket.deliver(line(1, 0, "one"));
  socket.deliver(line(2, 1, "two")); // told again after a reconnect
  expect(connection.state.chat.map((l) => l.text)).toEqual(["one", "two"]);
  connection.say("hello");
  expect(JSON.parse(socket.sent[socket.sent.length - 1]!)).toEqual({ type: "chat", text: "hello" });
  connection.stop();
});

it("shows markup as letters, and mutes a player on this page only", () => {
  const said: string[] = [];
  const root = document.createElement("div");
  document.body.append(root);
  const draw = () =>
    render(
      <ChatPanel table="t1" lines={[line(1, 1, HOSTILE), line(2, 0, "mine")]} names={["Ann", "Bo"]} me={0} onSay={(t) => void said.push(t)} />,
      root,
    );
  act(draw);
  expect(root.querySelector("img")).toBeNull();
  expect(root.querySelector("script")).toBeNull();
  expect([...root.querySelectorAll(".chat-text")].map((n) => n.textContent)).toEqual([HOSTILE, "mine"]);
  const mute = root.querySelector<HTMLButtonElement>(".chat-mute button")!;
  expect(mute.textContent).toBe("Mute Bo");
  act(() => mute.click());
  expect([...root.querySelectorAll(".chat-text")].map((n) => n.textContent)).toEqual(["mine"]);
  expect(loadMuted("t1")).toEqual([1]);
  expect(loadMuted("t2")).toEqual([]);
  const input = root.querySelector<HTMLInputElement>(".chat-say input")!;
  act(() => {
    input.value = "  good game  ";
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  act(() => {
    root.querySelector<HTMLFormElement>(".chat-say")!.dispatchEvent(new Event("submit", { cancelable: true }));
  });
  expect(said).toEqual(["good game"]);
  render(null, root);
});
