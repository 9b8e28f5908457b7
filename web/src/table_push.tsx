/** Web Push of turns switched on or off at the table (issue 32, a follow-up): the account
 * page's switch (push.ts) beside the sound and notification choices, for a seat whose
 * player is signed in (turns are pushed to the account's browsers). Shown only where the
 * browser can take pushes; a browser that refuses notifications leaves it off, saying so. */
import { useEffect, useState } from "preact/hooks";
import { useAccount } from "./account";
import { useLanguage } from "./i18n";
import { currentPush, pushSupported, turnPushOff, turnPushOn } from "./push";

/** Where the switch stands: ``asking`` while the browser or the server is asked. */
export type PushState = "asking" | "off" | "on" | "refused";

export function TablePush() {
  const { t } = useLanguage();
  const { me } = useAccount();
  const supported = pushSupported();
  const [state, setState] = useState<PushState>("asking");
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!supported || !me) return;
    currentPush().then(
      (found) => setState(found ? "on" : "off"),
      () => setState("off"),
    );
  }, [me]);
  if (!supported || !me) return null;
  const change = async (on: boolean) => {
    const before = state;
    setFailed(null);
    setState("asking");
    try {
      if (on) {
        setState((await turnPushOn()) ? "on" : "refused");
      } else {
        await turnPushOff();
        setState("off");
      }
    } catch (e) {
      setState(before === "refused" ? "off" : before);
      setFailed(e instanceof Error ? e.message : String(e)); // the browser's or the server's
    }
  };
  return (
    <label class="table-push" title={t("Your turns are sent to this browser when no page of the table is open.")}>
      <input
        type="checkbox"
        checked={state === "on"}
        disabled={state === "asking"}
        onChange={(e) => void change(e.currentTarget.checked)}
      />{" "}
      {t("Send my turns here")}
      {state === "refused" ? <span role="status"> {t("The browser did not allow notifications.")}</span> : null}
      {failed !== null ? (
        <span class="error" role="alert">
          {" "}
          {t("This browser could not subscribe: {reason}", { reason: failed })}
        </span>
      ) : null}
    </label>
  );
}
