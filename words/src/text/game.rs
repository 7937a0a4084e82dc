//! The words of a game and its challenges: titles, turns, results, the move picker, the
//! game's notices and reminders (the `game` catalogs).

use super::*;

/// A rule set in words in `lang`: "standard rules", "federation rules (promotion after a
/// capture)", …
pub fn rules_in(lang: Language, rules: Rules) -> String {
    match (rules.promotion, rules.missed_capture) {
        (Promotion::DuringCapture, MissedCapture::Refused) => say!(lang, "rules-standard"),
        (Promotion::AfterCapture, MissedCapture::Refused) => say!(lang, "rules-federation"),
        (Promotion::DuringCapture, MissedCapture::Loses) => say!(lang, "rules-strict"),
        (Promotion::AfterCapture, MissedCapture::Loses) => say!(lang, "rules-federation-strict"),
    }
}

/// The name of a game's thread: "alice vs bob (#12)", within Discord's 100 characters.
pub fn thread_name(lang: Language, view: &GameView) -> String {
    let suffix = format!(" (#{})", view.id);
    let players = say!(
        lang,
        "thread-players",
        white = raw_name(lang, &view.seats.white),
        black = raw_name(lang, &view.seats.black),
    );
    let room = 100 - suffix.chars().count();
    let mut name: String = players.chars().take(room).collect();
    name.push_str(&suffix);
    name
}

/// "alice played **d3-d4**."
pub fn played(lang: Language, who: &Participant, m: &Move, notation: Notation) -> String {
    say!(
        lang,
        "played",
        name = name(lang, who),
        move = bold_move(m, notation)
    )
}

/// A stored answer played the moment the opponent's move matched it: "alice answered at once
/// with **d4xd6**, a conditional move." (or "a premove").
pub fn answered_at_once(
    lang: Language,
    who: &Participant,
    m: &Move,
    notation: Notation,
    premove: bool,
) -> String {
    say!(
        lang,
        "answered-at-once",
        name = name(lang, who),
        move = bold_move(m, notation),
        premove = if premove { "yes" } else { "no" },
    )
}

/// To the owner alone: a stored answer the rules refused when it was due ("Your premove
/// **d3-d4** in game #12 could not be played…").
pub fn answer_dropped(lang: Language, game: GameId, answer: &str, premove: bool) -> String {
    say!(
        lang,
        "answer-dropped",
        game = numbers::label(game.0),
        move = format!("**{answer}**"),
        premove = if premove { "yes" } else { "no" },
    )
}

/// To the owner alone, after `/dama conditional line:…`: "Saved.", then what they have stored
/// now (see [`conditional_listed`]).
pub fn conditional_saved(lang: Language, lines: &ConditionalLines, notation: Notation) -> String {
    format!(
        "{}\n{}",
        say!(lang, "conditional-saved"),
        conditional_listed(lang, lines, notation)
    )
}

/// To the owner alone, after `/dama premove`: the premove saved and when it is played, then
/// what they have stored now.
pub fn premove_saved(lang: Language, lines: &ConditionalLines, notation: Notation) -> String {
    let Some(premove) = &lines.premove else {
        return conditional_listed(lang, lines, notation);
    };
    format!(
        "{}\n{}",
        say!(
            lang,
            "premove-saved",
            move = format!("**{}**", premove.to_string_in(notation))
        ),
        conditional_listed(lang, lines, notation)
    )
}

/// To the owner alone: their stored answers in a game, a line per line with the opponent's
/// moves plain and the answers in bold, in `notation` ("1. e6-e5 → **d4xd6**, f7xd5 →
/// **c3-c4**"), and the premove; or that there are none, and how to store some.
pub fn conditional_listed(lang: Language, lines: &ConditionalLines, notation: Notation) -> String {
    let game = numbers::label(lines.game.0);
    if lines.is_empty() {
        return say!(lang, "conditional-none", game = game.clone());
    }
    let mut out = say!(lang, "conditional-listed", game = game);
    for (n, line) in lines.texts(notation).iter().enumerate() {
        let pairs: Vec<String> = line
            .chunks(2)
            .map(|pair| match pair {
                [theirs, mine] => format!("{theirs} → **{mine}**"),
                [theirs] => theirs.clone(),
                _ => String::new(),
            })
            .collect();
        out.push_str(&format!("\n{}. {}", n + 1, pairs.join(", ")));
    }
    if let Some(premove) = &lines.premove {
        let premove = format!("**{}**", premove.to_string_in(notation));
        out.push('\n');
        out.push_str(&say!(lang, "premove-listed", move = premove));
    }
    out
}

