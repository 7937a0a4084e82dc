//! One member cannot take more than their share: open challenges, challenges to one person,
//! active games (each tournament they play in taking one place) and games against the computer
//! are each limited, as are the tournaments a member creates and joins and a server's open
//! tournaments; the limit frees up again as soon as one ends.

mod common;

use std::time::Duration;

use common::{DAY, Env, HOUR, place, player};
use dama_engine::Level;
use dama_service::clock::{Clock, Timestamp};
use dama_service::ids::{ChannelId, GuildId, Place, TournamentId};
use dama_service::model::{ChallengeOptions, ColourChoice, Player, TimeControl};
use dama_service::service::Organising::{Cancel, Start};
use dama_service::service::{Authority, Closing, GameView, MeantFor, ServiceConfig, ServiceError};
use dama_service::tournament::{Format, Options, Tournament};
use dama_test_stores::on_both_stores;

impl Env {
    async fn challenge(
        &self,
        from: &Player,
        to: Option<&Player>,
    ) -> Result<dama_service::model::Challenge, ServiceError> {
        self.service
            .create_challenge(from, to, place(), ChallengeOptions::default())
            .await
    }

    /// A round robin of up to `max_players` created by `creator`.
    async fn create(&self, creator: &Player, max_players: u32) -> Result<Tournament, ServiceError> {
        let options = Options {
            max_players,
            ..Options::new(format!("Cup of {}", creator.name), Format::RoundRobin)
        };
        self.service
            .create_tournament(creator, place(), options)
            .await
    }

    async fn join(&self, who: &Player, id: TournamentId) -> Result<Tournament, ServiceError> {
        self.service.join_tournament(who, place(), id).await
    }

    async fn computer(&self, who: &Player) -> Result<GameView, ServiceError> {
        self.service
            .start_engine_game(
                who,
                place(),
                Level::MIN,
                ColourChoice::White,
                TimeControl::Day,
            )
            .await
    }
}

#[on_both_stores]
async fn the_eleventh_open_challenge_is_refused_until_one_is_withdrawn_or_lapses() {
    let env = Env::new().await;
    let ada = player(1);
    let mut issued = Vec::new();
    for n in 0..10 {
        let to = player(100 + n);
        issued.push(
            env.challenge(&ada, Some(&to))
                .await
                .expect("under the limit"),
        );
    }
    let refused = env.challenge(&ada, None).await;
    assert!(
        matches!(refused, Err(ServiceError::TooManyChallenges { limit: 10 })),
        "{refused:?}"
    );
    // Others are not limited by Ada's challenges.
    env.challenge(&player(2), None).await.expect("someone else");

    env.service
        .close_challenge(Closing::Withdrawn, ada.id, place(), issued[0].id)
        .await
        .expect("withdrawn");
    env.challenge(&ada, None)
        .await
        .expect("under the limit again");
    assert!(matches!(
        env.challenge(&ada, None).await,
        Err(ServiceError::TooManyChallenges { limit: 10 })
    ));

    // Lapsed challenges count no more, even before the sweeper marks them expired.
    env.advance(DAY);
    env.challenge(&ada, None)
        .await
        .expect("the old ones lapsed");
}

#[on_both_stores]
async fn a_second_challenge_to_the_same_person_waits_for_an_answer_to_the_first() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let first = env.challenge(&ada, Some(&bo)).await.expect("first");
    let refused = env.challenge(&ada, Some(&bo)).await;
    assert!(
        matches!(
            refused,
            Err(ServiceError::TooManyChallengesToPlayer { limit: 1 })
        ),
        "{refused:?}"
    );
    // Open challenges and challenges to others, or the other way round, are not affected.
    env.challenge(&ada, None).await.expect("open challenge");
    env.challenge(&ada, Some(&player(3))).await.expect("other");
    env.challenge(&bo, Some(&ada)).await.expect("the other way");

    env.service
        .close_challenge(Closing::Withdrawn, ada.id, place(), first.id)
        .await
        .expect("withdrawn");
    env.challenge(&ada, Some(&bo))
        .await
        .expect("withdrawn: again");
}

/// Ada challenges Bo, who declines: `Err(until)` when the challenge is refused for a recent
/// decline.
async fn declined(env: &Env, ada: &Player, bo: &Player) -> Result<(), Timestamp> {
    match env.challenge(ada, Some(bo)).await {
        Ok(challenge) => {
            env.service
                .close_challenge(Closing::Declined, bo.id, place(), challenge.id)
                .await
                .expect("declined");
            Ok(())
        }
        Err(ServiceError::DeclinedRecently { until }) => Err(until),
        Err(e) => panic!("{e}"),
    }
}

