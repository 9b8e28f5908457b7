/** The app: a lobby, play now, a replay, a game's rules or tutorial, the account's pages, leaderboards and profiles, or a table, chosen by the address; links move without
 * reloading. It holds the page's language (for every part of the page) and takes a record
 * file dropped anywhere on the page to the replay. */
import { useCallback, useEffect, useState } from "preact/hooks";
import { AccountContext, AccountPage, SignInPage, useAccountState } from "./account";
import { HotSeatPage } from "./hotseat";
import { LanguageContext, useLanguageState } from "./i18n";
import { Lobby } from "./lobby";
import { PlayNowPage } from "./play";
import { type RecordFile, ReplayPage, readRecordFile } from "./replay";
import { LeaderboardPage, ProfilePage } from "./ratings";
import { parseRoute } from "./route";
import { RulesPage } from "./rules/page";
import { TablePage } from "./table";
import { TutorialPage } from "./tutorial/page";

export function App() {
  const language = useLanguageState();
  const signedIn = useAccountState();
  const [where, setWhere] = useState(() => parseRoute(location.pathname, location.search, location.hash));
  const [recordFile, setRecordFile] = useState<RecordFile | null>(null);
  useEffect(() => {
    const back = () => setWhere(parseRoute(location.pathname, location.search, location.hash));
    window.addEventListener("popstate", back);
    return () => window.removeEventListener("popstate", back);
  }, []);
  const navigate = useCallback((path: string) => {
    history.pushState(null, "", path);
    setWhere(parseRoute(location.pathname, location.search, location.hash));
  }, []);
  useEffect(() => {
    document.documentElement.lang = language.lang;
  }, [language.lang]);

  // A file dropped anywhere on the page is replayed.
  useEffect(() => {
    const over = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes("Files")) event.preventDefault();
    };
    const drop = (event: DragEvent) => {
      if (!event.dataTransfer?.files.length) return;
      event.preventDefault();
      void readRecordFile(event.dataTransfer.files).then((file) => {
        if (!file) return;
        setRecordFile(file);
        if (location.pathname !== "/replay") navigate("/replay");
      });
    };
    window.addEventListener("dragover", over);
    window.addEventListener("drop", drop);
    return () => {
      window.removeEventListener("dragover", over);
      window.removeEventListener("drop", drop);
    };
  }, [navigate]);

  // Until the kept language's words arrive the page stays empty, not English for a moment.
  if (!language.ready) return <main aria-busy="true" />;
  return (
    <LanguageContext.Provider value={language}>
      <AccountContext.Provider value={signedIn}>{page()}</AccountContext.Provider>
    </LanguageContext.Provider>
  );

  function page() {
    if (where.page === "lobby") return <Lobby navigate={navigate} />;
    if (where.page === "play") return <PlayNowPage navigate={navigate} />;
    if (where.page === "replay") return <ReplayPage source={recordFile} onSource={setRecordFile} />;
    if (where.page === "rules") return <RulesPage game={where.game} options={where.options} navigate={navigate} />;
    if (where.page === "tutorial") return (
        <TutorialPage key={`${where.game}/${where.lesson ?? ""}`} game={where.game} lesson={where.lesson} navigate={navigate} />
      );
    if (where.page === "sign-in" || where.page === "sign-up") {
      return <SignInPage key={where.page} mode={where.page} navigate={navigate} />;
    }
    if (where.page === "account") return <AccountPage navigate={navigate} />;
    if (where.page === "leaderboard") {
      return <LeaderboardPage game={where.game} players={where.players} navigate={navigate} />;
    }
    if (where.page === "player") return <ProfilePage key={where.name} name={where.name} navigate={navigate} />;
    if (where.page === "hotseat") {
      return <HotSeatPage key={where.table} table={where.table} seats={where.seats} />;
    }
    return (
      <TablePage
        key={`${where.table}-${where.seat}`}
        table={where.table}
        seat={where.seat}
        keyText={where.key}
        watch={where.watch}
        navigate={navigate}
      />
    );
  }
}
