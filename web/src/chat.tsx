/** The table's chat (issue 32, item 7): every line said at the table, shown as text (Preact
 * writes it into a text node: markup in a line stays letters), a box to say one, and a
 * switch per other player to mute them on this page (kept in localStorage per table;
 * the server and the others know nothing of it). Every seat reads the same chat. */
import { useState } from "preact/hooks";
import type { Said } from "./generated/protocol";
import { useLanguage } from "./i18n";
import { seatColour, seatSymbol } from "./seats";

/** The longest line the server takes (``CHAT_LENGTH``). */
export const CHAT_LENGTH = 300;

function mutedKey(table: string): string {
  return `saqqara.muted.${table}`;
}

/** The seats muted at ``table`` on this page. */
export function loadMuted(table: string): number[] {
  try {
    const raw = localStorage.getItem(mutedKey(table));
    const seats = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(seats) ? seats.filter((seat): seat is number => Number.isInteger(seat)) : [];
  } catch {
    return [];
  }
}

function saveMuted(table: string, seats: number[]): void {
  try {
    localStorage.setItem(mutedKey(table), JSON.stringify(seats));
  } catch {
    // nothing kept: the choice lasts as long as the page
  }
}

export function ChatPanel(props: {
  table: string;
  lines: Said[];
  names: string[];
  me: number | null;
  onSay: (text: string) => void;
}) {
  const { table, lines, names, me, onSay } = props;
  const { t } = useLanguage();
  const [draft, setDraft] = useState("");
  const [muted, setMuted] = useState<number[]>(() => loadMuted(table));
  const toggle = (seat: number) => {
    const next = muted.includes(seat) ? muted.filter((s) => s !== seat) : [...muted, seat];
    setMuted(next);
    saveMuted(table, next);
  };
  const shown = lines.filter((line) => line.seat === null || !muted.includes(line.seat));
  const send = (event: Event) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    onSay(text);
    setDraft("");
  };
  return (
    <section class="chat" aria-label={t("Chat")}>
      <h2>{t("Chat")}</h2>
      {shown.length === 0 ? (
        <p class="chat-empty">{t("Nothing said yet.")}</p>
      ) : (
        <ol class="chat-lines" aria-live="polite" tabIndex={0}>
          {shown.map((line) => (
            <li key={line.id} data-id={line.id}>
              {line.seat !== null ? (
                <span aria-hidden="true" style={{ color: seatColour(line.seat) }}>
                  {seatSymbol(line.seat)}{" "}
                </span>
              ) : null}
              <strong>{line.name}</strong>: <span class="chat-text">{line.text}</span>
            </li>
          ))}
        </ol>
      )}
      <form class="chat-say" onSubmit={send}>
        <input
          type="text"
          aria-label={t("Say something at the table")}
          maxLength={CHAT_LENGTH}
          value={draft}
          onInput={(event) => setDraft(event.currentTarget.value)}
        />
        <button type="submit">{t("Send")}</button>
      </form>
      {names.length > 1 ? (
        <p class="chat-mute">
          {names.map((name, seat) =>
            seat === me ? null : (
              <button key={seat} type="button" class="link-button" aria-pressed={muted.includes(seat)} onClick={() => toggle(seat)}>
                {muted.includes(seat) ? t("Unmute {player}", { player: name }) : t("Mute {player}", { player: name })}
              </button>
            ),
          )}
        </p>
      ) : null}
    </section>
  );
}
