/** The tab says whose turn it is: while this seat has a move to make, the document's title
 * starts with a mark and says so, and the favicon shows a dot, so a player in another tab
 * sees at a glance that the table waits for them (issue 33, item 4; issue 32, item 6). */
import { useEffect } from "preact/hooks";
import { useLanguage } from "./i18n";

/** A small pyramid; ``dot``: with a red dot in its corner (your turn). */
export function faviconUrl(dot: boolean): string {
  const mark = dot ? '<circle cx="25" cy="7" r="7" fill="#c62828" stroke="#fff" stroke-width="2"/>' : "";
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
    '<path d="M16 3 L30 29 H2 Z" fill="#c9a227" stroke="#5b4a1c" stroke-width="2"/>' +
    mark +
    "</svg>";
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The tab's title for a table of ``game``: marked while it is the reader's turn. */
export function tabTitle(game: string, yourTurn: boolean, yourMove: string): string {
  return yourTurn ? `● ${yourMove} · ${game} · Saqqara` : `${game} · Saqqara`;
}

function setFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.appendChild(link);
  }
  link.href = href;
}

/** Renders nothing; keeps the tab's title and favicon in step with the turn, and gives
 * them back as they were when the table is left. */
export function TurnSignal(props: { game: string; yourTurn: boolean }) {
  const { t } = useLanguage();
  const { game, yourTurn } = props;
  useEffect(() => {
    const title = document.title;
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? "data:,";
    return () => {
      document.title = title;
      setFavicon(icon);
    };
  }, []);
  useEffect(() => {
    document.title = tabTitle(game, yourTurn, t("Your move"));
    setFavicon(faviconUrl(yourTurn));
  }, [game, yourTurn, t]);
  return null;
}
