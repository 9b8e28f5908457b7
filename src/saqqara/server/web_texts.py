"""The browser client's own words, marked for the gettext catalogs.

The client (``web/src``) writes its buttons, headings and lobby texts in English and
looks each up in the catalog the site serves at ``GET /texts/<lang>.json``: these texts,
translated by the same ``saqqara.po`` catalogs as the game texts. ``N_`` marks them so that
``scripts/update_catalogs.py`` extracts them; ``tests/web/test_web_texts.py`` fails when
the client uses a text that is not listed here. The games' titles and one-line summaries
are here too, for the lobby (``GET /api/games?lang=``), and the names of what the boards
draw from the views' slugs (Revenge's cards, the mummy's symbols), from the games'
presentations (:func:`board_words`).
"""

from __future__ import annotations

from functools import cache

from saqqara.core.i18n import LANGUAGES, N_, SOURCE_LANGUAGE, Translator
from saqqara.core.presentation import presentation_class
from saqqara.core.registry import registered_games

WEB_TEXTS: tuple[str, ...] = (
    # the lobby
    N_("Four Egyptian board games to play with friends and bots."),
    N_("Games"),
    N_("New table"),
    N_("New table: {game}"),
    N_("Players"),
    N_("Seat {number}"),
    N_("Bot level of seat {number}"),
    N_("Name of seat {number}"),
    N_("Player {number}"),
    N_("Person"),
    N_("Anyone from the lobby"),
    N_("Bot"),
    N_("Create table"),
    N_("Table ready"),
    N_("Send each person their own link; keep yours."),
    N_("Only bots sit here: they play at once. Watch with the spectators' link."),
    N_("The open seats wait in the lobby for anyone who joins."),
    N_("Play all {count} people's seats on this device (hot-seat)"),
    N_("Invite links"),
    N_("Copy"),
    N_("Play this seat"),
    N_("{name} (bot)"),
    N_("{name}: open to anyone in the lobby"),
    N_("Spectators"),
    N_("Open tables"),
    N_("No table is waiting for players right now."),
    N_("{players} players"),
    N_("{count} free"),
    N_("Join"),
    N_("Watch"),
    N_("Language"),
    # the table
    N_("Connecting…"),
    N_("Back to the lobby"),
    N_("Lobby"),
    N_("connected"),
    N_("connecting"),
    N_("connection lost"),
    N_("refused"),
    N_("watching"),
    N_("(you)"),
    N_("to move"),
    N_("Waiting for every seat to be taken…"),
    N_("Loading the board…"),
    N_("Waiting for {players}…"),
    N_("score"),
    N_("wild tiles left"),
    N_("steps to the goal"),
    N_("coins left"),
    N_("slot {number}"),
    N_("stone: {colour}"),
    N_("{name}, value {value}"),
    N_("silver"),
    N_("scarab cards"),
    N_("blockade cards"),
    N_("Your move"),
    N_("Sound on my turn"),
    N_("Notify me"),
    # the account page: turns pushed while the page is closed (web/src/push.ts)
    N_("Turns while the page is closed"),
    N_("Your turns are sent to this browser when no page of the table is open."),
    N_("This browser cannot take them here (push needs https)."),
    N_("Turns are sent to this browser."),
    N_("The browser did not allow notifications."),
    N_("This browser could not subscribe: {reason}"),
    N_("Stop sending my turns here"),
    N_("Send my turns here"),
    N_("days per move (turn-based)"),
    N_("days per move"),
    N_("Spectators may chat too"),
    N_("Chat"),
    N_("Nothing said yet."),
    N_("Say something at the table"),
    N_("Send"),
    N_("Mute {player}"),
    N_("Unmute {player}"),
    N_("Your moves"),
    N_("Log"),
    N_("What happened"),
    N_("(a bot moved for this player)"),
    N_("Game over"),
    N_("Result"),
    N_("Won by {players}"),
    N_("A shared win for {players} and {last}"),
    # {reason}: the end as a clause naming the one winner ("Ada laid the last task card",
    # perfect tense where the language has one): "Ada laid the last task card and won."
    N_("{reason} and won"),
    N_("Rank"),
    N_("Player"),
    N_("Score"),
    N_("Rematch"),
    # hot-seat
    N_("Hand-over"),
    N_("Pass the device to {name}"),
    N_("The table stays covered until {name} is ready, so no one sees another hand."),
    N_("I am {name}: show my table"),
    # replays
    N_("Replay"),
    N_("Replay the game"),
    N_("Replay a record file"),
    N_("Drop a saqqara record file (.json or .jsonl) on the page, or choose one."),
    N_("Record file"),
    N_("Reading the record…"),
    N_("This file cannot be replayed: {reason}"),
    N_("First"),
    N_("Previous"),
    N_("Next"),
    N_("Last"),
    N_("Step {step} of {steps}"),
    N_("The start of the game"),
    N_("The record stops before the end of the game."),
    N_("Back to the table"),
    N_("Use the arrow keys to step, Home and End to jump."),
    # clocks and undo
    N_("game time left {time}"),
    N_("move time left {time}"),
    N_("Undo my last move"),
    N_("Allow undo (take back your last move)"),
    # hints
    N_("Allow hints (ask what the bot would play)"),
    N_("Hint"),
    N_("What would the bot play?"),
    N_("The bot is thinking…"),
    N_("The bot would play: {move}"),
    N_("(your chance of winning with it: about {percent}%)"),
    N_("the bot's choice"),
    # reviews
    N_("Review"),
    N_("Reviewing the game…"),
    N_("Reviewing the game… {done} of {total} decisions"),
    N_("The review could not be worked out."),
    N_("Try again"),
    N_("Each player's chance of winning, as the bot saw it"),
    N_("Move {move}, {name}: played {played}; the bot would play {best}"),
    N_("{name}: mistakes {mistakes}, inaccuracies {inaccuracies}"),
    N_("No mistakes or inaccuracies: the bot agrees with every move."),
    N_("Mistakes and inaccuracies"),
    N_("mistake"),
    N_("inaccuracy"),
    N_("({percent} points of winning chance lost)"),
    N_("Clock"),
    N_("no clock"),
    N_("time per move"),
    N_("time per game"),
    N_("seconds per move"),
    N_("minutes per game"),
    N_("When time runs out"),
    N_("a bot plays for them"),
    N_("the player loses"),
    # accounts and my games
    N_("Sign in"),
    N_("Sign up"),
    N_("Sign out"),
    N_("Account"),
    N_("Signed in as {name}"),
    N_("User name"),
    N_("Password"),
    N_("No account yet? Sign up"),
    N_("Have an account? Sign in"),
    N_("You can always play without an account: seat links work for everyone."),
    N_("Account: {name}"),
    N_("Change the password"),
    N_("Password now"),
    N_("New password"),
    N_("The password is changed; your other devices are signed out."),
    N_("Sign out everywhere"),
    N_("Delete the account"),
    N_("Your games stay; their seats are no longer linked to you."),
    N_("A user name: 3 to 24 letters (A-Z), digits, '_' or '-', starting with a letter or digit."),
    N_("A password is 8 to 256 characters long, and not the user name."),
    N_("That user name is taken."),
    N_("The user name or the password is wrong."),
    N_("That is not your password."),
    N_("Too many tries: wait a little and try again."),
    N_("Sign in first."),
    # sign-in with OpenID Connect (server/oidc.py)
    N_("Sign in with {name}"),
    N_("Sign-in services"),
    N_("Link a sign-in service to this account, and then sign in with it."),
    N_("Linked: {name}"),
    N_("Link {name} to this account"),
    N_("The sign-in service is linked to this account."),
    N_("The sign-in service cannot be reached just now: try again later."),
    N_("The sign-in was cancelled at the sign-in service."),
    N_("The sign-in took too long or was already used: please start again."),
    N_("The sign-in service's answer did not belong to this sign-in: please start again."),
    N_("The sign-in service refused the sign-in: please start again."),
    N_("The sign-in service's answer could not be verified; nothing was changed."),
    N_("That sign-in already belongs to another account."),
    N_("That sign-in service is not offered here."),
    # accounts without a password (web/src/sign-in-ways.tsx)
    N_("Unlink {name}"),
    N_("{name} is unlinked from this account."),
    N_("Set a password"),
    N_(
        "You signed in with a sign-in service and have no password. Set one within 10 minutes "
        "of signing in, to sign in with your user name too."
    ),
    N_("The password is set: you can sign in with it too."),
    N_("Type your user name, {name}, to confirm"),
    N_("That is not the account's user name."),
    N_("Sign in again with the sign-in service, then set the password within 10 minutes."),
    N_("The account has a password already: change it with the current one."),
    N_(
        "Set a password or link another sign-in service first: otherwise you could not sign "
        "in any more."
    ),
    N_("That sign-in service is not linked to this account."),
    N_("My games"),
    N_("Tables you sit at while signed in are listed here."),
    N_("Running"),
    N_("Finished"),
    N_("Your turn"),
    N_("Play"),
    N_("Look back"),
    N_("Keep in my games"),
    N_("In my games"),
    # ratings: leaderboards, profiles, rated tables
    N_("Leaderboard"),
    N_("Leaderboard: {game}"),
    N_("2 players"),
    N_("3 or more players"),
    N_("Place"),
    N_("Rating"),
    N_("No rated games yet."),
    N_("Nobody by that name."),
    N_("Ratings"),
    N_("Rating chart: {game}, {players}"),
    N_("Rated games"),
    N_("Place {rank} of {players}"),
    N_("Profile"),
    N_("Rated"),
    N_("Rated: the result changes the ratings of players who are signed in"),
    N_("Rated with bots too (each bot plays at the starting rating)"),
    N_("A rated table needs two people or more, and counts bots only when you say so."),
    # play now
    N_("Play now"),
    N_("Say what you want to play: you are seated as soon as others want the same."),
    N_("Game"),
    N_("Opponents' ratings (optional)"),
    N_("From"),
    N_("To"),
    N_("Guests have no rating: a range meets only signed-in players inside it."),
    N_("Bots take the empty seats after"),
    N_("Never"),
    N_("Your name (optional)"),
    N_("Seek a game"),
    N_("Looking for players…"),
    N_("Waiting for {time}"),
    N_("Only people: no bot takes a seat."),
    N_("Bots take the empty seats after {time}."),
    N_("The seek has ended: it was cancelled, or it was not asked after for a while."),
    # the boards
    N_("No drawing for {game}."),
    N_("Your pending choice"),
    N_("Confirm"),
    N_("Clear"),
    N_("Cancel"),
    N_("The path of treasures around the pyramid"),
    N_("pawn of seat {number}"),
    N_("The box of sixteen stacks"),
    N_("empty"),
    N_("blocked"),
    N_("face down"),
    N_("{count} card"),
    N_("{count} cards"),
    N_("Your secret layers (only you see them)"),
    N_("Layer {layer}: {cards}"),
    N_("Roll"),
    N_("Reroll"),
    N_("Resolve ☠ first"),
    N_("Stuck"),
    N_("go"),
    N_("go and play the card"),
    N_("Go to {field}"),
    N_("show where each explorer may be"),
    N_("The maze"),
    N_("explorer {number}"),
    N_("mummy"),
    N_("stairs (start)"),
    N_("green box: the sarcophagus"),
    N_("out"),
    N_("the mummy has {ankhs} of {needs} ☥"),
    N_("your task cards: {cards}"),
    N_("{player}: laid {played}; cards left {count}"),
    N_("moves by {face}"),
    N_("dice"),
    N_("the mummy walks {steps} more"),
    N_("1 step"),
    N_("{steps} steps"),
    N_("{walked}, {total} in all — over {limit}: both overseers would stay"),
    N_("{walked}, {total} in all of {limit}"),
    N_("Bid at group {group}"),
    N_("{rings} rings"),
    N_("1 ring"),
    N_("Overseer {number} to {place}"),
    N_("overseer {number}"),
    N_("overseer {number} ({cost})"),
    N_("A worker to {place}"),
    N_("worker {number}"),
    N_("worker {number} (from {place})"),
    N_("Build at site {site}, stone {slot}"),
    N_("finished"),
    N_("out of play"),
    N_("The valley"),
    N_("pharaoh"),
    N_("pinch or use + and − to zoom; drag to move around the board"),
    N_("Zoom"),
    N_("Zoom in"),
    N_("Zoom out"),
    N_("Zoom to your move"),
    # a tap between several small places on a touch screen (taps.tsx)
    N_("Which one?"),
    # Valley's tips (hover, long press)
    N_("{name}: overseer on field {field}"),
    N_("{name}: worker on field {field}"),
    N_("{name}'s bid at group {group}: {rings}"),
    N_("{name} in area {area}: {overseers} overseers, {workers} workers"),
    N_("Whole board"),
    N_("square token: overseer"),
    N_("round token: worker (in areas: how many of each)"),
    N_("stones R red, G grey, B black, W white, S sand"),
    N_("your written orders are numbered on their fields"),
    N_("Stones for sale"),
    N_("Round {round}"),
    N_("{steps} steps left"),
    N_("{count} scarabs"),
    N_("{count} bid tiles"),
    N_("bag {count}"),
    # the rules pages (their sections' texts are the client's own data: web/src/rules/texts)
    N_("Rules"),
    N_("Rules of {game}"),
    N_("Rules of this game"),
    N_("Close"),
    N_("Open as a page"),
    N_("Rules for"),
    N_("Loading the rules…"),
    N_("every choice"),
    N_("The rules are not loaded: {reason}"),
    # the tutorials (their steps' sentences are the client's own data: web/src/tutorial/texts)
    N_("Learn to play"),
    N_("Learn to play: a short guided game"),
    N_("Tutorial"),
    N_("Step {number} of {count}"),
    N_("The other players move…"),
    N_("this step's move"),
    N_("Play a real game"),
    # the games in the lobby
    N_("Tutankhamun"),
    N_("Walk a path of treasures, collect majorities, and be first to reach the goal."),
    N_("Valley of the Kings"),
    N_("Bid for stones, claim sites with overseers, build pyramids, steal and take over."),
    N_("Curse of the Mummy"),
    N_("Explorers hunt treasures in a pyramid maze; the mummy hunts them unseen."),
    N_("Tutankhamun's Revenge"),
    N_(
        "Lay six layers of cards into a box, then dig for treasures, pushing your luck "
        "against snakes, scorpions and the pharaoh's death mask."
    ),
)
"""Every text the client shows of its own, in English (the catalogs' source language)."""

