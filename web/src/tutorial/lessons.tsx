/** The links to a game's further tutorial lessons (the first is "Learn to play"), each by
 * its title in the page's language: in the lobby, on the rules page and at a lesson's end. */
import { useEffect, useState } from "preact/hooks";
import { useLanguage } from "../i18n";
import { tutorialPath } from "../route";
import { lessonTitle, loadTutorialTexts, plainText, TUTORIAL_LESSONS, type TutorialTexts } from "./script";

/** The tutorial's texts in the page's language (``null`` until loaded). */
export function useTutorialTexts(): TutorialTexts | null {
  const { lang } = useLanguage();
  const [texts, setTexts] = useState<TutorialTexts | null>(null);
  useEffect(() => {
    let current = true;
    loadTutorialTexts(lang).then(
      (found) => current && setTexts(found),
      () => current && setTexts(null),
    );
    return () => {
      current = false;
    };
  }, [lang]);
  return texts;
}

/** A link to each of ``game``'s lessons from ``from`` on (1: all but the first). */
export function LessonLinks(props: { game: string; from?: number; navigate: (path: string) => void }) {
  const { game, from = 1, navigate } = props;
  const texts = useTutorialTexts();
  const lessons = (TUTORIAL_LESSONS[game] ?? []).slice(from);
  if (texts === null) return null; // the links come with their titles, never as bare ids
  return (
    <>
      {lessons.map((lesson) => {
        const href = tutorialPath(game, lesson);
        return [
          <a
            key={lesson}
            class="tutorial-lesson"
            href={href}
            data-tutorial={`${game}/${lesson}`}
            onClick={(event) => {
              event.preventDefault();
              navigate(href);
            }}
          >
            {plainText(texts, lessonTitle(game, lesson)) ?? lesson}
          </a>,
          " ",
        ];
      })}
    </>
  );
}
