/** A finished game's review beside its replay, as Lichess shows one for chess: each seat's
 * chance of winning through the game as the bot estimated it (an SVG graph drawn here), and
 * the moves it judged mistakes or inaccuracies. Clicking a point or a move steps the replay
 * there. The server works the review out (each decision from its mover's perspective then);
 * the page asks again while it is pending. */
import { useEffect, useState } from "preact/hooks";
import { api, type ReviewAnswer, type ReviewMove, type Viewer } from "./api";
import { useLanguage } from "./i18n";
import { seatColour, seatSymbol } from "./seats";

/** Milliseconds between two asks while the review is pending. */
export const POLL_MS = 1000;

/** A replay frame's actions: those after the first number, up to the second. */
export type Span = [number, number];

/** Whether ``move`` is shown by the replay's frame ``at``. */
export function shows(at: Span, move: ReviewMove): boolean {
  return at[0] < move.frame_seq && move.frame_seq <= at[1];
}

const WIDTH = 320;
const HEIGHT = 140;
const PAD = 18;

/** The graph's point of decision ``n`` of ``count`` at estimate ``value`` (0 to 1). */
export function graphPoint(n: number, count: number, value: number): { x: number; y: number } {
  const x = PAD + (count <= 1 ? 0 : (n / (count - 1)) * (WIDTH - 2 * PAD));
  const y = PAD + (1 - value) * (HEIGHT - 2 * PAD);
  return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
}

/** The graph: one line per seat through its decisions' estimates (the best move's, before
 * it moved), a dot per decision, flagged ones larger; the replay's place as a bar. */
export function ValueGraph(props: {
  review: ReviewAnswer;
  /** The replay's frame shown, as the ``seq`` of the frame before it and its own: it shows
   * the actions after the first up to the second. */
  at: Span;
  onStep: (move: ReviewMove) => void;
}) {
  const { review, at, onStep } = props;
  const { t } = useLanguage();
  const moves = review.moves ?? [];
  const count = moves.length;
  const position = moves.findIndex((move) => move.frame_seq > at[0]);
  const seats = (review.names ?? []).map((_, seat) => seat);
  return (
    <svg
      class="value-graph"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={t("Each player's chance of winning, as the bot saw it")}
    >
      <rect x={PAD} y={PAD} width={WIDTH - 2 * PAD} height={HEIGHT - 2 * PAD} class="graph-frame" />
      <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT / 2} y2={HEIGHT / 2} class="graph-half" />
      <text x={2} y={PAD + 4} class="graph-axis">100%</text>
      <text x={2} y={HEIGHT - PAD + 4} class="graph-axis">0%</text>
      {position >= 0 && count > 0 && (
        <line
          class="graph-now"
          x1={graphPoint(position, count, 0).x}
          x2={graphPoint(position, count, 0).x}
          y1={PAD}
          y2={HEIGHT - PAD}
        />
      )}
      {seats.map((seat) => {
        const points = moves
          .map((move, n) => ({ move, n }))
          .filter(({ move }) => move.seat === seat && move.before !== null && move.before !== undefined)
          .map(({ move, n }) => graphPoint(n, count, move.before ?? 0));
        return (
          <polyline
            key={seat}
            class="graph-line"
            data-seat={seat}
            points={points.map((p) => `${p.x},${p.y}`).join(" ")}
            style={{ stroke: seatColour(seat) }}
          />
        );
      })}
      {moves.map((move, n) => {
        if (move.before === null || move.before === undefined) return null;
        const p = graphPoint(n, count, move.before);
        const label = t("Move {move}, {name}: played {played}; the bot would play {best}", {
          move: move.move,
          name: move.name,
          played: move.played_label,
          best: move.best_label,
        });
        return (
          <circle
            key={move.index}
            class={move.flag ? `graph-point ${move.flag}` : "graph-point"}
            data-frame={move.frame_seq}
            cx={p.x}
            cy={p.y}
            r={move.flag ? 5 : 3}
            style={{ fill: move.flag ? undefined : seatColour(move.seat) }}
            onClick={() => onStep(move)}
          >
            <title>{label}</title>
          </circle>
        );
      })}
    </svg>
  );
}

/** The review of a finished table, asked for ``who`` in the page's language, beside the
 * replay whose frame ``at`` is shown; ``onStep`` steps the replay to a move. */
export function ReviewPanel(props: {
  table: string;
  who: Viewer;
  at: Span;
  onStep: (frameSeq: number) => void;
}) {
  const { table, who, at, onStep } = props;
  const { t, lang } = useLanguage();
  const [review, setReview] = useState<ReviewAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const { seat, key, watch } = who;

  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const ask = () => {
      api.tableReview(table, { seat, key, watch }, lang).then(
        (answer) => {
          if (!current) return;
          setReview(answer);
          setError(null);
          if (answer.status === "pending") timer = setTimeout(ask, POLL_MS);
        },
        (e: Error) => current && setError(e.message),
      );
    };
    ask();
    return () => {
      current = false;
      if (timer !== null) clearTimeout(timer);
    };
  }, [table, seat, key, watch, lang, round]);

  const step = (move: ReviewMove) => onStep(move.frame_seq);
  return (
    <section class="review" aria-label={t("Review")}>
      <h2>{t("Review")}</h2>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!review && !error && <p role="status">{t("Reviewing the game…")}</p>}
      {review?.status === "pending" && (
        <p role="status" class="review-progress">
          {t("Reviewing the game… {done} of {total} decisions", { done: review.done, total: review.total })}
        </p>
      )}
      {review?.status === "failed" && (
        <p role="alert" class="error">
          {t("The review could not be worked out.")}{" "}
          <button type="button" onClick={() => setRound(round + 1)}>
            {t("Try again")}
          </button>
        </p>
      )}
      {review?.status === "ready" && <ReadyReview review={review} at={at} onStep={step} />}
    </section>
  );
}

export function ReadyReview(props: { review: ReviewAnswer; at: Span; onStep: (move: ReviewMove) => void }) {
  const { review, at, onStep } = props;
  const { t } = useLanguage();
  const flagged = (review.moves ?? []).filter((move) => move.flag);
  return (
    <>
      <ValueGraph review={review} at={at} onStep={onStep} />
      <ul class="review-seats">
        {(review.summary ?? []).map((line) => (
          <li key={line.seat} style={{ borderColor: seatColour(line.seat) }}>
            {seatSymbol(line.seat)}{" "}
            {t("{name}: mistakes {mistakes}, inaccuracies {inaccuracies}", {
              name: line.name,
              mistakes: line.mistakes,
              inaccuracies: line.inaccuracies,
            })}
          </li>
        ))}
      </ul>
      {flagged.length === 0 ? (
        <p>{t("No mistakes or inaccuracies: the bot agrees with every move.")}</p>
      ) : (
        <ol class="review-moves" aria-label={t("Mistakes and inaccuracies")}>
          {flagged.map((move) => (
            <li key={move.index}>
              <button
                type="button"
                class={`review-move ${move.flag ?? ""}${shows(at, move) ? " current" : ""}`}
                data-frame={move.frame_seq}
                onClick={() => onStep(move)}
              >
                <span class="flag">{move.flag === "mistake" ? t("mistake") : t("inaccuracy")}</span>{" "}
                {t("Move {move}, {name}: played {played}; the bot would play {best}", {
                  move: move.move,
                  name: move.name,
                  played: move.played_label,
                  best: move.best_label,
                })}{" "}
                <span class="loss">
                  {t("({percent} points of winning chance lost)", { percent: Math.round((move.loss ?? 0) * 100) })}
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