/// To the owner alone, after `/dama conditional action:clear`.
pub fn conditional_cleared(lang: Language, game: GameId) -> String {
    say!(lang, "conditional-cleared", game = numbers::label(game.0))
}

/// Whose turn it is and until when: "<@bob> to move (Black), time runs out <t:…:R>." For the
/// computer: "Computer (level 2) to move (White)." A pending draw offer follows.
pub fn turn(lang: Language, view: &GameView) -> String {
    let Some(next) = view.to_move() else {
        return String::new();
    };
    let who = mention(lang, next);
    let colour = colour(lang, view.turn());
    let mut line = match view.deadline.filter(|_| next.user().is_some()) {
        Some(deadline) => say!(
            lang,
            "turn-until",
            who = who,
            colour = colour,
            deadline = relative_time(deadline)
        ),
        None => say!(lang, "turn", who = who, colour = colour),
    };
    if let Some(offerer) = view.draw_offer {
        line.push(' ');
        line.push_str(&say!(
            lang,
            "turn-draw-offer",
            name = name(lang, view.participant(offerer))
        ));
    }
    line
}

/// The result in a sentence with the players' names, its head in bold: "**bob (Black) wins**:
/// alice resigned." A missed capture names the capture in `notation`.
pub fn result(lang: Language, view: &GameView, outcome: Outcome, notation: Notation) -> String {
    result_in(Style::Markdown, lang, view, outcome, notation)
}

/// [`result`] written in `style`, the names as `style` shows them.
pub fn result_in(
    style: Style,
    lang: Language,
    view: &GameView,
    outcome: Outcome,
    notation: Notation,
) -> String {
    let name = |color: Color| match style {
        Style::Markdown => name(lang, view.participant(color)),
        Style::Plain => raw_name(lang, view.participant(color)),
    };
    match outcome {
        Outcome::Win { winner, reason } => {
            let head = say!(
                lang,
                "result-win-head",
                winner = name(winner),
                colour = colour(lang, winner),
            );
            say!(
                lang,
                "result-win",
                head = style.strong(&head),
                reason = win_reason(lang, reason, name(winner.opposite()), notation),
                token = outcome.result_token(),
            )
        }
        Outcome::Draw(reason) => say!(
            lang,
            "result-draw",
            head = style.strong(&say!(lang, "result-draw-head")),
            reason = draw_reason(lang, reason),
            token = outcome.result_token()
        ),
        Outcome::Aborted => say!(
            lang,
            "result-aborted",
            head = style.strong(&say!(lang, "result-aborted-head")),
        ),
    }
}

/// Why `loser` lost: "alice resigned".
pub fn win_reason(lang: Language, reason: WinReason, loser: String, notation: Notation) -> String {
    match reason {
        WinReason::NoPieces => say!(lang, "win-no-pieces", loser = loser),
        WinReason::NoMoves => say!(lang, "win-no-moves", loser = loser),
        WinReason::Resignation => say!(lang, "win-resignation", loser = loser),
        WinReason::Time => say!(lang, "win-time", loser = loser),
        WinReason::Abandoned => say!(lang, "win-abandoned", loser = loser),
        WinReason::MissedCapture { available } => say!(
            lang,
            "win-missed-capture",
            loser = loser,
            capture = notation::format(&available, notation),
            count = available.capture_count(),
        ),
    }
}

/// Why the game was drawn: "by agreement".
pub fn draw_reason(lang: Language, reason: DrawReason) -> String {
    match reason {
        DrawReason::Agreement => say!(lang, "draw-agreement"),
        DrawReason::Repetition => say!(lang, "draw-repetition"),
        DrawReason::NoProgress => say!(lang, "draw-no-progress"),
        DrawReason::Abandoned => say!(lang, "draw-abandoned"),
    }
}