#[on_both_stores]
async fn a_declined_challenge_is_not_sent_again_for_an_hour_nor_for_a_day_after_a_second() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let minute = Duration::from_secs(60);
    declined(&env, &ada, &bo).await.expect("the first");
    let declined_at = env.clock.now();
    // For an hour after the decline, Ada may not ping Bo again, and is told when she may.
    env.advance(HOUR - minute);
    assert_eq!(declined(&env, &ada, &bo).await, Err(declined_at + HOUR));
    // Anyone else may; Bo may challenge Ada; Ada may challenge others and post open ones.
    env.challenge(&player(3), Some(&bo))
        .await
        .expect("another challenger");
    env.challenge(&bo, Some(&ada)).await.expect("the other way");
    env.challenge(&ada, Some(&player(3)))
        .await
        .expect("someone else");
    env.challenge(&ada, None).await.expect("an open challenge");

    // An hour on, she may; declined again within the day, she waits a day from then.
    env.advance(minute);
    declined(&env, &ada, &bo).await.expect("an hour later");
    let again_at = env.clock.now();
    env.advance(HOUR);
    assert_eq!(declined(&env, &ada, &bo).await, Err(again_at + DAY));
    env.advance(DAY - HOUR - minute);
    assert_eq!(declined(&env, &ada, &bo).await, Err(again_at + DAY));
    env.advance(minute);
    // A day after the second decline; declined once more, more than a day after the one
    // before, the wait is an hour again.
    declined(&env, &ada, &bo).await.expect("a day later");
    let third_at = env.clock.now();
    assert_eq!(declined(&env, &ada, &bo).await, Err(third_at + HOUR));
}

#[on_both_stores]
async fn a_withdrawn_or_lapsed_challenge_may_be_sent_again_at_once() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let first = env.challenge(&ada, Some(&bo)).await.expect("first");
    env.service
        .close_challenge(Closing::Withdrawn, ada.id, place(), first.id)
        .await
        .expect("withdrawn");
    env.challenge(&ada, Some(&bo))
        .await
        .expect("withdrawn: again");
    env.advance(DAY);
    env.service.sweep().await.expect("swept");
    env.challenge(&ada, Some(&bo)).await.expect("lapsed: again");
}

#[on_both_stores]
async fn accepting_is_refused_while_either_player_has_as_many_games_as_allowed() {
    let env = Env::with_config(ServiceConfig {
        max_active_games: 2,
        ..ServiceConfig::default()
    })
    .await;
    let (ada, bo, cy, dee) = (player(1), player(2), player(3), player(4));
    let first = env.casual(&ada, &bo).await;
    env.casual(&ada, &cy).await;

    // Ada, accepting, is at the limit.
    let from_dee = env.challenge(&dee, None).await.expect("challenge");
    let refused = env
        .service
        .accept_challenge(&ada, place(), from_dee.id)
        .await;
    assert!(
        matches!(refused, Err(ServiceError::TooManyGames { limit: 2 })),
        "{refused:?}"
    );
    // Ada, challenging, is at the limit: her challenge waits.
    let from_ada = env
        .challenge(&ada, None)
        .await
        .expect("challenging is allowed");
    let refused = env
        .service
        .accept_challenge(&dee, place(), from_ada.id)
        .await;
    assert!(
        matches!(
            refused,
            Err(ServiceError::OpponentHasTooManyGames { limit: 2 })
        ),
        "{refused:?}"
    );
    // Games against the computer count too.
    assert!(matches!(
        env.computer(&ada).await,
        Err(ServiceError::TooManyGames { limit: 2 })
    ));

    env.service.resign(first.id, bo.id).await.expect("resigned");
    env.service
        .accept_challenge(&dee, place(), from_ada.id)
        .await
        .expect("a game ended: under the limit again");
    // The refused challenge is still open.
    assert!(matches!(
        env.service
            .accept_challenge(&ada, place(), from_dee.id)
            .await,
        Err(ServiceError::TooManyGames { limit: 2 })
    ));
}

