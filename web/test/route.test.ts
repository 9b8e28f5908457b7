/** Page addresses: seat links, spectator links, hot-seat fragments, the account's pages, leaderboards and profiles. */
import { describe, expect, it } from "vitest";
import {
  hotSeatPath,
  leaderboardPath,
  parseHotSeat,
  parseRoute,
  playerPath,
  rulesPath,
  seatPath,
  tutorialPath,
} from "../src/route";

describe("parseRoute", () => {
  it("reads the lobby, a seat link, a spectator link and a hot-seat link", () => {
    expect(parseRoute("/", "")).toEqual({ page: "lobby" });
    expect(parseRoute("/replay", "")).toEqual({ page: "replay" });
    expect(parseRoute("/replays", "")).toEqual({ page: "lobby" });
    expect(parseRoute("/play", "")).toEqual({ page: "play" });
    expect(parseRoute("/play/", "")).toEqual({ page: "play" });
    expect(parseRoute("/playing", "")).toEqual({ page: "lobby" });
    expect(parseRoute("/t/ab12", "?seat=1&key=k-1")).toEqual({
      page: "table",
      table: "ab12",
      seat: 1,
      key: "k-1",
      watch: null,
    });
    expect(parseRoute("/t/ab12", "?watch=w")).toMatchObject({ seat: null, key: null, watch: "w" });
    expect(parseRoute("/t/ab12", "", "#hotseat=0:aa,2:b_b")).toEqual({
      page: "hotseat",
      table: "ab12",
      seats: [
        { seat: 0, key: "aa" },
        { seat: 2, key: "b_b" },
      ],
    });
  });

  it("ignores what is not a table address or a well-formed seat", () => {
    expect(parseRoute("/t/../x", "")).toEqual({ page: "lobby" });
    expect(parseRoute("/t/ab", "?seat=x&key=k")).toMatchObject({ seat: null, key: null });
    expect(parseHotSeat("#hotseat=0:ok,1:bad key,x:y")).toEqual([{ seat: 0, key: "ok" }]);
    expect(parseHotSeat("#other")).toEqual([]);
  });

  it("reads the account's pages and a seat of the signed-in account's, without a key", () => {
    expect(parseRoute("/sign-in", "")).toEqual({ page: "sign-in" });
    expect(parseRoute("/sign-up/", "")).toEqual({ page: "sign-up" });
    expect(parseRoute("/account", "")).toEqual({ page: "account" });
    expect(parseRoute("/accounts", "")).toEqual({ page: "lobby" });
    expect(parseRoute("/t/ab12", "?seat=0")).toMatchObject({ page: "table", seat: 0, key: null });
    expect(seatPath("ab12", 0, null)).toBe("/t/ab12?seat=0");
    expect(seatPath("ab12", 1, "k 1")).toBe("/t/ab12?seat=1&key=k%201");
  });

  it("reads leaderboards and profiles", () => {
    expect(parseRoute("/leaderboard/tutankhamun", "")).toEqual({ page: "leaderboard", game: "tutankhamun", players: 2 });
    expect(parseRoute("/leaderboard/tutankhamun/", "?players=3")).toEqual({
      page: "leaderboard",
      game: "tutankhamun",
      players: 3,
    });
    expect(parseRoute("/leaderboard/tutankhamun", "?players=x")).toMatchObject({ players: 2 });
    expect(parseRoute("/leaderboard/Bad_Game", "")).toEqual({ page: "lobby" });
    expect(parseRoute("/players/Ann_1", "")).toEqual({ page: "player", name: "Ann_1" });
    expect(parseRoute("/players/<b>", "")).toEqual({ page: "lobby" });
    expect(leaderboardPath("tutankhamun")).toBe("/leaderboard/tutankhamun");
    expect(leaderboardPath("tutankhamun", 4)).toBe("/leaderboard/tutankhamun?players=4");
    expect(playerPath("Ann_1")).toBe("/players/Ann_1");
  });

  it("writes hot-seat links that it reads back", () => {
    const seats = [
      { seat: 0, key: "k0" },
      { seat: 1, key: "k1" },
    ];
    const path = hotSeatPath("t1", seats);
    const [pathname, hash] = path.split("#");
    expect(parseRoute(pathname ?? "", "", `#${hash}`)).toEqual({ page: "hotseat", table: "t1", seats });
  });

  it("reads and writes a tutorial lesson's address; anything else there is the lobby", () => {
    expect(parseRoute(tutorialPath("valley-of-the-kings"), "")).toEqual({
      page: "tutorial",
      game: "valley-of-the-kings",
      lesson: null,
    });
    expect(parseRoute("/tutorial/tutankhamun/", "")).toEqual({ page: "tutorial", game: "tutankhamun", lesson: null });
    expect(tutorialPath("curse-of-the-mummy", "mummy")).toBe("/tutorial/curse-of-the-mummy/mummy");
    expect(parseRoute(tutorialPath("curse-of-the-mummy", "mummy"), "")).toEqual({
      page: "tutorial",
      game: "curse-of-the-mummy",
      lesson: "mummy",
    });
    expect(parseRoute("/tutorial/", "")).toEqual({ page: "lobby" });
    expect(parseRoute("/tutorial/Bad Game", "")).toEqual({ page: "lobby" });
    expect(parseRoute("/tutorial/tutankhamun/a/b", "")).toEqual({ page: "lobby" });
  });

  it("reads and writes the rules' addresses, with the options a table plays", () => {
    expect(parseRoute("/rules", "")).toEqual({ page: "rules", game: null, options: null });
    expect(parseRoute("/rules/curse-of-the-mummy/", "")).toEqual({
      page: "rules",
      game: "curse-of-the-mummy",
      options: null,
    });
    const options = { edition: "ootb-2004" };
    const path = rulesPath("tutankhamun", options);
    expect(path).toBe("/rules/tutankhamun?edition=ootb-2004");
    const [pathname, search] = path.split("?");
    expect(parseRoute(pathname ?? "", `?${search}`)).toEqual({ page: "rules", game: "tutankhamun", options });
    expect(rulesPath("valley-of-the-kings")).toBe("/rules/valley-of-the-kings");
    // Only well-formed names and values are kept; a bad game name is no rules page.
    expect(parseRoute("/rules/x", "?edition=<b>&experts=on")).toMatchObject({ options: { experts: "on" } });
    expect(parseRoute("/rules/X_Y", "")).toEqual({ page: "lobby" });
  });
});
