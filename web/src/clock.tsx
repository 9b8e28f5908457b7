/** Turn clocks on the seat panels: each seat's game time left and, while its clock runs,
 * its move time left, counted down each second from the latest update's figures (the
 * server sends the time left as it stood when it sent the update; every update re-syncs). */
import { useEffect, useState } from "preact/hooks";
import type { ClockView } from "./generated/protocol";
import { useLanguage } from "./i18n";

/** Below this many seconds a clock is drawn as low on time. */
export const LOW_SECONDS = 10;

/** Seconds as ``m:ss`` (``h:mm:ss`` from an hour on), rounded up so 0:00 means none left. */
export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole >= 86400) {
    // a turn-based table's clock: days, then hours and minutes (seconds would only flicker)
    const days = Math.floor(whole / 86400);
    const rest = whole % 86400;
    const minutes = String(Math.floor((rest % 3600) / 60)).padStart(2, "0");
    return `${days}d ${Math.floor(rest / 3600)}:${minutes}`;
  }
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = String(whole % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
}

/** A seat's time left now, ``elapsed`` seconds after the update arrived (``null``: no such limit). */
export function timeLeft(
  clock: ClockView,
  seat: number,
  elapsed: number,
): { move: number | null; game: number | null; running: boolean } {
  const running = clock.running.includes(seat);
  const spent = running ? elapsed : 0;
  const move = clock.move_left[seat] ?? null;
  const game = clock.game_left[seat] ?? null;
  return {
    move: move === null ? null : Math.max(0, move - spent),
    game: game === null ? null : Math.max(0, game - spent),
    running,
  };
}

/** Seconds since the clock view arrived, ticking each second; back to 0 at each new view. */
export function useElapsed(clock: ClockView | null | undefined): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    setElapsed(0);
    if (!clock || clock.running.length === 0) return;
    const started = Date.now();
    const timer = setInterval(() => setElapsed((Date.now() - started) / 1000), 1000);
    return () => clearInterval(timer);
  }, [clock]);
  return elapsed;
}

/** An hourglass drawn in the text's colour: the "⌛" character is missing from many fonts
 * (Debian's Chromium with its DejaVu fonts drew an empty box). */
function Hourglass() {
  return (
    <svg class="hourglass" viewBox="0 0 10 14" width="0.7em" height="1em" aria-hidden="true">
      <path d="M1 1h8M1 13h8M2 1c0 4 6 4 6 6s-6 2-6 6M8 1c0 4-6 4-6 6s6 2 6 6" fill="none" stroke="currentColor" stroke-width="1.3" />
    </svg>
  );
}

/** One seat's clock: game time left, and move time left while it runs. */
export function SeatClock(props: { clock: ClockView; seat: number; elapsed: number }) {
  const { clock, seat, elapsed } = props;
  const { t } = useLanguage();
  const left = timeLeft(clock, seat, elapsed);
  const shown = [left.running ? left.move : null, left.game].filter((v): v is number => v !== null);
  if (shown.length === 0) return null;
  const low = left.running && Math.min(...shown) < LOW_SECONDS;
  const parts: string[] = [];
  if (left.game !== null) parts.push(t("game time left {time}", { time: formatSeconds(left.game) }));
  if (left.running && left.move !== null) {
    parts.push(t("move time left {time}", { time: formatSeconds(left.move) }));
  }
  return (
    <span
      class={`clock${left.running ? " running" : ""}${low ? " low" : ""}`}
      role="timer"
      aria-label={parts.join(", ")}
      title={parts.join(", ")}
    >
      {" "}
      <Hourglass />{" "}
      {left.game !== null && <span class="game-left">{formatSeconds(left.game)}</span>}
      {left.running && left.move !== null && (
        <span class="move-left">
          {left.game !== null ? " · " : ""}
          {formatSeconds(left.move)}
        </span>
      )}
    </span>
  );
}
