/** The app: a lobby or a table, chosen by the address; links move without reloading. */
import { useCallback, useEffect, useState } from "preact/hooks";
import { HotSeatPage } from "./hotseat";
import { Lobby } from "./lobby";
import { parseRoute } from "./route";
import { TablePage } from "./table";

export function App() {
  const [where, setWhere] = useState(() => parseRoute(location.pathname, location.search, location.hash));
  useEffect(() => {
    const back = () => setWhere(parseRoute(location.pathname, location.search, location.hash));
    window.addEventListener("popstate", back);
    return () => window.removeEventListener("popstate", back);
  }, []);
  const navigate = useCallback((path: string) => {
    history.pushState(null, "", path);
    setWhere(parseRoute(location.pathname, location.search, location.hash));
  }, []);
  if (where.page === "lobby") return <Lobby navigate={navigate} />;
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
