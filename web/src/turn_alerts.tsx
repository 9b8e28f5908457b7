/** Turn alerts a player chooses at the table (issue 32, item 6): a short sound when their
 * turn begins (off by default) and, while the page is open but not looked at, a browser
 * notification (the Notification API, after the browser's own permission prompt). Both
 * choices are kept in localStorage for every table. Nothing is sent anywhere: a page that
 * is closed gets none of these; a signed-in player may switch on Web Push of turns here
 * too (table_push.tsx), which reaches a closed page. */
import { useEffect, useRef, useState } from "preact/hooks";
import { useLanguage } from "./i18n";
import { TablePush } from "./table_push";

const KEY = "saqqara.alerts";

export interface AlertChoice {
  sound: boolean;
  notify: boolean;
}

export const NO_ALERTS: AlertChoice = { sound: false, notify: false };

/** The stored choice (none stored, or unreadable: no alerts). */
export function loadAlerts(): AlertChoice {
  try {
    const raw = typeof localStorage === "undefined" ? null : localStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<AlertChoice>) : {};
    return { sound: parsed.sound === true, notify: parsed.notify === true };
  } catch {
    return NO_ALERTS;
  }
}

function saveAlerts(choice: AlertChoice): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(choice));
  } catch {
    // a browser that keeps nothing: the choice lasts as long as the page
  }
}

/** A short two-tone chime through Web Audio (no sound file to load). */
export function chime(): void {
  const Context = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Context) return;
  const audio = new Context();
  const gain = audio.createGain();
  gain.gain.value = 0.08;
  gain.connect(audio.destination);
  [660, 880].forEach((pitch, index) => {
    const tone = audio.createOscillator();
    tone.frequency.value = pitch;
    tone.connect(gain);
    tone.start(audio.currentTime + index * 0.15);
    tone.stop(audio.currentTime + index * 0.15 + 0.12);
  });
  setTimeout(() => void audio.close(), 600);
}

/** What to do as a turn begins, by the choice: the sound, and a notification where the
 * page is hidden and the browser allows them. */
export function alertTurn(choice: AlertChoice, title: string, body: string): void {
  if (choice.sound) chime();
  const Notify = (globalThis as { Notification?: typeof Notification }).Notification;
  if (choice.notify && Notify && Notify.permission === "granted" && document.hidden) {
    new Notify(title, { body, tag: "saqqara-turn" });
  }
}

/** The two switches (and push's, for a signed-in player), and the alert when ``yourTurn`` becomes true. */
export function TurnAlerts(props: { game: string; yourTurn: boolean }) {
  const { t } = useLanguage();
  const [choice, setChoice] = useState<AlertChoice>(loadAlerts);
  const before = useRef(props.yourTurn);
  useEffect(() => {
    if (props.yourTurn && !before.current) alertTurn(choice, t("Your move"), props.game);
    before.current = props.yourTurn;
  }, [props.yourTurn]);
  const change = (next: AlertChoice) => {
    setChoice(next);
    saveAlerts(next);
  };
  const Notify = (globalThis as { Notification?: typeof Notification }).Notification;
  const askNotify = async (on: boolean) => {
    if (on && Notify && Notify.permission !== "granted") {
      const answer = await Notify.requestPermission();
      if (answer !== "granted") return change({ ...choice, notify: false });
    }
    change({ ...choice, notify: on });
  };
  return (
    <span class="alerts">
      <label>
        <input type="checkbox" checked={choice.sound} onChange={(e) => change({ ...choice, sound: e.currentTarget.checked })} />{" "}
        {t("Sound on my turn")}
      </label>
      {Notify ? (
        <label>
          <input type="checkbox" checked={choice.notify} onChange={(e) => void askNotify(e.currentTarget.checked)} />{" "}
          {t("Notify me")}
        </label>
      ) : null}
      <TablePush />
    </span>
  );
}