/// The text of a challenge message.
pub fn challenge(lang: Language, challenge: &Challenge) -> String {
    let options = &challenge.options;
    let challenger = escape(&challenge.challenger.name);
    let colour = match options.colour {
        ColourChoice::White => say!(lang, "challenge-plays-white", name = challenger.clone()),
        ColourChoice::Black => say!(lang, "challenge-plays-black", name = challenger.clone()),
        ColourChoice::Random => say!(lang, "challenge-colours-random"),
    };
    let terms = say!(
        lang,
        "challenge-terms",
        rated = rated_word(lang, options.rated),
        time = options.live.map_or_else(
            || per_move(lang, options.time_control),
            |live| clock_choice(lang, live)
        ),
        colour = colour,
        rules = rules_in(lang, options.rules),
    );
    let expires = relative_time(challenge.expires_at);
    let invitation = match &challenge.challenged {
        Some(opponent) => say!(
            lang,
            "challenge-direct",
            opponent = format!("<@{}>", opponent.id),
            challenger = challenger,
            terms = terms,
            expires = expires,
        ),
        None => say!(
            lang,
            "challenge-open",
            challenger = challenger,
            terms = terms,
            expires = expires
        ),
    };
    // A live game is played fast on its page or in the Activity: the invitation says so.
    if options.live.is_some() {
        format!("{invitation}\n{}", say!(lang, "live-how-to-play"))
    } else {
        invitation
    }
}

/// A time control's time per move in `lang`: "1 day".
/// "rated" or "casual".
pub fn rated_word(lang: Language, rated: bool) -> String {
    if rated {
        say!(lang, "challenge-rated")
    } else {
        say!(lang, "challenge-casual")
    }
}

/// "1 day per move", or "no time limit".
pub fn per_move(lang: Language, tc: TimeControl) -> String {
    match tc.per_move() {
        None => say!(lang, "challenge-no-time-limit"),
        Some(_) => say!(lang, "challenge-per-move", time = time_in(lang, tc)),
    }
}

fn time_in(lang: Language, tc: TimeControl) -> String {
    match tc {
        TimeControl::Unlimited => say!(lang, "time-unlimited"),
        TimeControl::Hour => say!(lang, "time-hour"),
        TimeControl::Day => say!(lang, "time-day"),
        TimeControl::ThreeDays => say!(lang, "time-three-days"),
        TimeControl::Week => say!(lang, "time-week"),
    }
}

/// Strict rules: the typed move misses a capture; asked before it is played.
pub fn confirm_missed_capture(
    lang: Language,
    played: &Move,
    available: &Move,
    notation: Notation,
) -> String {
    confirm_missed_capture_in(Style::Markdown, lang, played, available, notation)
}

/// [`confirm_missed_capture`] written in `style`.
pub fn confirm_missed_capture_in(
    style: Style,
    lang: Language,
    played: &Move,
    available: &Move,
    notation: Notation,
) -> String {
    say!(
        lang,
        "confirm-missed-capture",
        played = style.strong(&notation::format(played, notation)),
        available = style.strong(&notation::format(available, notation)),
        count = available.capture_count(),
    )
}

/// "**Game #12: …** starts. Good luck!"
pub fn engine_game_starts(lang: Language, view: &GameView) -> String {
    say!(lang, "engine-game-starts", title = title(lang, view))
}

/// "**Game #12: …** has started."
pub fn game_has_started(lang: Language, view: &GameView) -> String {
    say!(lang, "game-has-started", title = title(lang, view))
}

/// "alice resigns."
pub fn resigns(lang: Language, who: &str) -> String {
    say!(lang, "resigns", name = escape(who))
}

/// "alice offers a draw."
pub fn offers_draw(lang: Language, who: &str) -> String {
    say!(lang, "offers-draw", name = escape(who))
}

/// "alice accepts the draw offer."
pub fn accepts_draw(lang: Language, who: &str) -> String {
    say!(lang, "accepts-draw", name = escape(who))
}

