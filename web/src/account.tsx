/** Accounts in the page: who is signed in (asked of the server at start; the session
 * cookie itself is HttpOnly), the sign-up and sign-in forms, the account page (change the
 * password or set a first one, sign out everywhere, turns pushed to this browser, delete the
 * account, link and unlink sign-in services: ``sign-in-ways.tsx``), the lobby's account bar and "my
 * games". The session's CSRF token is handed to the API module, which sends it with every
 * request that changes something. */
import { createContext } from "preact";
import { useContext, useEffect, useState } from "preact/hooks";
import { account, ApiError, type MyGame, type Provider, setCsrf, type SignedIn } from "./api";
import { NewPassword } from "./form_fields";
import { LanguagePicker, useLanguage } from "./i18n";
import { currentPush, pushSupported, turnPushOff, turnPushOn } from "./push";
import type { AccountPageName } from "./route";
import { SetPasswordForm, SignInServices, useWays } from "./sign-in-ways";
import { localPath, playerPath } from "./route";

/** The signed-in account's name; ``null``: nobody; ``undefined``: not known yet. */
export type Me = string | null | undefined;

export interface AccountState {
  me: Me;
  /** Take an answer that signs in (or out: ``account`` null). */
  take: (answer: SignedIn) => void;
}

export const AccountContext = createContext<AccountState>({ me: null, take: () => undefined });

export function useAccount(): AccountState {
  return useContext(AccountContext);
}

/** The page's account state: asked of the server once at start. */
export function useAccountState(): AccountState {
  const [me, setMe] = useState<Me>(undefined);
  const take = (answer: SignedIn) => {
    setCsrf(answer.account ? (answer.csrf ?? null) : null);
    setMe(answer.account ? answer.account.name : null);
  };
  useEffect(() => {
    account.me().then(take, () => setMe(null));
  }, []);
  return { me, take };
}

/** A refusal in the page's language, by its code (the server's sentence is English). */
function refusalText(t: (source: string) => string, error: unknown): string {
  const code = error instanceof ApiError ? error.code : "";
  const texts: Record<string, string> = {
    "bad-user-name": t(
      "A user name: 3 to 24 letters (A-Z), digits, '_' or '-', starting with a letter or digit.",
    ),
    "bad-password": t("A password is 8 to 256 characters long, and not the user name."),
    "name-taken": t("That user name is taken."),
    "sign-in-failed": t("The user name or the password is wrong."),
    "wrong-password": t("That is not your password."),
    "too-many-tries": t("Too many tries: wait a little and try again."),
    "not-signed-in": t("Sign in first."),
    "wrong-user-name": t("That is not the account's user name."),
    "stale-session": t("Sign in again with the sign-in service, then set the password within 10 minutes."),
    "has-password": t("The account has a password already: change it with the current one."),
    "last-way-in": t("Set a password or link another sign-in service first: otherwise you could not sign in any more."),
    "not-linked": t("That sign-in service is not linked to this account."),
    ...providerTexts(t),
  };
  return texts[code] ?? (error as Error).message;
}

/** What went wrong with a sign-in through a provider, by the code the server ends it with
 * (``/sign-in?oidc-error=CODE``) or answers. */
function providerTexts(t: (source: string) => string): Record<string, string> {
  return {
    "oidc-unavailable": t("The sign-in service cannot be reached just now: try again later."),
    "oidc-denied": t("The sign-in was cancelled at the sign-in service."),
    "oidc-expired": t("The sign-in took too long or was already used: please start again."),
    "oidc-bad-state": t("The sign-in service's answer did not belong to this sign-in: please start again."),
    "oidc-refused": t("The sign-in service refused the sign-in: please start again."),
    "oidc-bad-token": t("The sign-in service's answer could not be verified; nothing was changed."),
    "oidc-linked-elsewhere": t("That sign-in already belongs to another account."),
    "oidc-unknown-provider": t("That sign-in service is not offered here."),
  };
}

/** A query parameter of the page's address. */
function queryParam(name: string): string | null {
  return new URLSearchParams(window.location.search).get(name);
}

