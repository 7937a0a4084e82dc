use dama_rules::Position;

use dama_rules::{DrawReason, WinReason};

use super::*;
use crate::fixtures;
use dama_engine::Level;
use dama_service::clock::Timestamp;
use dama_service::ids::{ChannelId, GameId, UserId};

use dama_service::model::{Player, Seats};
use dama_service::rating::Rating;
use dama_service::service::{Champions, HeadToHead, RatingSummary};

fn view() -> GameView {
    GameView {
        deadline: Some(Timestamp::from_millis(1_700_000_000_000)),
        ..fixtures::game(GameId(12), "bob_the*great", Position::start())
    }
}

#[test]
fn settings_say_each_notation_in_every_language() {
    for lang in Language::ALL {
        for notation in Notation::ALL {
            let settings = PlayerSettings {
                notation,
                ..PlayerSettings::default()
            };
            let said = super::settings(lang, &settings);
            let example = "d3-d4"
                .parse::<MoveText>()
                .expect("a move")
                .to_string_in(notation);
            assert!(said.contains(&format!("`{example}`")), "{said}");
        }
    }
}

#[test]
fn live_games_name_the_players_the_move_the_turn_and_the_thread() {
    let mut first = view();
    first.thread = Some(ChannelId(77));
    first.ply = 5;
    first.position = "8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 b"
        .parse()
        .expect("position");
    let second = GameView {
        id: GameId(13),
        ..view()
    };
    let text = live_games(Language::En, &[first, second], 2);
    assert_eq!(
        text,
        "**Games in progress on this server**: 2\n\
         - Game #12: alice (White) vs bob\\_the\\*great (Black): move 3, \
         bob\\_the\\*great (Black) to move · <#77>\n\
         - Game #13: alice (White) vs bob\\_the\\*great (Black): move 1, \
         alice (White) to move · <#1>"
    );
    assert!(live_games(Language::Tr, &[], 0).starts_with("Bu sunucuda süren bir oyun yok"));
}

#[test]
fn live_games_fit_one_message_and_say_how_many_are_shown() {
    let long = "x".repeat(32);
    let game = GameView {
        seats: Seats::new(
            Participant::Human(Player::new(UserId(1), &long)),
            Participant::Human(Player::new(UserId(2), &long)),
        ),
        thread: Some(ChannelId(u64::MAX)),
        ..view()
    };
    let games = vec![game; 25];
    let text = live_games(Language::En, &games, 40);
    assert!(text.chars().count() <= 2000, "{}", text.chars().count());
    let shown = text.lines().filter(|l| l.starts_with("- ")).count();
    assert!((10..25).contains(&shown), "{shown}");
    assert!(
        text.ends_with(&format!("-# The {shown} most recently played are listed.")),
        "{text}"
    );
    // All of them fit: no last line.
    let text = live_games(Language::En, &games[..3], 3);
    assert!(!text.contains("-#"), "{text}");
}

fn en(err: &ServiceError) -> String {
    explain(Language::En, Notation::Algebraic, err)
}

#[test]
fn names_escape_markdown_so_they_show_as_typed() {
    assert_eq!(name(Language::En, &view().seats.black), "bob\\_the\\*great");
    assert_eq!(
        name(Language::En, &Participant::Engine(Level::MIN)),
        "Computer (level 1)"
    );
}

#[test]
fn the_turn_line_pings_the_player_to_move_with_the_deadline() {
    let line = turn(Language::En, &view());
    assert_eq!(
        line,
        "<@1> to move (White), time runs out <t:1700000000:R>."
    );
    let mut engine_to_move = view();
    engine_to_move.seats.white = Participant::Engine(Level::MAX);
    assert_eq!(
        turn(Language::En, &engine_to_move),
        "Computer (level 5) to move (White)."
    );
}

#[test]
fn a_result_names_the_winner_and_the_reason() {
    let won = Outcome::Win {
        winner: Color::Black,
        reason: WinReason::Resignation,
    };
    assert_eq!(
        result(Language::En, &view(), won, Notation::Algebraic),
        "**bob\\_the\\*great (Black) wins**: alice resigned. Result 0-1."
    );
    let drawn = Outcome::Draw(DrawReason::Repetition);
    assert!(
        result(Language::En, &view(), drawn, Notation::Algebraic)
            .starts_with("**Draw**: the same position")
    );
}

