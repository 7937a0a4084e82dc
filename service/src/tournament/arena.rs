//! Arena tournaments, the pure rules: how free players are paired, how a game scores, and the
//! table. The service ([`GameService::create_arena`](crate::service::GameService::create_arena)
//! and the calls beside it) stores them and runs the clock.
//!
//! - **Pairing.** As soon as two members are free they are paired: the free members, in the
//!   order of the current standings, are paired with the nearest one below them whom they did
//!   not just play. An odd member out is the one who became free last (the others have waited
//!   longer); they are paired as soon as the next game ends. Two members who just played each
//!   other are paired again only when nobody else could come free (no game in play among the
//!   others): a two-player arena goes on, a larger one waits for a fresh opponent.
//! - **Scoring** (as lichess's arena): a win 2, a draw 1, a loss 0. After two wins in a row the
//!   player is *on fire*: each win counts 4 and each draw 2, until a game is not won. A player
//!   who went berserk (half their time, no increment) scores one point more for a win of at
//!   least [`BERSERK_MIN_OWN_MOVES`] of their own moves.
//! - **Table**: by score; ties by more wins, then fewer games (the same score from fewer games),
//!   then by who reached the score first.
//!
//! ```
//! use dama_service::tournament::arena::{ArenaResult, Scored, score_games};
//!
//! // lichess's own example: two wins, then a draw on fire.
//! let games = [ArenaResult::Win, ArenaResult::Win, ArenaResult::Draw]
//!     .map(|result| Scored { result, berserk: false, own_moves: 20 });
//! let points: Vec<u32> = score_games(&games).iter().map(|s| s.points).collect();
//! assert_eq!(points, [2, 2, 2]);
//! ```

use std::time::Duration;

use dama_rules::{Color, Rules};

use super::Status;
use crate::clock::Timestamp;
use crate::ids::{ArenaId, ChannelId, GameId, GuildId, UserId};
use crate::model::LiveClock;

/// What a member asks for in a new arena.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArenaOptions {
    /// Its name, 1 to [`MAX_NAME`](super::MAX_NAME) characters.
    pub name: String,
    /// How long it lasts: [`MIN_MINUTES`] to [`MAX_MINUTES`].
    pub minutes: u32,
    /// The live clock of its games.
    pub clock: LiveClock,
    /// Whether its games are rated.
    pub rated: bool,
    /// When it starts; `None`: at once.
    pub starts_at: Option<Timestamp>,
}

impl ArenaOptions {
    /// An arena named `name` with the defaults: [`DEFAULT_MINUTES`] on [`DEFAULT_CLOCK`],
    /// rated, starting at once.
    #[must_use]
    pub fn new(name: impl Into<String>) -> ArenaOptions {
        ArenaOptions {
            name: name.into(),
            minutes: DEFAULT_MINUTES,
            clock: DEFAULT_CLOCK,
            rated: true,
            starts_at: None,
        }
    }
}

/// An arena tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arena {
    /// Its number.
    pub id: ArenaId,
    /// Its server.
    pub guild: GuildId,
    /// Where it was created: its announcements and games go there.
    pub channel: ChannelId,
    /// Who created it.
    pub creator: UserId,
    /// Its name.
    pub name: String,
    /// How long it lasts.
    pub minutes: u32,
    /// The live clock of its games.
    pub clock: LiveClock,
    /// Whether its games are rated.
    pub rated: bool,
    /// The server's rule set, fixed at its creation.
    pub rules: Rules,
    /// When it starts.
    pub starts_at: Timestamp,
    /// When it ends: no game is paired from then on, and games still in play do not count.
    pub ends_at: Timestamp,
    /// Where it stands.
    pub status: Status,
    /// The message showing its standings, once posted.
    pub standings_message: Option<u64>,
    /// When it was created.
    pub created_at: Timestamp,
    /// Its members, in joining order.
    pub members: Vec<ArenaMember>,
}