/** A button per OpenID Connect provider the site offers: "Sign in with NAME". A click
 * starts the sign-in at the server and goes to the provider, which sends the browser back
 * to the server, and that to the lobby (or back to the sign-in page with the reason). (The
 * account page links and unlinks them: ``sign-in-ways.tsx``.) */
function ProviderButtons(props: { onError: (text: string) => void }) {
  const { onError } = props;
  const { t } = useLanguage();
  const [providers, setProviders] = useState<Provider[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    account.providers().then(
      (answer) => setProviders(answer.providers),
      () => setProviders([]),
    );
  }, []);
  if (providers.length === 0) return null;
  const go = async (key: string) => {
    setBusy(true);
    try {
      window.location.assign((await account.startProvider(key, false)).url);
    } catch (e) {
      onError(refusalText(t, e));
      setBusy(false);
    }
  };
  return (
    <div class="account-providers">
      {providers.map((provider) => (
        <button key={provider.key} type="button" disabled={busy} onClick={() => void go(provider.key)}>
          {t("Sign in with {name}", { name: provider.name })}
        </button>
      ))}
    </div>
  );
}

/** Sign in, or sign up (a new account), then back to the lobby. */
export function SignInPage(props: { mode: "sign-in" | "sign-up"; navigate: (path: string) => void }) {
  const { mode, navigate } = props;
  const { t } = useLanguage();
  const { take } = useAccount();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(() => {
    const failed = queryParam("oidc-error");
    return failed === null ? null : (providerTexts(t)[failed] ?? providerTexts(t)["oidc-refused"]!);
  });
  const [busy, setBusy] = useState(false);
  const title = mode === "sign-in" ? t("Sign in") : t("Sign up");
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      take(await (mode === "sign-in" ? account.signIn : account.signUp)(name.trim(), password));
      navigate("/");
    } catch (e) {
      setError(refusalText(t, e));
    } finally {
      setBusy(false);
    }
  };
  const other = mode === "sign-in" ? "/sign-up" : "/sign-in";
  return (
    <main class="account-page">
      <header class="lobby-head">
        <a href="/" class="home" aria-label={t("Lobby")}>
          ☥
        </a>
        <h1>{title}</h1>
        <LanguagePicker />
      </header>
      <form class="account-form" onSubmit={(event) => void submit(event)} aria-label={title}>
        <label>
          {t("User name")}{" "}
          <input
            name="name"
            autocomplete="username"
            required
            minLength={3}
            maxLength={24}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </label>
        <label>
          {t("Password")}{" "}
          <input
            name="password"
            type="password"
            autocomplete={mode === "sign-in" ? "current-password" : "new-password"}
            required
            minLength={mode === "sign-up" ? 8 : 1}
            maxLength={256}
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {title}
        </button>
      </form>
      <ProviderButtons onError={setError} />
      <p>
        <a
          href={other}
          onClick={(event) => {
            event.preventDefault();
            navigate(other);
          }}
        >
          {mode === "sign-in" ? t("No account yet? Sign up") : t("Have an account? Sign in")}
        </a>
        {" · "}
        {t("You can always play without an account: seat links work for everyone.")}
      </p>
    </main>
  );
}

/** The signed-in account's page: a new password, sign out everywhere, delete the account. */
/** Web Push of turns for this browser (``push.ts``): on or off, where the browser can. */
function TurnPushSwitch(props: { attempt: (work: () => Promise<void>) => Promise<void> }) {
  const { t } = useLanguage();
  const [on, setOn] = useState<boolean | null>(null);
  const [refused, setRefused] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const supported = pushSupported();
  useEffect(() => {
    if (supported) currentPush().then((found) => setOn(found !== null), () => setOn(false));
  }, []);
  return (
    <section class="account-form push-switch">
      <h2>{t("Turns while the page is closed")}</h2>
      <p>{t("Your turns are sent to this browser when no page of the table is open.")}</p>
      {!supported ? (
        <p>{t("This browser cannot take them here (push needs https).")}</p>
      ) : (
        <>
          {on ? <p role="status">{t("Turns are sent to this browser.")}</p> : null}
          {refused ? <p role="status">{t("The browser did not allow notifications.")}</p> : null}
          {failed !== null ? (
            <p class="error" role="alert">
              {t("This browser could not subscribe: {reason}", { reason: failed })}
            </p>
          ) : null}
          <button
            type="button"
            disabled={on === null}
            onClick={() =>
              void props.attempt(async () => {
                if (on) {
                  await turnPushOff();
                  setOn(false);
                } else {
                  setFailed(null);
                  try {
                    const allowed = await turnPushOn();
                    setRefused(!allowed);
                    setOn(allowed);
                  } catch (e) {
                    if (e instanceof ApiError) throw e; // the server's refusal, worded above
                    setFailed(e instanceof Error ? e.message : String(e)); // the browser's
                  }
                }
              })
            }
          >
            {on ? t("Stop sending my turns here") : t("Send my turns here")}
          </button>
        </>
      )}
    </section>
  );
}

