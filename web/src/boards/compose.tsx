/** Decisions built up on the board before they are sent. A place on a board may stand for
 * several legal actions (a Valley stone group: one bid per value; a field two workers could
 * reach): clicking it offers them as choices beside the board. A sealed decision (Valley's
 * bids and overseer orders) is then shown as a pending choice with Confirm and Clear, and
 * only Confirm sends it, as the one action id it is. */
import { Component, type ComponentChildren } from "preact";
import { useCallback, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { LegalAction } from "../generated/protocol";
import { useLanguage } from "../i18n";
import "./boards.css";
import { onOperate } from "./place";

/** One action a place may lead to, with the short text its choice button shows. */
export interface Option {
  action: LegalAction;
  text: string;
}

/** What a place offers: a title ("Bid at group 2"), its options, and whether the choice is
 * sealed (shown pending until confirmed) or sent as soon as it is made. */
export interface Offer {
  /** The place it belongs to ("group 2", "place 13-H"). */
  key: string;
  title: string;
  options: Option[];
  sealed: boolean;
}

export interface Composer {
  offer: Offer | null;
  pending: Option | null;
  /** The key of the place whose decision is under construction. */
  activeKey: string | null;
  open: (offer: Offer) => void;
  choose: (option: Option) => void;
  confirm: () => void;
  clear: () => void;
}

/** A decision begun on the board: the place's offer or the choice pending Confirm, and the
 * legal moves it was begun under (their ``epoch``, counted up whenever they change). */
interface Decision {
  epoch: number;
  offer: Offer | null;
  pending: { option: Option; key: string } | null;
}

/** The state of one decision under construction; it ends whenever the legal moves change.
 * ``open`` keeps its identity, so that boards can skip redrawing places that did not change.
 *
 * The decision holds only while the moves it was begun under are the ones drawn: that is
 * read as the board is drawn, never reset by an effect after it. An effect runs a frame
 * later (after the next paint), so a click on a place of the new moves that came before
 * it (a fast click, or a slow frame on a busy machine) had its offer wiped by the reset
 * meant for the moves before, and the click did nothing. */
export function useComposer(legal: LegalAction[], onAct: (action: number) => void): Composer {
  const [decision, setDecision] = useState<Decision | null>(null);
  const send = useRef(onAct);
  send.current = onAct;
  // A new set of legal moves (not merely a new copy of the same list) is a new epoch: a
  // decision of an earlier one is over, even should the same moves come back later.
  const signature = legal.map((action) => action.id).join(" ");
  const epoch = useRef({ signature, count: 0 });
  if (epoch.current.signature !== signature) {
    epoch.current = { signature, count: epoch.current.count + 1 };
  }
  const live = decision !== null && decision.epoch === epoch.current.count ? decision : null;
  const offer = live?.offer ?? null;
  const pending = live?.pending ?? null;
  const clear = useCallback(() => setDecision(null), []);
  const pick = useCallback((option: Option, from: Offer) => {
    if (from.sealed) {
      setDecision({ epoch: epoch.current.count, offer: null, pending: { option, key: from.key } });
    } else {
      // Sent as it is chosen; the choices give way when the next legal moves arrive.
      send.current(option.action.id);
    }
  }, []);
  const open = useCallback(
    (next: Offer) => {
      const [only] = next.options;
      if (next.options.length === 1 && only) pick(only, next);
      else setDecision({ epoch: epoch.current.count, offer: next, pending: null });
    },
    [pick],
  );
  return {
    offer,
    pending: pending?.option ?? null,
    activeKey: offer?.key ?? pending?.key ?? null,
    open,
    choose: (option) => {
      if (offer) pick(option, offer);
    },
    confirm: () => {
      if (!pending) return;
      clear();
      send.current(pending.option.action.id);
    },
    clear,
  };
}

/** A clickable place for an offer: sends its one action straight away when that is all it
 * offers and nothing is sealed, and otherwise opens the offer beside the board. */
export function OfferPlace(props: {
  offer: Offer | undefined;
  active: boolean;
  open: (offer: Offer) => void;
  children: ComponentChildren;
}) {
  const { offer, active, open, children } = props;
  if (!offer || offer.options.length === 0) return <g>{children}</g>;
  const [only] = offer.options;
  const direct = offer.options.length === 1 && !offer.sealed && only;
  const ids = offer.options.map((option) => option.action.id);
  const activate = () => open(offer);
  const label = direct ? only.action.label : offer.title;
  return (
    <g
      class={active ? "place chosen" : "place"}
      role="button"
      tabIndex={-1}
      aria-label={label}
      data-action={direct ? only.action.id : undefined}
      data-actions={direct ? undefined : ids.join(" ")}
      onClick={activate}
      onKeyDown={onOperate(activate)}
    >
      <title>{label}</title>
      {children}
    </g>
  );
}

/** The decision under construction: the choices of the place clicked, or the pending
 * choice with Confirm and Clear. Nothing while no decision is being built. */
export function ComposerPanel({ composer }: { composer: Composer }) {
  const { offer, pending } = composer;
  const { t } = useLanguage();
  const panel = useRef<HTMLDivElement>(null);
  // Opened from a place or a choice that had the focus (by keyboard, or a click): the focus
  // goes on to the first choice, or to Confirm, so the keyboard continues with the decision.
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body && !active.closest(".place, .composer")) return;
    panel.current?.querySelector<HTMLButtonElement>("button.choice, button.confirm")?.focus();
  }, [offer, pending]);
  if (pending) {
    return (
      <div class="composer" role="group" aria-label={t("Your pending choice")} ref={panel}>
        <span class="composer-title">{pending.action.label}?</span>
        {pending.text !== pending.action.label && <span class="composer-note">{pending.text}</span>}
        <button type="button" class="confirm" data-confirm={pending.action.id} onClick={composer.confirm}>
          {t("Confirm")}
        </button>
        <button type="button" class="clear" onClick={composer.clear}>
          {t("Clear")}
        </button>
      </div>
    );
  }
  if (!offer) return null;
  return (
    <div class="composer" role="group" aria-label={offer.title} ref={panel}>
      <span class="composer-title">{offer.title}:</span>
      {offer.options.map((option) => (
        <button
          type="button"
          key={option.action.id}
          class="choice"
          data-choice={option.action.id}
          title={option.action.label}
          onClick={() => composer.choose(option)}
        >
          {option.text}
        </button>
      ))}
      <button type="button" class="clear" onClick={composer.clear}>
        {t("Cancel")}
      </button>
    </div>
  );
}

/** Groups actions into offers by a key (their place); actions without a key are left out. */
export function offersBy(
  legal: LegalAction[],
  place: (action: LegalAction) => { key: string; title: string; text: string; sealed: boolean } | null,
): Map<string, Offer> {
  const found = new Map<string, Offer>();
  for (const action of legal) {
    const where = place(action);
    if (!where) continue;
    const offer = found.get(where.key) ?? { key: where.key, title: where.title, options: [], sealed: where.sealed };
    offer.options.push({ action, text: where.text });
    found.set(where.key, offer);
  }
  return found;
}

/** A component redrawn only when one of its props changes identity (a board's places stay
 * as they are while a decision elsewhere on it is built up). */
export function pure<P extends object>(draw: (props: P) => preact.JSX.Element | null) {
  return class Pure extends Component<P> {
    override shouldComponentUpdate(next: P): boolean {
      const now = this.props as Record<string, unknown>;
      return Object.entries(next).some(([name, value]) => now[name] !== value);
    }

    override render(props: P) {
      return draw(props);
    }
  };
}