impl Arena {
    /// Member `user`, if they joined.
    #[must_use]
    pub fn member(&self, user: UserId) -> Option<&ArenaMember> {
        self.members.iter().find(|m| m.user == user)
    }

    /// What is left of it at `now`: nothing once it ended.
    #[must_use]
    pub fn left_at(&self, now: Timestamp) -> Duration {
        self.ends_at.since(now.max(self.starts_at))
    }
}

/// A member of an arena.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArenaMember {
    /// Who.
    pub user: UserId,
    /// Their name on the arena's server.
    pub name: String,
    /// In a game of the arena now.
    pub playing: bool,
    /// Paused: not paired until they come back.
    pub paused: bool,
    /// Left after the start: not paired, their score kept.
    pub left: bool,
    /// Their score so far.
    pub score: u32,
}

/// How a game of an arena counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArenaOutcome {
    /// Won by this colour.
    Won(Color),
    /// Drawn.
    Drawn,
    /// Counted for nothing: aborted, or over after the arena's end.
    Void,
}

/// A game of an arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ArenaGame {
    /// The game.
    pub game: GameId,
    /// White.
    pub white: UserId,
    /// Black.
    pub black: UserId,
    /// Whether White, and Black, went berserk.
    pub berserk: [bool; 2],
    /// How it counted; `None` while in play.
    pub outcome: Option<ArenaOutcome>,
    /// Plies played, once over.
    pub plies: u32,
    /// When it was paired.
    pub paired_at: Timestamp,
    /// When it ended.
    pub ended_at: Option<Timestamp>,
}

impl ArenaGame {
    /// What it scored for `user`, if it counted and they played in it.
    #[must_use]
    pub fn scored_for(&self, user: UserId) -> Option<Scored> {
        let color = if user == self.white {
            Color::White
        } else if user == self.black {
            Color::Black
        } else {
            return None;
        };
        let result = match self.outcome? {
            ArenaOutcome::Void => return None,
            ArenaOutcome::Drawn => ArenaResult::Draw,
            ArenaOutcome::Won(winner) if winner == color => ArenaResult::Win,
            ArenaOutcome::Won(_) => ArenaResult::Loss,
        };
        let own_moves = match color {
            Color::White => self.plies.div_ceil(2),
            Color::Black => self.plies / 2,
        };
        Some(Scored {
            result,
            berserk: self.berserk[usize::from(color == Color::Black)],
            own_moves,
        })
    }
}

/// An arena's table, computed once in the service for every face.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArenaStandings {
    /// The arena.
    pub arena: Arena,
    /// Its table, best first.
    pub rows: Vec<ArenaRow<UserId>>,
    /// Its games being played.
    pub in_play: Vec<ArenaGame>,
}

/// Where a member of an arena stands now, as their own view of it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MemberState {
    /// Free, waiting to be paired (before the start: waiting for it).
    Waiting,
    /// Playing this game of the arena.
    Playing(GameId),
    /// Paused: not paired until they join again.
    Paused,
    /// Left: not paired, their score kept.
    Left,
    /// The arena is over.
    Over,
}

impl ArenaStandings {
    /// Where `user` stands in the arena now: `None` for someone who never joined it.
    #[must_use]
    pub fn member_state(&self, user: UserId) -> Option<MemberState> {
        let member = self.arena.member(user)?;
        let playing = self
            .in_play
            .iter()
            .find(|g| g.white == user || g.black == user)
            .map(|g| g.game);
        Some(match playing {
            // A game in play goes on after the end.
            Some(game) => MemberState::Playing(game),
            None if matches!(self.arena.status, Status::Finished | Status::Cancelled) => {
                MemberState::Over
            }
            None if member.left => MemberState::Left,
            None if member.paused => MemberState::Paused,
            None => MemberState::Waiting,
        })
    }
}