#[on_both_stores]
async fn the_fourth_game_against_the_computer_waits_for_one_to_end() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let mut games = Vec::new();
    for _ in 0..3 {
        games.push(env.computer(&ada).await.expect("under the limit"));
    }
    let refused = env.computer(&ada).await;
    assert!(
        matches!(
            refused,
            Err(ServiceError::TooManyComputerGames { limit: 3 })
        ),
        "{refused:?}"
    );
    env.computer(&bo).await.expect("another member plays on");
    // Games against people are not computer games.
    env.casual(&ada, &bo).await;

    env.service
        .resign(games[0].id, ada.id)
        .await
        .expect("resigned");
    env.computer(&ada).await.expect("under the limit again");
}

#[on_both_stores]
async fn each_tournament_takes_one_place_among_a_members_games_and_a_join_past_the_limit_is_refused()
 {
    let env = Env::with_config(ServiceConfig {
        max_active_games: 2,
        ..ServiceConfig::default()
    })
    .await;
    let (ada, bo, cy, dee, eve) = (player(1), player(2), player(3), player(4), player(5));
    let casual = env.casual(&ada, &bo).await;
    let first = env.create(&cy, 2).await.expect("created");
    env.join(&ada, first.id).await.expect("a second place");
    let second = env.create(&dee, 2).await.expect("created");
    let refused = env.join(&ada, second.id).await;
    assert!(
        matches!(
            refused,
            Err(ServiceError::TournamentWouldExceedGames { limit: 2 })
        ),
        "{refused:?}"
    );
    assert!(
        env.service
            .tournament(second.id, place())
            .await
            .expect("read")
            .entrants
            .is_empty(),
        "nothing changed"
    );
    // The open tournament holds its place before its first game: no third game starts.
    let from_eve = env.challenge(&eve, None).await.expect("challenge");
    assert!(matches!(
        env.service
            .accept_challenge(&ada, place(), from_eve.id)
            .await,
        Err(ServiceError::TooManyGames { limit: 2 })
    ));
    assert!(matches!(
        env.computer(&ada).await,
        Err(ServiceError::TooManyGames { limit: 2 })
    ));

    // Started, its game takes that same place, not one more.
    env.join(&eve, first.id).await.expect("joined");
    env.service
        .organise_tournament(Start, cy.id, Authority::Member, place(), first.id)
        .await
        .expect("started");
    let games = env
        .service
        .active_games(ada.id, dama_service::service::GameFilter::Anywhere)
        .await
        .expect("games");
    assert_eq!(games.len(), 2, "the casual game and the tournament's");
    assert!(matches!(
        env.join(&ada, second.id).await,
        Err(ServiceError::TournamentWouldExceedGames { limit: 2 })
    ));

    env.service
        .resign(casual.id, bo.id)
        .await
        .expect("resigned");
    env.join(&ada, second.id)
        .await
        .expect("a game ended: under the limit again");
}

#[on_both_stores]
async fn a_creator_a_server_and_a_member_have_each_as_many_open_tournaments_as_allowed() {
    let env = Env::with_config(ServiceConfig {
        max_open_tournaments_per_creator: 2,
        max_open_tournaments_per_server: 3,
        max_tournaments_joined: 2,
        ..ServiceConfig::default()
    })
    .await;
    let (ada, bo, cy) = (player(1), player(2), player(3));
    let first = env.create(&ada, 4).await.expect("first");
    let second = env.create(&ada, 4).await.expect("second");
    let refused = env.create(&ada, 4).await;
    assert!(
        matches!(
            refused,
            Err(ServiceError::TooManyOpenTournaments { limit: 2 })
        ),
        "{refused:?}"
    );
    let third = env.create(&bo, 4).await.expect("someone else's");
    let refused = env.create(&cy, 4).await;
    assert!(
        matches!(
            refused,
            Err(ServiceError::ServerHasTooManyTournaments { limit: 3 })
        ),
        "{refused:?}"
    );
    // Another server has its own.
    let elsewhere = Place {
        guild: Some(GuildId(77)),
        channel: ChannelId(78),
    };
    env.service
        .create_tournament(&cy, elsewhere, Options::new("Away", Format::Swiss))
        .await
        .expect("another server");

    env.join(&cy, first.id).await.expect("first");
    env.join(&cy, second.id).await.expect("second");
    let refused = env.join(&cy, third.id).await;
    assert!(
        matches!(refused, Err(ServiceError::TooManyTournaments { limit: 2 })),
        "{refused:?}"
    );

    // Once one starts, its creator and the server may open another; a member stays in it
    // while it runs.
    env.join(&bo, first.id).await.expect("joined");
    env.service
        .organise_tournament(Start, ada.id, Authority::Member, place(), first.id)
        .await
        .expect("started");
    env.create(&ada, 4).await.expect("a place freed for Ada");
    assert!(matches!(
        env.join(&cy, third.id).await,
        Err(ServiceError::TooManyTournaments { limit: 2 })
    ));
    // Leaving an open one frees a place.
    env.service
        .leave_tournament(cy.id, place(), second.id)
        .await
        .expect("left");
    env.join(&cy, third.id)
        .await
        .expect("under the limit again");
}

