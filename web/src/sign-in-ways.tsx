/** The account page's ways in: the sign-in services (OpenID Connect providers) linked to
 * the account, each with "Unlink" (the server refuses the last way in), the others with
 * "Link"; and, for an account a provider made, "Set a password" (no current password to
 * ask: the server takes it within 10 minutes of signing in). Errors go to the page's
 * ``attempt``, which words them. */
import { useEffect, useState } from "preact/hooks";
import { account, type Provider, type SignedIn } from "./api";
import { NewPassword } from "./form_fields";
import { useLanguage } from "./i18n";

/** What the server says of the signed-in account's ways in. */
export interface Ways {
  providers: Provider[];
  linked: string[];
  /** Whether it has a password (``true`` when the server could not say: the page then
   * shows the forms an account with a password has, as before). */
  password: boolean;
}

/** The account's ways in, asked once; ``null`` until the answer. */
export function useWays(): [Ways | null, (ways: Ways) => void] {
  const [ways, setWays] = useState<Ways | null>(null);
  useEffect(() => {
    account.providers().then(
      (answer) => setWays({ ...answer, password: answer.password !== false }),
      () => setWays({ providers: [], linked: [], password: true }),
    );
  }, []);
  return [ways, setWays];
}

type Attempt = (work: () => Promise<void>) => Promise<void>;

/** Link and unlink sign-in services. */
export function SignInServices(props: { ways: Ways; setWays: (ways: Ways) => void; attempt: Attempt; say: (text: string) => void }) {
  const { ways, setWays, attempt, say } = props;
  const { t } = useLanguage();
  const [busy, setBusy] = useState(false);
  if (ways.providers.length === 0) return null;
  const link = (key: string) =>
    void attempt(async () => {
      setBusy(true);
      try {
        window.location.assign((await account.startProvider(key, true)).url);
      } catch (e) {
        setBusy(false);
        throw e;
      }
    });
  const unlink = (provider: Provider) =>
    void attempt(async () => {
      const answer = await account.unlinkProvider(provider.key);
      setWays({ ...ways, linked: answer.linked });
      say(t("{name} is unlinked from this account.", { name: provider.name }));
    });
  return (
    <div class="account-providers">
      <h2>{t("Sign-in services")}</h2>
      <p>{t("Link a sign-in service to this account, and then sign in with it.")}</p>
      {ways.providers.map((provider) =>
        ways.linked.includes(provider.key) ? (
          <p key={provider.key}>
            {t("Linked: {name}", { name: provider.name })}{" "}
            <button type="button" onClick={() => unlink(provider)}>
              {t("Unlink {name}", { name: provider.name })}
            </button>
          </p>
        ) : (
          <button key={provider.key} type="button" disabled={busy} onClick={() => link(provider.key)}>
            {t("Link {name} to this account", { name: provider.name })}
          </button>
        ),
      )}
    </div>
  );
}

/** The first password of an account a provider's sign-in made. */
export function SetPasswordForm(props: { attempt: Attempt; done: (answer: SignedIn) => void }) {
  const { attempt, done } = props;
  const { t } = useLanguage();
  const [next, setNext] = useState("");
  return (
    <form
      class="account-form"
      aria-label={t("Set a password")}
      onSubmit={(event) => {
        event.preventDefault();
        void attempt(async () => {
          done(await account.setPassword(next));
          setNext("");
        });
      }}
    >
      <h2>{t("Set a password")}</h2>
      <p>
        {t(
          "You signed in with a sign-in service and have no password. Set one within 10 minutes of signing in, to sign in with your user name too.",
        )}
      </p>
      <NewPassword label={t("New password")} value={next} onInput={setNext} />
      <button type="submit">{t("Set a password")}</button>
    </form>
  );
}