/// The records of `members` over `games` (finished ones counted, in the order they ended).
#[must_use]
pub fn records(members: &[UserId], games: &[ArenaGame]) -> Vec<Record<UserId>> {
    let mut ended: Vec<&ArenaGame> = games.iter().filter(|g| g.ended_at.is_some()).collect();
    ended.sort_by_key(|g| (g.ended_at, g.game));
    members
        .iter()
        .map(|&user| Record {
            user,
            games: ended
                .iter()
                .filter_map(|g| {
                    let at = g.ended_at?.as_millis();
                    g.scored_for(user).map(|s| (s, at))
                })
                .collect(),
        })
        .collect()
}

/// The shortest arena, in minutes.
pub const MIN_MINUTES: u32 = 10;
/// The longest arena, in minutes.
pub const MAX_MINUTES: u32 = 180;
/// The length of an arena whose creator named none, in minutes.
pub const DEFAULT_MINUTES: u32 = 45;
/// The clock of an arena whose creator named none: 3+2, lichess's most played arena clock.
pub const DEFAULT_CLOCK: LiveClock = LiveClock::PRESETS[3];
/// The own moves a berserk win needs to earn its extra point.
pub const BERSERK_MIN_OWN_MOVES: u32 = 7;

/// How one game of an arena ended, for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArenaResult {
    /// They won.
    Win,
    /// A draw.
    Draw,
    /// They lost.
    Loss,
}

/// One finished game of a player, in the order they were played: what scoring needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Scored {
    /// How it ended for them.
    pub result: ArenaResult,
    /// Whether they went berserk in it.
    pub berserk: bool,
    /// How many moves they made in it.
    pub own_moves: u32,
}

/// What one game scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Points {
    /// The points it earned.
    pub points: u32,
    /// Whether it was played on fire (after two wins in a row): its points doubled.
    pub on_fire: bool,
    /// Whether a berserk win earned its extra point.
    pub berserk_point: bool,
}

/// The points of each of a player's `games`, in order (see the module's rules).
#[must_use]
pub fn score_games(games: &[Scored]) -> Vec<Points> {
    let mut wins_in_a_row = 0_u32;
    games
        .iter()
        .map(|game| {
            let on_fire = wins_in_a_row >= 2;
            let base = match game.result {
                ArenaResult::Win => 2,
                ArenaResult::Draw => 1,
                ArenaResult::Loss => 0,
            };
            let berserk_point = game.berserk
                && game.result == ArenaResult::Win
                && game.own_moves >= BERSERK_MIN_OWN_MOVES;
            if game.result == ArenaResult::Win {
                wins_in_a_row += 1;
            } else {
                wins_in_a_row = 0;
            }
            Points {
                points: base * if on_fire { 2 } else { 1 } + u32::from(berserk_point),
                on_fire,
                berserk_point,
            }
        })
        .collect()
}

/// Whether a player whose games went as `games` is on fire now: their next win counts double.
#[must_use]
pub fn on_fire(games: &[Scored]) -> bool {
    games
        .iter()
        .rev()
        .take_while(|g| g.result == ArenaResult::Win)
        .nth(1)
        .is_some()
}

/// A member of an arena, for the table: their games in the order played, and when each ended
/// (milliseconds, any epoch), for the last tie-break.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record<U> {
    /// Who.
    pub user: U,
    /// Their finished games, in order, with the moment each ended.
    pub games: Vec<(Scored, i64)>,
}

/// One line of an arena's table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArenaRow<U> {
    /// Place, from 1; tied players (equal on every tie-break) share one.
    pub rank: u32,
    /// Who.
    pub user: U,
    /// Their score.
    pub score: u32,
    /// Games played to the end.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Each game's points in order, for the table's sheet (streak marks from `on_fire`).
    pub sheet: Vec<Points>,
    /// Whether their next win counts double.
    pub on_fire: bool,
    /// When they reached their score (ms), `None` before any point.
    pub reached_at: Option<i64>,
}

