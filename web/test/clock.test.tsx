/** Turn clocks on the seat panels: formatted as m:ss, counted down each second from an
 * update's figures for the running seats only, re-synced by every new update, low on time
 * below ten seconds, and told to screen readers; the lobby's clock choice as a request. */
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatSeconds, timeLeft } from "../src/clock";
import type { ClockView } from "../src/generated/protocol";
import { clockRequest, NO_CLOCK } from "../src/lobby";
import { SeatPanels } from "../src/panels";

const clock = (game_left: (number | null)[], move_left: (number | null)[], running: number[]): ClockView => ({
  move: 30,
  game: 600,
  game_left,
  move_left,
  running,
  on_timeout: "bot",
});

function mount(node: preact.JSX.Element): HTMLElement {
  const root = document.createElement("div");
  document.body.append(root);
  act(() => render(node, root));
  return root;
}

function clocks(root: HTMLElement): string[] {
  return [...root.querySelectorAll(".clock")].map((el) => el.textContent?.trim() ?? "");
}

afterEach(() => {
  document.body.innerHTML = "";
  vi.useRealTimers();
});

describe("formatSeconds", () => {
  it("writes minutes and seconds, hours from an hour on, rounding up", () => {
    expect(formatSeconds(0)).toBe("0:00");
    expect(formatSeconds(9.2)).toBe("0:10");
    expect(formatSeconds(65)).toBe("1:05");
    expect(formatSeconds(3600)).toBe("1:00:00");
    expect(formatSeconds(3725)).toBe("1:02:05");
    expect(formatSeconds(-3)).toBe("0:00");
  });
  it("writes days, hours and minutes on a turn-based table's clock", () => {
    expect(formatSeconds(86400)).toBe("1d 0:00");
    expect(formatSeconds(2 * 86400 + 3 * 3600 + 4 * 60 + 5)).toBe("2d 3:04");
  });
});

describe("timeLeft", () => {
  it("counts down only the running seats, never below zero", () => {
    const view = clock([100, 200], [20, null], [0]);
    expect(timeLeft(view, 0, 5)).toEqual({ move: 15, game: 95, running: true });
    expect(timeLeft(view, 1, 5)).toEqual({ move: null, game: 200, running: false });
    expect(timeLeft(view, 0, 500)).toEqual({ move: 0, game: 0, running: true });
  });
});

describe("SeatPanels' clocks", () => {
  const names = ["Ann", "Bo"];

  it("counts the running seat down each second and re-syncs at each update", () => {
    vi.useFakeTimers();
    const root = mount(<SeatPanels names={names} me={0} toAct={[0]} view={{}} clock={clock([100, 200], [20, 30], [0])} />);
    expect(clocks(root)).toEqual(["1:40 · 0:20", "3:20"]);
    // an hourglass drawn, not a character many fonts lack
    expect(root.querySelectorAll(".clock svg.hourglass[aria-hidden='true']")).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(clocks(root)).toEqual(["1:37 · 0:17", "3:20"]);
    // a new update: seat 1's turn, its figures as the server sent them
    act(() =>
      render(
        <SeatPanels names={names} me={0} toAct={[1]} view={{}} clock={clock([90, 200], [30, 30], [1])} />,
        root,
      ),
    );
    expect(clocks(root)).toEqual(["1:30", "3:20 · 0:30"]);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(clocks(root)).toEqual(["1:30", "3:18 · 0:28"]);
  });

  it("marks a running clock low below ten seconds and labels it for screen readers", () => {
    vi.useFakeTimers();
    const root = mount(<SeatPanels names={names} me={0} toAct={[0]} view={{}} clock={clock([100, 200], [12, 30], [0])} />);
    const first = root.querySelector(".clock")!;
    expect(first.classList.contains("low")).toBe(false);
    expect(first.getAttribute("role")).toBe("timer");
    expect(first.getAttribute("aria-label")).toBe("game time left 1:40, move time left 0:12");
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(root.querySelector(".clock")!.classList.contains("low")).toBe(true);
    expect(root.querySelectorAll(".clock")[1]!.classList.contains("low")).toBe(false);
  });

  it("shows no clock on a table without clocks", () => {
    const root = mount(<SeatPanels names={names} me={0} toAct={[0]} view={{}} />);
    expect(clocks(root)).toEqual([]);
  });
});

describe("clockRequest", () => {
  it("asks for no clock by default, seconds per move or minutes per game otherwise", () => {
    expect(clockRequest(NO_CLOCK)).toBeNull();
    expect(clockRequest({ kind: "move", amount: 45, onTimeout: "bot" })).toEqual({ move: 45, on_timeout: "bot" });
    expect(clockRequest({ kind: "game", amount: 10, onTimeout: "lose" })).toEqual({ game: 600, on_timeout: "lose" });
    expect(clockRequest({ kind: "move", amount: 0, onTimeout: "bot" })).toBeNull();
  });
  it("asks a turn-based table's days per move in seconds (the server takes up to 7 days)", () => {
    expect(clockRequest({ kind: "days", amount: 3, onTimeout: "lose" })).toEqual({ move: 259200, on_timeout: "lose" });
  });
});