export function AccountPage(props: { navigate: (path: string) => void }) {
  const { navigate } = props;
  const { t } = useLanguage();
  const { me, take } = useAccount();
  const [old, setOld] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [said, setSaid] = useState<string | null>(() =>
    queryParam("oidc") === "linked" ? t("The sign-in service is linked to this account.") : null,
  );
  const [error, setError] = useState<string | null>(null);
  const [ways, setWays] = useWays();
  if (me === undefined || (me !== null && ways === null)) return <main class="account-page" />;
  if (me === null || ways === null) return <SignInPage mode="sign-in" navigate={navigate} />;
  const attempt = async (work: () => Promise<void>) => {
    setError(null);
    setSaid(null);
    try {
      await work();
    } catch (e) {
      setError(refusalText(t, e));
    }
  };
  return (
    <main class="account-page">
      <header class="lobby-head">
        <a href="/" class="home" aria-label={t("Lobby")}>
          ☥
        </a>
        <h1>{t("Account: {name}", { name: me })}</h1>
        <LanguagePicker />
      </header>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {said && <p role="status">{said}</p>}
      {!ways.password && (
        <SetPasswordForm
          attempt={attempt}
          done={(answer) => {
            take(answer);
            setWays({ ...ways, password: true });
            setSaid(t("The password is set: you can sign in with it too."));
          }}
        />
      )}
      {ways.password && <form
        class="account-form"
        aria-label={t("Change the password")}
        onSubmit={(event) => {
          event.preventDefault();
          void attempt(async () => {
            take(await account.changePassword(old, next));
            setOld("");
            setNext("");
            setSaid(t("The password is changed; your other devices are signed out."));
          });
        }}
      >
        <h2>{t("Change the password")}</h2>
        <label>
          {t("Password now")}{" "}
          <input type="password" autocomplete="current-password" required value={old} onInput={(e) => setOld(e.currentTarget.value)} />
        </label>
        <NewPassword label={t("New password")} value={next} onInput={setNext} />
        <button type="submit">{t("Change the password")}</button>
      </form>}
      <section class="account-form">
        <h2>{t("Sign out everywhere")}</h2>
        <button
          type="button"
          onClick={() =>
            void attempt(async () => {
              await account.signOutEverywhere();
              take({ account: null });
              navigate("/");
            })
          }
        >
          {t("Sign out everywhere")}
        </button>
      </section>
      <TurnPushSwitch attempt={attempt} />
      <form
        class="account-form"
        aria-label={t("Delete the account")}
        onSubmit={(event) => {
          event.preventDefault();
          void attempt(async () => {
            await account.remove(ways.password ? { password: confirm } : { name: confirm.trim() });
            take({ account: null });
            navigate("/");
          });
        }}
      >
        <h2>{t("Delete the account")}</h2>
        <p>{t("Your games stay; their seats are no longer linked to you.")}</p>
        {ways.password ? (
          <label>
            {t("Password")}{" "}
            <input type="password" autocomplete="current-password" required value={confirm} onInput={(e) => setConfirm(e.currentTarget.value)} />
          </label>
        ) : (
          <label>
            {t("Type your user name, {name}, to confirm", { name: me })}{" "}
            <input name="confirm-name" autocomplete="off" required value={confirm} onInput={(e) => setConfirm(e.currentTarget.value)} />
          </label>
        )}
        <button type="submit" class="danger">
          {t("Delete the account")}
        </button>
      </form>
      <SignInServices ways={ways} setWays={setWays} attempt={attempt} say={setSaid} />
    </main>
  );
}