/// The game's title and "alice declines the draw offer. The game goes on."
pub fn declines_draw(lang: Language, view: &GameView, who: &str) -> String {
    let words = say!(lang, "declines-draw", name = escape(who));
    format!("**{}**\n{words}", title(lang, view))
}

/// "alice asks to take back their last move."
pub fn asks_takeback(lang: Language, who: &str) -> String {
    say!(lang, "asks-takeback", name = escape(who))
}

/// "alice takes back 2 moves." (the computer agreed at once)
pub fn takes_back(lang: Language, who: &str, undone: u32) -> String {
    say!(lang, "takes-back", name = escape(who), count = undone)
}

/// "bob allows the takeback: 1 move undone."
pub fn allows_takeback(lang: Language, who: &str, undone: u32) -> String {
    say!(lang, "allows-takeback", name = escape(who), count = undone)
}

/// The game's title and "bob refuses the takeback. The game goes on."
pub fn refuses_takeback(lang: Language, view: &GameView, who: &str) -> String {
    let words = say!(lang, "refuses-takeback", name = escape(who));
    format!("**{}**\n{words}", title(lang, view))
}

/// A question to the opponent: the title, what was asked, the ping and the prompt.
pub fn question(
    lang: Language,
    view: &GameView,
    asks: &str,
    opponent: Option<&Participant>,
    prompt: Sentence,
) -> String {
    let to = opponent.map(|p| mention(lang, p)).unwrap_or_default();
    let line = say!(
        lang,
        "question",
        asks = asks,
        opponent = to,
        prompt = prompt.say(lang)
    );
    format!("**{}**\n{line}", title(lang, view))
}

/// To a member who follows game `game`: its thread.
pub fn follow_done(lang: Language, game: GameId, thread: ChannelId) -> String {
    say!(
        lang,
        "follow-done",
        game = numbers::label(game.0),
        thread = format!("<#{thread}>")
    )
}

/// To a member who would follow game `game`, which has no thread: where it is played.
pub fn follow_no_thread(lang: Language, game: GameId, channel: ChannelId) -> String {
    say!(
        lang,
        "follow-no-thread",
        game = numbers::label(game.0),
        channel = format!("<#{channel}>")
    )
}

/// "**Game #12: …** as PDN."
pub fn exported(lang: Language, view: &GameView) -> String {
    say!(lang, "exported", title = title(lang, view))
}

/// "bob, I cannot send you direct messages, so your turn notices come here again."
pub fn dms_closed(lang: Language, user: UserId) -> String {
    say!(lang, "dms-closed", who = format!("<@{user}>"))
}

/// "alice declined the challenge from bob."
pub fn declined_challenge(lang: Language, who: &str, challenger: &str) -> String {
    say!(
        lang,
        "challenge-declined",
        name = escape(who),
        challenger = escape(challenger)
    )
}

/// "alice withdrew the challenge."
pub fn withdrew_challenge(lang: Language, who: &str) -> String {
    say!(lang, "challenge-withdrawn", name = escape(who))
}

/// "This challenge is for <@2>."
pub fn challenge_is_for(lang: Language, user: UserId) -> String {
    say!(lang, "challenge-is-for", who = format!("<@{user}>"))
}

/// "You played **d3-d4**."
pub fn you_played(lang: Language, m: &Move, notation: Notation) -> String {
    say!(lang, "you-played", move = bold_move(m, notation))
}

/// The resignation question.
pub fn confirm_resign(lang: Language, view: &GameView) -> String {
    say!(lang, "confirm-resign", title = title(lang, view))
}

/// Above the second menu of the move picker.
pub fn moves_of_piece(lang: Language, square: Square, notation: Notation) -> String {
    say!(
        lang,
        "moves-of-piece",
        square = notation::square_name(square, notation)
    )
}

/// An option of the move picker's first menu: "Piece on d3".
pub fn menu_piece(lang: Language, square: Square, notation: Notation) -> String {
    say!(
        lang,
        "menu-piece",
        square = notation::square_name(square, notation)
    )
}

