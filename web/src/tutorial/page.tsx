/** A lesson of a game's interactive tutorial (/tutorial/GAME/LESSON; /tutorial/GAME: its
 * first): a short scripted game against the server's own engine. The server makes a
 * private table of the lesson's script (its fixed
 * seed: the same deal every time) with every seat a person; this page holds every seat's
 * connection, as the hot seat does, but shows the learner's table alone. Each of the
 * learner's steps says one sentence (what this kind of decision does and what to do now),
 * marks the move it asks for on the board and in the moves, and takes only that move (any
 * other is answered with why it is not the one asked for, and nothing is sent); the
 * opponents' moves are the script's, played by the page a moment after their turn comes,
 * as are the learner's steps without a sentence (a lesson's prelude). At its end the page
 * offers the game's further lessons.
 * A step is read only once every connection has caught up with the table and the table has
 * moved past the last move sent, so a late update never replays a step. */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { ApiError, api } from "../api";
import { Connection, socketUrl, type TableState } from "../connection";
import { useLanguage } from "../i18n";
import { caughtUp } from "../hotseat";
import { rulesPath } from "../route";
import { TableView, useConnectionLanguage, useTitles } from "../table";
import { LessonLinks, useTutorialTexts } from "./lessons";
import {
  accepts,
  type CreatedTutorial,
  expectedMove,
  lessonTitle,
  plainText,
  stepTexts,
  TUTORIAL_LESSONS,
} from "./script";

/** How long an opponent's scripted move waits once its turn comes, so it can be seen
 * (a prelude's moves, before the lesson's first sentence, wait for nothing). */
const OPPONENT_PAUSE_MS = 200;

export function TutorialPage(props: { game: string; lesson: string | null; navigate: (path: string) => void }) {
  const { game, lesson, navigate } = props;
  const { t } = useLanguage();
  const texts = useTutorialTexts();
  const titles = useTitles();
  const [made, setMade] = useState<CreatedTutorial | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [states, setStates] = useState<Record<number, TableState>>({});
  /** How many of the script's steps were sent, and the table's seq when the last was. */
  const [progress, setProgress] = useState({ done: 0, sentAt: -1 });
  /** The learner clicked another move than the step's: why it is not the one. */
  const [refused, setRefused] = useState(false);
  const connections = useRef(new Map<number, Connection>());
  const all = useMemo(() => () => connections.current.values(), []);
  const lang = useConnectionLanguage(all);

  useEffect(() => {
    api.tutorial(game, lesson).then(setMade, (failure: Error) =>
      setError(failure instanceof ApiError ? failure.message : String(failure)),
    );
  }, [game, lesson]);

  useEffect(() => {
    if (!made) return;
    const opened = made.seats.map(({ seat, key }) => {
      const connection = new Connection(
        (since) => socketUrl(made.table, { seat, key, watch: null }, lang.current, since),
        (state) => setStates((before) => ({ ...before, [seat]: state })),
      );
      connections.current.set(seat, connection);
      connection.start();
      return connection;
    });
    return () => {
      for (const connection of opened) connection.stop();
      connections.current.clear();
    };
  }, [made, lang]);

  const script = made?.script ?? null;
  const learner = script?.learner ?? 0;
  const step = script?.steps[progress.done] ?? null;
  const finished = script !== null && progress.done >= script.steps.length;
  const update = (step ? states[step.seat]?.update : null) ?? null;
  // The step is at hand once every seat has caught up and the table moved past the last send.
  const ready =
    made !== null && caughtUp(made.seats, states) && update !== null && update.seq > progress.sentAt;
  const legal = ready && update ? update.legal : [];
  const expected = step ? expectedMove(step, legal) : null;

  // A step without a sentence (an opponent's, or a learner's in a prelude): played a moment
  // after its turn comes (and again once its connection may send, if it could not: a move
  // not sent leaves the step where it is).
  const waiting = step ? (states[step.seat]?.waiting ?? false) : false;
  const taught = step !== null && step.seat === learner && step.text !== undefined;
  const prelude = script !== null && script.steps.slice(0, progress.done + 1).every((s) => s.text === undefined);
  useEffect(() => {
    if (!step || taught || !expected || !update || waiting) return;
    const timer = setTimeout(() => {
      if (connections.current.get(step.seat)?.act(expected.id)) {
        setProgress(({ done }) => ({ done: done + 1, sentAt: update.seq }));
      }
    }, prelude ? 0 : OPPONENT_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [step, taught, prelude, expected, update, waiting]);

  const onAct = useMemo(
    () => (action: number) => {
      if (!step || !taught || !ready || !update) return;
      if (!accepts(step, legal, action)) {
        setRefused(true);
        return;
      }
      setRefused(false);
      if (connections.current.get(learner)?.act(action)) {
        setProgress(({ done }) => ({ done: done + 1, sentAt: update.seq }));
      }
    },
    [step, taught, learner, ready, update, legal],
  );

  if (error !== null || !made || !script) {
    return (
      <main class="table">
        <p role={error ? "alert" : "status"}>{error ?? t("Connecting…")}</p>
        <a href="/">{t("Back to the lobby")}</a>
      </main>
    );
  }
  const learnerSteps = script.steps.filter((s) => s.text !== undefined);
  const number = script.steps.slice(0, progress.done + 1).filter((s) => s.text !== undefined).length;
  const words = taught ? stepTexts(texts ?? {}, step?.text) : null;
  const finishText = texts?.[script.finish];
  const title = plainText(texts, lessonTitle(game, script.lesson));
  const rules = rulesPath(game, script.options);
  const panel = (
    <section class="tutorial-step" aria-label={t("Tutorial")} aria-live="polite" data-step={progress.done}>
      {finished ? (
        <>
          <p class="say" data-key={script.finish}>
            {typeof finishText === "string" ? finishText : ""}
          </p>
          <p class="tutorial-links">
            <LessonLinks game={game} from={script.part} navigate={navigate} />
            <a href="/" class="tutorial-done" onClick={(event) => {
                event.preventDefault();
                navigate("/");
              }}>
              {t("Play a real game")}
            </a>{" "}
            <a href={rules} onClick={(event) => {
                event.preventDefault();
                navigate(rules);
              }}>
              {t("Rules")}
            </a>
          </p>
        </>
      ) : words ? (
        <>
          <p class="tutorial-count">
            {title !== null && (TUTORIAL_LESSONS[game]?.length ?? 0) > 1 ? `${title}: ` : ""}
            {t("Step {number} of {count}", { number, count: learnerSteps.length })}
          </p>
          <p class="say" data-key={step?.text}>
            {words.say}
          </p>
          {refused && (
            <p class="why" role="alert">
              {words.why}
            </p>
          )}
        </>
      ) : (
        <p class="tutorial-wait">{t("The other players move…")}</p>
      )}
    </section>
  );
  const mine = states[learner] ?? null;
  return (
    <TableView
      state={mine}
      onAct={onAct}
      table={made.table}
      keyText={null}
      titles={titles}
      navigate={navigate}
      guide={{
        panel,
        hinted: taught ? (expected?.id ?? null) : null,
        mark: t("this step's move"),
        locked: finished,
      }}
    />
  );
}