#[test]
fn rating_changes_show_before_after_and_the_difference() {
    let change = |user, before: f64, after: f64| RatingChange {
        user: UserId(user),
        before: Rating {
            rating: before,
            ..Rating::default()
        },
        after: Rating {
            rating: after,
            ..Rating::default()
        },
    };
    let text = rating_changes(
        Language::En,
        &view(),
        &[change(1, 1500.0, 1515.6), change(2, 1500.2, 1484.4)],
    );
    assert_eq!(
        text,
        "alice 1500 → 1516 (+16) · correspondence\nbob\\_the\\*great 1500 → 1484 (-16) · \
         correspondence"
    );
    let mut live = view();
    live.live = Some("2+1".parse().expect("a clock"));
    let text = rating_changes(Language::Sv, &live, &[change(1, 1500.0, 1515.6)]);
    assert_eq!(text, "alice 1500 → 1516 (+16) · bullet");
}

#[test]
fn thread_names_fit_in_a_hundred_characters() {
    let mut long = view();
    long.seats.white = Participant::Human(Player::new(UserId(1), "a".repeat(90)));
    let name = thread_name(Language::En, &long);
    assert_eq!(name.chars().count(), 100);
    assert!(name.ends_with(" (#12)"));
    assert_eq!(
        thread_name(Language::En, &view()),
        "alice vs bob_the*great (#12)"
    );
}

#[test]
fn a_refused_limit_names_the_limit_and_the_way_under_it() {
    assert_eq!(
        en(&ServiceError::TooManyChallenges { limit: 10 }),
        "You already have 10 open challenges: withdraw one (the **Withdraw** button) or wait \
         for answers."
    );
    assert_eq!(
        en(&ServiceError::TooManyChallengesToPlayer { limit: 1 }),
        "You already have 1 open challenge to this player: wait for an answer, or \
         withdraw one (the **Withdraw** button) to send another."
    );
    assert_eq!(
        en(&ServiceError::TooManyComputerGames { limit: 3 }),
        "You already play 3 games against the computer: finish one (or resign it with \
         `/dama resign`) before starting another."
    );
    assert!(en(&ServiceError::TooManyGames { limit: 30 }).contains("30 games"));
    assert!(
        en(&ServiceError::OpponentHasTooManyGames { limit: 30 })
            .starts_with("The challenger already plays 30 games")
    );
}

#[test]
fn a_refused_tournament_or_review_names_the_limit_and_the_way_under_it() {
    use dama_service::ids::TournamentId;
    assert_eq!(
        en(&ServiceError::TournamentWouldExceedGames { limit: 30 }),
        "You already play 30 games at once, the most allowed, and each tournament you are in \
         counts as one: finish a game (or leave a tournament with `/dama tournament leave`) \
         before joining another."
    );
    assert_eq!(
        en(&ServiceError::TooManyTournaments { limit: 5 }),
        "You already play in 5 tournaments: wait for one to finish, or leave one with \
         `/dama tournament leave`, before joining another."
    );
    assert_eq!(
        en(&ServiceError::TooManyOpenTournaments { limit: 1 }),
        "You already have 1 tournament waiting to start: start or cancel one before creating \
         another."
    );
    assert_eq!(
        en(&ServiceError::ServerHasTooManyTournaments { limit: 10 }),
        "This server already has 10 tournaments waiting to start: join one of them, or create \
         yours once one has started."
    );
    assert_eq!(
        en(&ServiceError::SeveralTournamentsOpen(vec![
            TournamentId(4),
            TournamentId(3)
        ])),
        "Several tournaments are open on this server (4, 3): say which one to join with the \
         `tournament` option, e.g. `/dama tournament join tournament:4`, or press **Join** \
         under its announcement."
    );
    assert_eq!(
        en(&ServiceError::TournamentJustCreated(TournamentId(4))),
        "Tournament 4 was created only a moment ago: to join it, name it \
         (`/dama tournament join tournament:4`) or press **Join** under its announcement."
    );
    assert_eq!(
        en(&ServiceError::TooManyReviews { limit: 3 }),
        "You already have 3 reviews waiting: ask for another once one of them is done."
    );
    // Every language words each of them, with its number.
    let refusals = [
        ServiceError::TournamentWouldExceedGames { limit: 30 },
        ServiceError::TooManyTournaments { limit: 5 },
        ServiceError::TooManyOpenTournaments { limit: 2 },
        ServiceError::ServerHasTooManyTournaments { limit: 10 },
        ServiceError::SeveralTournamentsOpen(vec![TournamentId(41), TournamentId(39)]),
        ServiceError::TournamentJustCreated(TournamentId(41)),
        ServiceError::TooManyReviews { limit: 3 },
    ];
    for lang in Language::ALL {
        for refusal in &refusals {
            let said = explain(lang, Notation::Algebraic, refusal);
            let number = match refusal {
                ServiceError::SeveralTournamentsOpen(_)
                | ServiceError::TournamentJustCreated(_) => "41",
                ServiceError::TournamentWouldExceedGames { .. } => "30",
                ServiceError::TooManyTournaments { .. } => "5",
                ServiceError::TooManyOpenTournaments { .. } => "2",
                ServiceError::ServerHasTooManyTournaments { .. } => "10",
                _ => "3",
            };
            assert!(said.contains(number), "{lang:?}: {said}");
            assert!(!said.contains('{'), "{lang:?}: {said}");
            if lang != Language::En {
                assert_ne!(said, en(refusal), "{lang:?} has its own words");
            }
        }
    }
}

