/** The app: a lobby or a table, chosen by the address; links move without reloading. */
import { useCallback, useEffect, useState } from "preact/hooks";
import { Lobby } from "./lobby";
import { parseRoute } from "./route";
import { TablePage } from "./table";

export function App() {
  const [where, setWhere] = useState(() => parseRoute(location.pathname, location.search));
  useEffect(() => {
    const back = () => setWhere(parseRoute(location.pathname, location.search));
    window.addEventListener("popstate", back);
    return () => window.removeEventListener("popstate", back);
  }, []);
  const navigate = useCallback((path: string) => {
    history.pushState(null, "", path);
    setWhere(parseRoute(location.pathname, location.search));
  }, []);
  if (where.page === "lobby") return <Lobby navigate={navigate} />;
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