OPTION_LABELS: dict[str, str] = {
    "edition": N_("Edition"),
    "pass-cost": N_("Silver for a turn without digging"),
    "early-end": N_("Early end"),
    "bent-snake": N_("The snake may bend"),
    "sixth-lays-cover": N_("Six players: the sixth lays the cover"),
    "blockade-after-danger": N_("Blockade after a turn a danger ended"),
    "stuck-after-resolving": N_("Skip a figure boxed in after resolving"),
    "advanced": N_("Advanced builders' variant"),
    "experts": N_("Pyramid experts' variant"),
}
"""How the lobby names each game option (by the option's name)."""
CHOICE_LABELS: dict[str, str] = {
    "amigo-1993": N_("Amigo 1993"),
    "ootb-2004": N_("Out of the Box 2004"),
    "off": N_("off"),
    "on": N_("on"),
    "mask-stack": N_("when only the death mask's stack is left"),
}
"""How the lobby names option values that are not plain numbers."""
BOT_LABELS: dict[str, str] = {
    "random": N_("random"),
    "heuristic": N_("heuristic"),
    "greedy": N_("greedy"),
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
    "cautious": N_("cautious"),
    "reckless": N_("reckless"),
    "tracker": N_("tracker"),
    "ismcts": N_("ismcts"),
    "openspiel-ismcts": N_("openspiel-ismcts"),
    "medium-hand": N_("medium (hand-tuned)"),
    "learned": N_("learned weights"),
    "probe:first": N_("test opponent: first legal move"),
    "probe:last": N_("test opponent: last legal move"),
    "probe:greedy": N_("test opponent: greedy"),
    "probe:plan": N_("test opponent: the obvious plan"),
}
"""How the lobby names each bot (by its registered name; a bot missing here keeps its name)."""