#[test]
fn a_challenge_refused_after_a_decline_says_when_to_try_again_in_every_language() {
    let refusal = ServiceError::DeclinedRecently {
        until: Timestamp::from_millis(1_700_000_000_000),
    };
    assert_eq!(
        en(&refusal),
        "This player declined your last challenge: you can challenge them again \
         <t:1700000000:R> (<t:1700000000:f>)."
    );
    for lang in Language::ALL {
        let said = explain(lang, Notation::Algebraic, &refusal);
        assert!(said.contains("<t:1700000000:"), "{lang:?}: {said}");
        assert!(!said.contains("declined-recently"), "{lang:?}: {said}");
    }
}

#[test]
fn refusals_read_as_sentences_and_internal_errors_stay_generic() {
    assert_eq!(
        en(&ServiceError::NotYourTurn),
        "It is not your turn: wait for your opponent's move."
    );
    assert_eq!(
        en(&ServiceError::SeveralGamesHere(vec![GameId(3), GameId(5)])),
        "You have several games here (#3, #5): choose one with the `game` option."
    );
    let corrupt = ServiceError::Corrupt {
        game: GameId(1),
        reason: "secret detail".into(),
    };
    assert_eq!(en(&corrupt), Sentence::GenericFailure.say(Language::En));
    let pos = Position::start();
    let illegal = dama_rules::notation::resolve_str(&pos, "d3-d5").expect_err("illegal");
    assert_eq!(
        en(&ServiceError::Move(illegal)),
        "**d3-d5** is not a legal move."
    );
}

/// A white man on d4 that must take d5 and e6 (d4xd6xf6), and types a plain move.
fn capture_refused() -> ServiceError {
    let pos: Position = "8/8/4b3/3b4/3w4/8/8/8 w".parse().expect("position");
    let e = dama_rules::notation::resolve_str(&pos, "d4-c4").expect_err("a capture first");
    ServiceError::Move(e)
}

#[test]
fn the_compulsory_capture_is_named_in_the_readers_notation_with_its_count() {
    assert_eq!(
        en(&capture_refused()),
        "A capture is compulsory: you must take 2 pieces, e.g. d4xd6xf6."
    );
    // d4 is square 36, d6 is 20 and f6 is 22 in the square numbering
    // (docs/rules.md#square-numbers).
    assert_eq!(
        explain(Language::En, Notation::Numeric, &capture_refused()),
        "A capture is compulsory: you must take 2 pieces, e.g. 36x20x22."
    );
    assert_eq!(
        explain(Language::Tr, Notation::Numeric, &capture_refused()),
        "Alma zorunluluğu var: 2 taş almalısın, örneğin 36x20x22."
    );
}