#[on_both_stores]
async fn join_without_a_name_means_the_only_open_tournament_once_it_is_a_few_minutes_old() {
    let env = Env::new().await;
    let (ada, bo, cy) = (player(1), player(2), player(3));
    let meant = |who: &Player| {
        env.service
            .tournament_meant(None, place(), MeantFor::Joining(who.id))
    };
    assert!(matches!(
        meant(&ada).await,
        Err(ServiceError::NoTournamentHere)
    ));
    let cup = env.create(&bo, 8).await.expect("created");
    // Created a moment ago by someone else: Ada may have meant another, so she names it.
    let refused = meant(&ada).await;
    assert!(
        matches!(refused, Err(ServiceError::TournamentJustCreated(id)) if id == cup.id),
        "{refused:?}"
    );
    // Its creator means it.
    assert_eq!(meant(&bo).await.expect("the creator's").id, cup.id);
    env.advance(Duration::from_secs(5 * 60));
    assert_eq!(meant(&ada).await.expect("a few minutes old").id, cup.id);

    // A second open one: whichever is meant is for the member to say.
    let other = env.create(&cy, 8).await.expect("created");
    env.advance(DAY);
    let refused = meant(&ada).await;
    assert!(
        matches!(&refused, Err(ServiceError::SeveralTournamentsOpen(ids)) if *ids == [other.id, cup.id]),
        "{refused:?}"
    );
    assert!(
        matches!(
            meant(&cy).await,
            Err(ServiceError::SeveralTournamentsOpen(_))
        ),
        "even for a creator"
    );
    // Named, either is joined.
    env.join(&ada, other.id).await.expect("named");
    env.service
        .organise_tournament(Cancel, cy.id, Authority::Member, place(), other.id)
        .await
        .expect("cancelled");
    assert_eq!(meant(&ada).await.expect("the only one again").id, cup.id);
}

/// A flood of joins: 30 members each pressing Join on all three tournaments, several times,
/// all at once over two instances. Each tournament ends full and no fuller, nobody is in one
/// twice or in more tournaments than allowed, and every refusal says which limit.
#[on_both_stores(flavor = "multi_thread", worker_threads = 4)]
async fn a_flood_of_joins_fills_each_tournament_once_and_stops_each_member_at_the_limits() {
    let env = Env::with_config(ServiceConfig {
        max_tournaments_joined: 2,
        ..ServiceConfig::default()
    })
    .await;
    let other = env.reopen().await;
    let mut cups = Vec::new();
    for creator in [player(1), player(2), player(3)] {
        cups.push(env.create(&creator, 4).await.expect("created").id);
    }
    let mut tasks = Vec::new();
    for n in 0..90_u64 {
        for &cup in &cups {
            let service = if n % 2 == 0 {
                env.service.clone()
            } else {
                other.clone()
            };
            let member = player(100 + n % 30);
            tasks.push(tokio::spawn(async move {
                service.join_tournament(&member, place(), cup).await
            }));
        }
    }
    let mut joined = 0;
    for task in tasks {
        match task.await.expect("no panic") {
            Ok(_) => joined += 1,
            Err(
                ServiceError::TournamentFull { max: 4 }
                | ServiceError::AlreadyJoined
                | ServiceError::TooManyTournaments { limit: 2 },
            ) => {}
            Err(e) => panic!("unexpected refusal: {e}"),
        }
    }
    assert_eq!(joined, 12, "three tournaments of four");
    let mut places = std::collections::HashMap::new();
    for &cup in &cups {
        let cup = env.service.tournament(cup, place()).await.expect("read");
        assert_eq!(cup.entrants.len(), 4, "{cup:?}");
        let seeds: std::collections::BTreeSet<u32> = cup.entrants.iter().map(|e| e.seed).collect();
        assert_eq!(
            seeds,
            (1..=4).collect(),
            "joining order without gaps or repeats"
        );
        for e in &cup.entrants {
            *places.entry(e.user).or_insert(0) += 1;
        }
    }
    assert!(places.values().all(|&n| n <= 2), "{places:?}");
}