/// The table of an arena whose members played as `records` say, best first (see the module's
/// tie-breaks).
#[must_use]
pub fn table<U: Clone>(records: &[Record<U>]) -> Vec<ArenaRow<U>> {
    let mut rows: Vec<ArenaRow<U>> = records
        .iter()
        .map(|record| {
            let games: Vec<Scored> = record.games.iter().map(|(g, _)| *g).collect();
            let sheet = score_games(&games);
            let score = sheet.iter().map(|p| p.points).sum();
            let reached_at = sheet
                .iter()
                .zip(&record.games)
                .filter(|(p, _)| p.points > 0)
                .map(|(_, (_, at))| *at)
                .next_back();
            ArenaRow {
                rank: 0,
                user: record.user.clone(),
                score,
                games: u32::try_from(games.len()).unwrap_or(u32::MAX),
                wins: u32::try_from(
                    games
                        .iter()
                        .filter(|g| g.result == ArenaResult::Win)
                        .count(),
                )
                .unwrap_or(u32::MAX),
                on_fire: on_fire(&games),
                sheet,
                reached_at,
            }
        })
        .collect();
    let key = |r: &ArenaRow<U>| {
        (
            std::cmp::Reverse(r.score),
            std::cmp::Reverse(r.wins),
            r.games,
            r.reached_at.unwrap_or(i64::MAX),
        )
    };
    // Stable: members equal on everything keep the order given (joining order).
    rows.sort_by_key(key);
    for i in 0..rows.len() {
        rows[i].rank = if i > 0 && key(&rows[i]) == key(&rows[i - 1]) {
            rows[i - 1].rank
        } else {
            u32::try_from(i + 1).unwrap_or(u32::MAX)
        };
    }
    rows
}

/// A member free to play, as pairing sees them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Free<U> {
    /// Who.
    pub user: U,
    /// Their place in the current table (0 the leader); ties in any order.
    pub standing: u32,
    /// Whom they played last, if anyone.
    pub last_opponent: Option<U>,
    /// How many more games they played White than Black.
    pub whites_over_blacks: i32,
    /// Since when they are free (ms, any epoch).
    pub free_since: i64,
}

/// Two members to play: White first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ArenaPair<U> {
    /// Who plays White.
    pub white: U,
    /// Who plays Black.
    pub black: U,
}

/// The pairs to start now among the `free` members, when `others_playing` members (not free,
/// not paused) are in games that may end: see the module's rules. Runs in O(n log n) for n free
/// members; every member appears in at most one pair.
#[must_use]
pub fn pair_free<U: Copy + Eq>(free: &[Free<U>], others_playing: usize) -> Vec<ArenaPair<U>> {
    let mut order: Vec<&Free<U>> = free.iter().collect();
    // By standing; among equals, who waited longest first.
    order.sort_by_key(|f| (f.standing, f.free_since));
    // An odd member out: the one who became free last sits out this time.
    let sitting_out = if order.len() % 2 == 1 {
        order
            .iter()
            .enumerate()
            .max_by_key(|(i, f)| (f.free_since, *i))
            .map(|(i, _)| i)
    } else {
        None
    };
    let sat_out = sitting_out.map(|i| order.remove(i));
    let just_played = |a: &Free<U>, b: &Free<U>| {
        a.last_opponent == Some(b.user) || b.last_opponent == Some(a.user)
    };
    let mut pairs = Vec::with_capacity(order.len() / 2);
    // Members passed over (their nearest was their last opponent), waiting for the next one.
    let mut waiting: Vec<&Free<U>> = Vec::new();
    for member in order {
        match waiting.iter().position(|w| !just_played(w, member)) {
            Some(i) => {
                let other = waiting.remove(i);
                pairs.push(coloured(other, member));
            }
            None => waiting.push(member),
        }
    }
    // Whoever is left waits for a fresh opponent: the one sitting out, else (when nobody else
    // could come free) a rematch.
    if let Some(out) = sat_out
        && let Some(i) = waiting.iter().position(|w| !just_played(w, out))
    {
        let other = waiting.remove(i);
        pairs.push(coloured(other, out));
    }
    if others_playing == 0 {
        while waiting.len() >= 2 {
            let a = waiting.remove(0);
            let b = waiting.remove(0);
            pairs.push(coloured(a, b));
        }
    }
    pairs
}