#[test]
fn refusals_are_said_in_turkish() {
    let tr = |e: &ServiceError| explain(Language::Tr, Notation::Algebraic, e);
    assert_eq!(
        tr(&ServiceError::NotYourTurn),
        "Sıra sende değil: rakibinin hamlesini bekle."
    );
    assert_eq!(
        tr(&capture_refused()),
        "Alma zorunluluğu var: 2 taş almalısın, örneğin d4xd6xf6."
    );
    let illegal =
        dama_rules::notation::resolve_str(&Position::start(), "d3-d5").expect_err("illegal");
    assert_eq!(
        tr(&ServiceError::Move(illegal)),
        "**d3-d5** kurallara uygun bir hamle değil."
    );
    assert_eq!(
        tr(&ServiceError::TooManyGames { limit: 30 }),
        "Zaten aynı anda 30 oyun oynuyorsun, izin verilen en fazla bu: yenisine başlamadan \
         önce birini bitir (ya da `/dama terk-et` ile terk et)."
    );
}

#[test]
fn a_seasons_end_names_its_champions_in_turkish() {
    let champion = |rank: u32, name: &str, rating: f64| LeaderboardEntry {
        rank,
        user: UserId(u64::from(rank)),
        name: name.to_owned(),
        rating: dama_service::rating::Rating {
            rating,
            ..dama_service::rating::Rating::default()
        },
        games: 3,
        provisional: false,
    };
    let season = Season {
        number: 2,
        started_at: Timestamp::from_millis(0),
        ended_at: Some(Timestamp::from_millis(1)),
    };
    let ended = SeasonEnded {
        season,
        champions: vec![
            Champions {
                speed: Speed::Blitz,
                entries: vec![champion(1, "Deniz", 1710.0)],
            },
            Champions {
                speed: Speed::Correspondence,
                entries: vec![champion(1, "Ayşe", 1620.4), champion(2, "Mehmet", 1480.0)],
            },
        ],
    };
    assert_eq!(
        season_ended(Language::Tr, &ended, 3),
        "**2. sezon** bitti. Son sıralaması olduğu gibi kalır: `/dama sıralama sezon:2`.\n\
         2. sezonun şampiyonları, blitz:\n1. Deniz 1710 (3 oyun)\n\
         2. sezonun şampiyonları, yazışmalı:\n1. Ayşe 1620 (3 oyun)\n2. Mehmet 1480 (3 oyun)"
    );
    let nobody = SeasonEnded {
        season,
        champions: Vec::new(),
    };
    assert!(
        season_ended(Language::Es, &nobody, 3).ends_with("esta vez no hay campeones."),
        "{}",
        season_ended(Language::Es, &nobody, 3)
    );
    let board = Leaderboard {
        season: Some(season),
        speed: Speed::Blitz,
        entries: Vec::new(),
    };
    assert!(
        leaderboard(Language::Sv, &board, true, 3)
            .starts_with("**Topplista** (den här servern, säsong 2, sluttabell, blixt)")
    );
}

#[test]
fn a_turkish_error_is_capitalised_as_a_sentence() {
    let short = ServiceError::Move(ResolveError::Syntax(ParseMoveError::TooShort));
    let text = explain(Language::Tr, Notation::Algebraic, &short);
    assert_eq!(text, "Bir hamle en az iki kareden oluşur, örneğin d3-d4.");
}

#[test]
fn results_and_turns_are_said_in_turkish() {
    let won = Outcome::Win {
        winner: Color::Black,
        reason: WinReason::Resignation,
    };
    assert_eq!(
        result(Language::Tr, &view(), won, Notation::Algebraic),
        "**bob\\_the\\*great (Siyah) kazandı**: alice terk etti. Sonuç 0-1."
    );
    assert_eq!(
        turn(Language::Tr, &view()),
        "Hamle sırası: <@1> (Beyaz), süre <t:1700000000:R> doluyor."
    );
    let mut engine_to_move = view();
    engine_to_move.seats.white = Participant::Engine(Level::MIN);
    assert_eq!(
        turn(Language::Tr, &engine_to_move),
        "Hamle sırası: Bilgisayar (seviye 1) (Beyaz)."
    );
}