/** The lobby's account bar: signed in as, the account page, sign out; or sign in / up. */
export function AccountBar(props: { navigate: (path: string) => void }) {
  const { navigate } = props;
  const { t } = useLanguage();
  const { me, take } = useAccount();
  if (me === undefined) return null;
  const go = (path: string) => (event: Event) => {
    event.preventDefault();
    navigate(path);
  };
  if (me === null) {
    return (
      <nav class="account-bar" aria-label={t("Account")}>
        <a href="/sign-in" onClick={go("/sign-in")}>
          {t("Sign in")}
        </a>
        {" · "}
        <a href="/sign-up" onClick={go("/sign-up")}>
          {t("Sign up")}
        </a>
      </nav>
    );
  }
  return (
    <nav class="account-bar" aria-label={t("Account")}>
      <span>{t("Signed in as {name}", { name: me })}</span>
      {" · "}
      <a href={playerPath(me)} onClick={go(playerPath(me))}>
        {t("Profile")}
      </a>
      {" · "}
      <a href="/account" onClick={go("/account")}>
        {t("Account")}
      </a>
      {" · "}
      <button
        type="button"
        onClick={() => {
          void account.signOut().finally(() => take({ account: null }));
        }}
      >
        {t("Sign out")}
      </button>
    </nav>
  );
}

/** "My games": the signed-in account's running tables (their turn first) and finished
 * ones, each opening its seat (no key needed: the session opens it). */
export function MyGames(props: { navigate: (path: string) => void; titles: Record<string, string> }) {
  const { navigate, titles } = props;
  const { t } = useLanguage();
  const { me } = useAccount();
  const [games, setGames] = useState<{ running: MyGame[]; finished: MyGame[] } | null>(null);
  useEffect(() => {
    if (!me) return;
    const refresh = () => account.games().then(setGames, () => undefined);
    void refresh();
    const timer = setInterval(refresh, 10000);
    return () => clearInterval(timer);
  }, [me]);
  if (!me || !games) return null;
  const item = (game: MyGame) => (
    <li key={`${game.table}-${game.seat}`} data-table={game.table} class={game.your_turn ? "your-turn" : undefined}>
      {titles[game.game] ?? game.game} · {game.names.join(", ")}
      {game.your_turn ? <strong> · {t("Your turn")}</strong> : null}{" "}
      <a
        href={localPath(game.link)}
        onClick={(event) => {
          event.preventDefault();
          navigate(localPath(game.link));
        }}
      >
        {game.status === "finished" ? t("Look back") : t("Play")}
      </a>
    </li>
  );
  return (
    <section aria-label={t("My games")} class="open-tables my-games">
      <h2>{t("My games")}</h2>
      {games.running.length === 0 && games.finished.length === 0 ? (
        <p>{t("Tables you sit at while signed in are listed here.")}</p>
      ) : null}
      {games.running.length > 0 && <ul aria-label={t("Running")}>{games.running.map(item)}</ul>}
      {games.finished.length > 0 && (
        <>
          <h3>{t("Finished")}</h3>
          <ul aria-label={t("Finished")}>{games.finished.map(item)}</ul>
        </>
      )}
    </section>
  );
}

/** At a seat opened by its key while signed in: keep the seat in my games (claim it). */
export function KeepSeat(props: { table: string; seat: number; keyText: string }) {
  const { table, seat, keyText } = props;
  const { t } = useLanguage();
  const { me } = useAccount();
  const [kept, setKept] = useState<boolean | string>(false);
  if (!me) return null;
  if (kept === true) return <span class="kept">{t("In my games")}</span>;
  return (
    <button
      type="button"
      class="keep-seat"
      title={typeof kept === "string" ? kept : undefined}
      onClick={() =>
        void account.claim(table, seat, keyText).then(
          () => setKept(true),
          (e: Error) => setKept(e.message),
        )
      }
    >
      {t("Keep in my games")}
    </button>
  );
}

export type { AccountPageName };