/// `a` and `b` with colours: White to whoever played Black more, else to the higher placed.
fn coloured<U: Copy>(a: &Free<U>, b: &Free<U>) -> ArenaPair<U> {
    let (first, second) = if a.standing <= b.standing {
        (a, b)
    } else {
        (b, a)
    };
    if second.whites_over_blacks < first.whites_over_blacks {
        ArenaPair {
            white: second.user,
            black: first.user,
        }
    } else {
        ArenaPair {
            white: first.user,
            black: second.user,
        }
    }
}

/// Whether `minutes` is an arena's duration: from [`MIN_MINUTES`] to [`MAX_MINUTES`].
#[must_use]
pub fn duration_allowed(minutes: u32) -> bool {
    (MIN_MINUTES..=MAX_MINUTES).contains(&minutes)
}

/// An arena's duration of `minutes`.
#[must_use]
pub fn duration(minutes: u32) -> Duration {
    Duration::from_secs(u64::from(minutes) * 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(result: ArenaResult) -> Scored {
        Scored {
            result,
            berserk: false,
            own_moves: 20,
        }
    }

    fn points(games: &[Scored]) -> Vec<u32> {
        score_games(games).iter().map(|p| p.points).collect()
    }

    use ArenaResult::{Draw, Loss, Win};

    #[test]
    fn the_default_clock_is_the_three_plus_two_preset() {
        assert_eq!(DEFAULT_CLOCK.to_string(), "3+2");
        assert!(DEFAULT_CLOCK.is_preset());
    }

    #[test]
    fn two_wins_then_a_draw_scores_six_as_lichess_says() {
        assert_eq!(points(&[game(Win), game(Win), game(Draw)]), [2, 2, 2]);
        assert_eq!(
            points(&[game(Win), game(Win), game(Draw)])
                .iter()
                .sum::<u32>(),
            6
        );
    }

    #[test]
    fn on_fire_wins_count_four_until_a_game_is_not_won() {
        let games = [Win, Win, Win, Win, Loss, Win, Draw, Win, Win, Draw, Draw].map(game);
        assert_eq!(points(&games), [2, 2, 4, 4, 0, 2, 1, 2, 2, 2, 1]);
        let sheet = score_games(&games);
        assert!(sheet[2].on_fire && sheet[3].on_fire && sheet[4].on_fire);
        assert!(!sheet[5].on_fire && !sheet[10].on_fire);
        assert!(on_fire(&games[..4]));
        assert!(!on_fire(&games[..5]));
        assert!(!on_fire(&[]));
    }

    #[test]
    fn a_berserk_win_of_seven_own_moves_scores_one_more() {
        let berserk = |own_moves| Scored {
            result: Win,
            berserk: true,
            own_moves,
        };
        assert_eq!(points(&[berserk(7)]), [3]);
        assert_eq!(points(&[berserk(6)]), [2], "too short a win");
        assert_eq!(points(&[game(Win), game(Win), berserk(7)]), [2, 2, 5]);
        let lost = Scored {
            result: Loss,
            ..berserk(30)
        };
        assert_eq!(points(&[lost]), [0]);
    }

    fn record(user: u32, games: &[(ArenaResult, i64)]) -> Record<u32> {
        Record {
            user,
            games: games.iter().map(|&(r, at)| (game(r), at)).collect(),
        }
    }

    #[test]
    fn the_table_ranks_by_score_then_wins_then_fewer_games_then_who_got_there_first() {
        let rows = table(&[
            record(1, &[(Draw, 1), (Draw, 2)]),
            record(2, &[(Win, 3)]),
            record(3, &[(Win, 1), (Loss, 2)]),
            record(4, &[(Win, 1), (Win, 2), (Win, 3)]),
            record(5, &[]),
            record(6, &[]),
        ]);
        let order: Vec<(u32, u32, u32)> = rows.iter().map(|r| (r.user, r.score, r.rank)).collect();
        assert_eq!(
            order,
            [
                (4, 8, 1),
                (2, 2, 2),
                (3, 2, 3),
                (1, 2, 4),
                (5, 0, 5),
                (6, 0, 5)
            ]
        );
        assert!(rows[0].on_fire);
        assert_eq!(rows[0].sheet.iter().filter(|p| p.on_fire).count(), 1);
    }

    fn free(user: u32, standing: u32, last: Option<u32>, since: i64) -> Free<u32> {
        Free {
            user,
            standing,
            last_opponent: last,
            whites_over_blacks: 0,
            free_since: since,
        }
    }

    fn users(pairs: &[ArenaPair<u32>]) -> Vec<[u32; 2]> {
        pairs
            .iter()
            .map(|p| {
                let mut both = [p.white, p.black];
                both.sort_unstable();
                both
            })
            .collect()
    }

    #[test]
    fn the_free_are_paired_with_their_nearest_in_the_standings() {
        let pairs = pair_free(
            &[
                free(10, 3, None, 0),
                free(11, 0, None, 0),
                free(12, 7, None, 0),
                free(13, 1, None, 0),
            ],
            5,
        );
        assert_eq!(users(&pairs), [[11, 13], [10, 12]]);
    }

    #[test]
    fn nobody_meets_their_last_opponent_when_anyone_else_is_free() {
        let pairs = pair_free(
            &[
                free(1, 0, Some(2), 0),
                free(2, 1, Some(1), 0),
                free(3, 2, None, 0),
                free(4, 3, None, 0),
            ],
            0,
        );
        assert_eq!(users(&pairs), [[1, 3], [2, 4]]);
    }

    #[test]
    fn two_who_just_played_wait_while_others_may_come_free() {
        let both = [free(1, 0, Some(2), 0), free(2, 1, Some(1), 0)];
        assert!(pair_free(&both, 2).is_empty());
        assert_eq!(
            users(&pair_free(&both, 0)),
            [[1, 2]],
            "nobody else to wait for"
        );
    }

    #[test]
    fn with_an_odd_number_the_one_free_last_waits() {
        let pairs = pair_free(
            &[
                free(1, 0, None, 100),
                free(2, 1, None, 500),
                free(3, 2, None, 200),
            ],
            3,
        );
        assert_eq!(users(&pairs), [[1, 3]]);
        assert!(pair_free(&[free(1, 0, None, 0)], 0).is_empty());
        assert!(pair_free::<u32>(&[], 0).is_empty());
    }

    #[test]
    fn white_goes_to_whoever_played_black_more() {
        let mut a = free(1, 0, None, 0);
        let mut b = free(2, 1, None, 0);
        a.whites_over_blacks = 1;
        b.whites_over_blacks = -1;
        assert_eq!(pair_free(&[a, b], 0), [ArenaPair { white: 2, black: 1 }]);
        a.whites_over_blacks = 0;
        b.whites_over_blacks = 0;
        assert_eq!(pair_free(&[a, b], 0), [ArenaPair { white: 1, black: 2 }]);
    }

    #[test]
    fn a_thousand_free_members_are_each_paired_once() {
        let many: Vec<Free<u32>> = (0..1_000)
            .map(|i| free(i, i, (i > 0).then(|| i - 1), i64::from(i % 7)))
            .collect();
        let pairs = pair_free(&many, 10);
        assert_eq!(pairs.len(), 500);
        let mut seen: Vec<u32> = pairs.iter().flat_map(|p| [p.white, p.black]).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 1_000);
        for p in &pairs {
            assert_ne!(
                p.white.abs_diff(p.black),
                1,
                "no one meets their last opponent"
            );
        }
    }

    #[test]
    fn durations_run_from_ten_minutes_to_three_hours() {
        assert!(!duration_allowed(9) && duration_allowed(10));
        assert!(duration_allowed(180) && !duration_allowed(181));
        assert_eq!(duration(45), Duration::from_secs(2_700));
    }
}