#[test]
fn a_missed_capture_loss_names_the_capture_in_the_readers_notation() {
    let pos: Position = "8/8/4b3/3b4/3w4/8/8/8 w".parse().expect("position");
    let available = dama_rules::notation::resolve_str(&pos, "d4xd6xf6").expect("legal");
    let lost = Outcome::Win {
        winner: Color::Black,
        reason: WinReason::MissedCapture { available },
    };
    assert_eq!(
        result(Language::En, &view(), lost, Notation::Numeric),
        "**bob\\_the\\*great (Black) wins**: alice missed a compulsory capture (36x20x22 \
         takes 2 pieces). Result 0-1."
    );
}

#[test]
fn stats_show_rating_rank_record_streak_and_head_to_head() {
    let stats = PlayerStats {
        user: UserId(1),
        name: Some("alice".into()),
        ratings: vec![
            RatingSummary {
                speed: Speed::Blitz,
                rating: Rating {
                    rating: 1402.0,
                    deviation: 150.0,
                    ..Rating::default()
                },
                games: 2,
                provisional: true,
                rank: None,
            },
            RatingSummary {
                speed: Speed::Correspondence,
                rating: Rating {
                    rating: 1612.4,
                    deviation: 80.2,
                    ..Rating::default()
                },
                games: 12,
                provisional: false,
                rank: Some(2),
            },
        ],
        record: Record {
            games: 12,
            wins: 7,
            draws: 1,
            losses: 4,
        },
        streak: Streak::Wins(2),
        head_to_head: Some(HeadToHead {
            opponent: UserId(2),
            opponent_name: Some("bob".into()),
            record: Record {
                games: 3,
                wins: 2,
                draws: 0,
                losses: 1,
            },
        }),
    };
    assert_eq!(
        super::stats(Language::En, &stats, None, "ignored", 3),
        "**alice**\nBlitz: rating 1402 ± 150, provisional, not ranked yet (3 rated games \
         needed).\nCorrespondence: rating 1612 ± 80, #2 here.\n\
         12 games: 7 won, 1 drawn, 4 lost.\n\
         Current streak: 2 won in a row.\nAgainst bob: 3 games: 2 won, 0 drawn, 1 lost."
    );
    // One speed asked: its line only, or that there is none yet.
    let lines = |speed| stats_lines(Language::En, &stats, Some(speed), 3);
    assert_eq!(
        lines(Speed::Correspondence)[0],
        "Correspondence: rating 1612 ± 80, #2 here."
    );
    assert_eq!(
        lines(Speed::Correspondence)[1],
        "12 games: 7 won, 1 drawn, 4 lost."
    );
    assert_eq!(lines(Speed::Bullet)[0], "Bullet: no rated game here yet.");
    let tr = stats_lines(Language::Tr, &stats, Some(Speed::Rapid), 3);
    assert_eq!(tr[0], "Hızlı: burada henüz puanlı oyun yok.");
}

#[test]
fn a_newcomer_has_no_rating_yet() {
    let stats = PlayerStats {
        user: UserId(1),
        name: None,
        ratings: Vec::new(),
        record: Record::default(),
        streak: Streak::None,
        head_to_head: None,
    };
    assert_eq!(
        super::stats(Language::En, &stats, None, "carol", 3),
        "**carol**\nNo rated game here yet.\n0 games: 0 won, 0 drawn, 0 lost."
    );
}

/// An open challenge by alice, who plays White under strict rules.
fn open_challenge() -> Challenge {
    Challenge {
        id: dama_service::ids::ChallengeId(4),
        place: dama_service::ids::Place {
            guild: None,
            channel: ChannelId(1),
        },
        challenger: Player::new(UserId(1), "alice"),
        challenged: None,
        options: dama_service::model::ChallengeOptions {
            colour: ColourChoice::White,
            rules: Rules::STRICT,
            ..dama_service::model::ChallengeOptions::default()
        },
        status: dama_service::model::ChallengeStatus::Open,
        created_at: Timestamp::from_millis(0),
        expires_at: Timestamp::from_millis(1_700_000_000_000),
        rematch_of: None,
    }
}