/// The placeholder of the move picker's first menu: "Move (White): choose a piece".
pub fn menu_pick_piece(lang: Language, side: Color) -> String {
    say!(lang, "menu-pick-piece", colour = colour(lang, side))
}

/// The placeholder of the move picker's second menu.
pub fn menu_pick_move(lang: Language) -> String {
    say!(lang, "menu-pick-move")
}

/// Under a capture in the move picker: "takes 2 pieces".
pub fn menu_takes(lang: Language, count: u32) -> String {
    say!(lang, "menu-takes", count = count)
}

/// To an actor whose game is played elsewhere.
pub fn game_goes_on_in(lang: Language, channel: ChannelId) -> String {
    say!(lang, "game-goes-on-in", channel = format!("<#{channel}>"))
}

/// Where a rematch challenge made from a game's thread was posted: "… is in <#5>."
pub fn rematch_challenge_in(lang: Language, channel: ChannelId) -> String {
    say!(
        lang,
        "rematch-challenge-in",
        channel = format!("<#{channel}>")
    )
}

/// A reminder: "<@2>, it is your move in **…**: time runs out <t:…:R>."
pub fn reminder(lang: Language, view: &GameView, user: UserId, deadline: Timestamp) -> String {
    say!(
        lang,
        "reminder",
        who = format!("<@{user}>"),
        title = title(lang, view),
        deadline = relative_time(deadline),
    )
}

/// "The challenge from alice to bob has expired."
pub fn challenge_expired(lang: Language, challenge: &Challenge) -> String {
    let challenger = escape(&challenge.challenger.name);
    match &challenge.challenged {
        Some(p) => say!(
            lang,
            "challenge-to-expired",
            challenger = challenger,
            opponent = escape(&p.name)
        ),
        None => say!(lang, "challenge-expired", challenger = challenger),
    }
}

/// A game suggested to the player typing a `game` option: "#12 vs bob: your turn".
pub fn game_choice(lang: Language, game: GameId, opponent: &str, my_turn: bool) -> String {
    if my_turn {
        say!(
            lang,
            "suggest-your-turn",
            game = numbers::label(game.0),
            opponent = opponent
        )
    } else {
        say!(
            lang,
            "suggest-their-turn",
            game = numbers::label(game.0),
            opponent = opponent
        )
    }
}

/// A speed in a word: "bullet", "blitz", "rapid", "correspondence".
pub fn speed(lang: Language, speed: Speed) -> String {
    match speed {
        Speed::Bullet => say!(lang, "speed-bullet"),
        Speed::Blitz => say!(lang, "speed-blitz"),
        Speed::Rapid => say!(lang, "speed-rapid"),
        Speed::Correspondence => say!(lang, "speed-correspondence"),
    }
}

/// A live clock as a choice shows it: "5+3 (blitz)".
pub fn clock_choice(lang: Language, clock: LiveClock) -> String {
    say!(
        lang,
        "clock-choice",
        clock = clock.to_string(),
        speed = speed(lang, clock.speed())
    )
}

/// Why a typed clock is none: not `minutes+seconds`, or out of range.
pub fn clock_refused(lang: Language, error: &ParseLiveClockError) -> String {
    match error {
        ParseLiveClockError::Syntax(typed) => say!(lang, "clock-syntax", text = typed.clone()),
        ParseLiveClockError::OutOfRange(typed) => say!(lang, "clock-range", text = typed.clone()),
    }
}

/// Both clocks of a live game as they stood at its last move, the running one marked:
/// "⏱ White 4:32 · **Black 5:00**"; nothing for a correspondence game.
pub fn live_clocks(lang: Language, view: &GameView) -> Option<String> {
    let reading = view.clock_at(view.updated_at)?;
    let shown = |color: Color| {
        let time = numbers::clock(lang, u64::try_from(reading.remaining(color)).unwrap_or(0));
        if view.outcome.is_none() && view.turn() == color {
            format!("**{time}**")
        } else {
            time
        }
    };
    Some(say!(
        lang,
        "live-clocks",
        white = shown(Color::White),
        black = shown(Color::Black)
    ))
}