ROLE_LABELS: dict[str, str] = {
    "mummy": N_("the mummy"),
    "explorer": N_("an explorer"),
}
"""How the lobby names the side a seat plays, in games of unequal sides (``seat_roles``)."""


@cache
def board_words() -> dict[str, dict[str, dict[str, str]]]:
    """The names of what the boards draw from the views' slugs, per game and kind, in
    English: ``{"tutankhamuns-revenge": {"cards": {"horus-falcon": "Horus falcon"}}}``, from
    each game's presentation (``Presentation.BOARD_WORDS``). The client is built with them
    (``web/schema/board-words.json``, by ``scripts/web_data.py --schema``) and looks their
    translations up in the texts the site serves, like its own words."""
    found: dict[str, dict[str, dict[str, str]]] = {}
    for game_id, game_class in sorted(registered_games().items()):
        words = presentation_class(game_class).BOARD_WORDS
        if words:
            found[game_id] = {kind: dict(names) for kind, names in words.items()}
    return found


@cache
def board_values() -> dict[str, dict[str, dict[str, int]]]:
    """The values of what the boards draw by slug, per game and group (an edition), from
    each game's presentation (``Presentation.BOARD_VALUES``): ``{"tutankhamun":
    {"amigo-1993": {"throne": 8}}}``, bundled with the client as
    ``web/schema/board-values.json`` (``scripts/web_data.py --schema``)."""
    found: dict[str, dict[str, dict[str, int]]] = {}
    for game_id, game_class in sorted(registered_games().items()):
        values = presentation_class(game_class).BOARD_VALUES
        if values:
            found[game_id] = {group: dict(counts) for group, counts in values.items()}
    return found


def board_word_texts() -> tuple[str, ...]:
    """Every board word's English source, once each, in a stable order."""
    texts = {
        text
        for kinds in board_words().values()
        for names in kinds.values()
        for text in names.values()
    }
    return tuple(sorted(texts))


@cache
def web_texts(lang: str) -> dict[str, str]:
    """The client's texts in ``lang``: English source -> translation (``{}`` for English,
    whose texts are their own sources)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (languages: {', '.join(LANGUAGES)})")
    if lang == SOURCE_LANGUAGE:
        return {}
    translate = Translator(lang)
    return {text: translate.text(text) for text in (*WEB_TEXTS, *board_word_texts())}


def translated(text: str, lang: str) -> str:
    """``text`` in ``lang`` (the text itself where the catalog has none)."""
    if lang == SOURCE_LANGUAGE:
        return text
    return web_texts(lang).get(text) or Translator(lang).text(text)