#[test]
fn turkish_says_colours_time_losses_reminders_and_ranks_as_a_turkish_player_would() {
    let challenge = super::challenge(Language::Tr, &open_challenge());
    assert!(
        challenge.contains(
            "(puanlı, hamle başına 1 gün, alice Beyazla oynar, katı kurallar (zorunlu almayı \
             kaçıran kaybeder))"
        ),
        "{challenge}"
    );
    let on_time = Outcome::Win {
        winner: Color::Black,
        reason: WinReason::Time,
    };
    assert_eq!(
        result(Language::Tr, &view(), on_time, Notation::Algebraic),
        "**bob\\_the\\*great (Siyah) kazandı**: alice süreden kaybetti. Sonuç 0-1."
    );
    // The title starts with "Oyun": the reminder does not say "oyun" again around it.
    let reminder = reminder(
        Language::Tr,
        &view(),
        UserId(1),
        Timestamp::from_millis(1_700_000_000_000),
    );
    assert_eq!(
        reminder,
        "<@1>, hamle sırası sende: **Oyun #12: alice (Beyaz) – bob\\_the\\*great (Siyah)**. \
         Süre <t:1700000000:R> doluyor."
    );
    assert_eq!(
        say!(Language::Tr, "stats-rank", rank = 3),
        "burada 3. sırada"
    );
    assert_eq!(
        explain(
            Language::Tr,
            Notation::Algebraic,
            &ServiceError::ChallengeNotForYou
        ),
        "Bu davet başka biri için."
    );
}

/// A player with one game of each result, on a streak of one draw.
fn one_of_each() -> PlayerStats {
    let one = Record {
        games: 3,
        wins: 1,
        draws: 1,
        losses: 1,
    };
    PlayerStats {
        user: UserId(1),
        name: Some("ana".into()),
        ratings: Vec::new(),
        record: one,
        streak: Streak::Draws(1),
        head_to_head: None,
    }
}

#[test]
fn spanish_is_one_text_for_spain_and_latin_america_with_counts_that_agree() {
    assert_eq!(
        name(Language::Es, &Participant::Engine(Level::MIN)),
        "Bot (nivel 1)"
    );
    assert_eq!(
        super::stats(Language::Es, &one_of_each(), None, "ana", 3),
        "**ana**\nAún no hay partidas puntuables aquí.\n3 partidas: 1 ganada, 1 en tablas, \
         1 perdida.\nRacha actual: 1 partida en tablas."
    );
    let status = |until: Option<Timestamp>, days_left| VacationStatus {
        until,
        days_used: 0,
        days_left,
    };
    assert_eq!(
        vacation_started(
            Language::Es,
            &status(Some(Timestamp::from_millis(1_700_000_000_000)), 1)
        ),
        "Estás de vacaciones hasta el <t:1700000000:f>: los relojes de tus partidas están \
         detenidos. Te queda 1 día de vacaciones este año."
    );
    assert!(
        vacation_ended(Language::Es, &status(None, 5))
            .starts_with("¡Hola de nuevo! Tus vacaciones han terminado"),
    );
}

#[test]
fn swedish_counts_agree_and_a_draw_is_accepted_with_one_verb() {
    assert_eq!(
        super::stats(Language::Sv, &one_of_each(), None, "ana", 3),
        "**ana**\nInget rankat parti här än.\n3 partier: 1 vinst, 1 remi, 1 förlust.\n\
         Aktuell svit: 1 remi."
    );
    let status = VacationStatus {
        until: Some(Timestamp::from_millis(1_700_000_000_000)),
        days_used: 0,
        days_left: 1,
    };
    assert_eq!(
        vacation_started(Language::Sv, &status),
        "Du har semester till den <t:1700000000:f>: klockorna i dina partier står stilla. \
         Du har 1 semesterdag kvar i år."
    );
    assert_eq!(
        allows_takeback(Language::Sv, "bo", 1),
        "bo går med på begäran: 1 drag tas tillbaka."
    );
    assert_eq!(
        accepts_draw(Language::Sv, "bo"),
        "bo antar remierbjudandet."
    );
    assert_eq!(Label::AcceptDraw.say(Language::Sv), "Anta remi");
}

#[test]
fn the_sentences_carry_no_markup_and_each_face_sets_apart_in_its_own_style() {
    let square: dama_rules::Square = "d4".parse().expect("a square");
    let refusal = ServiceError::Move(ResolveError::NoPiece(square));
    assert_eq!(
        explain_in(Style::Plain, Language::En, Notation::Algebraic, &refusal),
        "There is no piece on d4."
    );
    assert_eq!(
        explain(Language::En, Notation::Algebraic, &refusal),
        "There is no piece on **d4**."
    );
    let typed = "d3*d4";
    let why = "d3*d4".parse::<MoveText>().expect_err("not notation");
    let plain = not_a_move_in(Style::Plain, Language::Tr, typed, &why);
    assert!(plain.starts_with("d3*d4 bir hamle değil"), "{plain}");
    assert!(
        plain.contains("d3-d4 gibi") && !plain.contains('`'),
        "{plain}"
    );
    let marked = not_a_move(Language::Tr, typed, &why);
    assert!(marked.starts_with("`d3\\*d4` bir hamle değil"), "{marked}");
    let view = GameView {
        outcome: Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation,
        }),
        ..fixtures::game(GameId(12), "bob_the*great", Position::start())
    };
    let outcome = view.outcome.expect("over");
    let plain = result_in(
        Style::Plain,
        Language::En,
        &view,
        outcome,
        Notation::Algebraic,
    );
    assert!(plain.starts_with("bob_the*great (Black) wins: "), "{plain}");
    let marked = result(Language::En, &view, outcome, Notation::Algebraic);
    assert!(
        marked.starts_with("**bob\\_the\\*great (Black) wins**: "),
        "{marked}"
    );
}

/// Ada's stored answers in game #12 after 1. d3-d4: a line of two pairs, and a premove.
fn stored(premove: Option<&str>) -> ConditionalLines {
    let start = Position::start();
    let mut position = start
        .play(&dama_rules::notation::resolve_str(&start, "d3-d4").expect("legal"))
        .expect("played");
    let after_d4 = position;
    let mut line = Vec::new();
    for text in ["e6-e5", "c3-c4", "b6-b5", "g3-g4"] {
        let m = dama_rules::notation::resolve_str(&position, text).expect("legal");
        position = position.play(&m).expect("played");
        line.push(m);
    }
    ConditionalLines {
        game: GameId(12),
        ply: 1,
        position: after_d4,
        lines: vec![line],
        premove: premove.map(|text| text.parse().expect("a move")),
    }
}

#[test]
fn stored_answers_are_listed_their_moves_plain_and_the_answers_bold() {
    let lines = stored(Some("h3-h4"));
    let listed = conditional_listed(Language::En, &lines, Notation::Algebraic);
    assert_eq!(
        listed,
        "Your stored answers in game #12 (your opponent's move → your answer, played at once):\n\
         1. e6-e5 → **c3-c4**, b6-b5 → **g3-g4**\n\
         Premove (the answer to any other move): **h3-h4**"
    );
    let numeric = conditional_listed(Language::Tr, &lines, Notation::Numeric);
    let c4 = "c3-c4".parse::<MoveText>().expect("a move");
    assert!(
        numeric.contains(&format!("→ **{}**", c4.to_string_in(Notation::Numeric))),
        "{numeric}"
    );
    assert!(numeric.starts_with("#12 numaralı oyunda"), "{numeric}");
    let saved = conditional_saved(Language::Sv, &lines, Notation::Algebraic);
    assert!(
        saved.starts_with("Sparat.\nDina sparade svar i parti #12"),
        "{saved}"
    );
    let premove = premove_saved(Language::Es, &lines, Notation::Algebraic);
    assert!(
        premove.starts_with("Jugada anticipada guardada: **h3-h4**."),
        "{premove}"
    );
    assert!(premove.contains("\n1. e6-e5 → **c3-c4**"), "{premove}");
}

#[test]
fn no_stored_answers_says_how_to_store_some_with_the_readers_command_names() {
    let mut lines = stored(None);
    lines.lines.clear();
    let en = conditional_listed(Language::En, &lines, Notation::Algebraic);
    assert!(
        en.starts_with("You have no stored answers in game #12."),
        "{en}"
    );
    assert!(en.contains("`/dama conditional line:…`"), "{en}");
    assert!(en.contains("`/dama premove`"), "{en}");
    let tr = conditional_listed(Language::Tr, &lines, Notation::Algebraic);
    assert!(tr.contains("`/dama koşullu-hamle varyant:…`"), "{tr}");
    assert!(tr.contains("`/dama ön-hamle`"), "{tr}");
    assert_eq!(
        conditional_cleared(Language::En, GameId(12)),
        "Your stored answers in game #12 are cleared: no conditional moves, no premove."
    );
}
