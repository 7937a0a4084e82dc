//! The product settings a server may tune.

use std::time::Duration;

use dama_engine::Level;
use dama_engine::puzzle::MiningBudget;
use dama_engine::review::ReviewBudget;

use crate::model::TimeControl;

/// Product settings a server may tune.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ServiceConfig {
    /// How long a challenge waits for an answer (24 h).
    pub challenge_ttl: Duration,
    /// A reminder is due when a quarter of the time per move is left, but never earlier than
    /// this before the deadline (6 h).
    pub max_reminder_lead: Duration,
    /// Vacation days per player and calendar year (14).
    pub vacation_days_per_year: u32,
    /// Rated games a player needs to appear on the leaderboard (3).
    pub leaderboard_min_games: u32,
    /// A rating whose deviation exceeds this is provisional (110, as on common chess sites).
    pub provisional_deviation: f64,
    /// Time per move in games against the computer started without a choice (a day: the
    /// computer answers at once, the person may take their time).
    pub engine_time_control: TimeControl,
    /// The computer's level when the player chooses none (2: a fair opponent for a newcomer).
    pub default_engine_level: Level,
    /// Engine searches run at once, each on a blocking thread; others wait their turn (one
    /// per core but one, at least one, so a core is left for everything else).
    pub engine_searches: usize,
    /// Downtime longer than this (the bot stopped, or its gateway connection down) stops the
    /// clocks: running deadlines and challenge expiries move on by the whole gap. Shorter gaps
    /// move nothing (2 minutes: a quick restart is not worth a shift).
    pub downtime_grace: Duration,
    /// How long a notice written while a player acts waits for the interaction to carry it as
    /// its answer before the delivery worker posts it instead (5 s: Discord allows 3 s for the
    /// first answer).
    pub answer_grace: Duration,
    /// Open challenges a member may have issued at once (10: plenty to find a game, too few to
    /// flood a channel with buttons).
    pub max_open_challenges: u32,
    /// Open challenges from one member to the same person at once (1: a second one would only
    /// nag; withdraw the first to change its terms).
    pub max_challenges_per_opponent: u32,
    /// After a member declines a direct challenge, how long its challenger waits before
    /// challenging them again (an hour: a ping that was refused is not repeated at once).
    pub decline_cooldown: Duration,
    /// The wait instead when the member declined the challenger's last two challenges within
    /// this long of each other, counted from the last (a day: whoever declines twice in a day is
    /// left alone for a day).
    pub repeated_decline_cooldown: Duration,
    /// Active games a member may play at once, against people and the computer together (30:
    /// more than anyone follows at a day per move, and a bound on one member's share of the
    /// deadlines, reminders and boards). Each tournament the member plays in, open or running,
    /// takes one place (their game of its round, or the one to come) instead of its games.
    pub max_active_games: u32,
    /// Active games against the computer per member (3: each reply takes a search, the one
    /// thing the bot has too little of).
    pub max_computer_games: u32,
    /// Open tournaments (not started yet) a member may have created at once (2: a creator
    /// waits for players to one or two, not to a channel full of announcements).
    pub max_open_tournaments_per_creator: u32,
    /// Open tournaments on one server at once (10: more than its members can fill).
    pub max_open_tournaments_per_server: u32,
    /// Tournaments a member plays in at once, open or running (5).
    pub max_tournaments_joined: u32,
    /// Reviews a member may have waiting at once, queued or under way (3: the computer
    /// reviews one game at a time for everyone).
    pub max_waiting_reviews: u32,
    /// How far a game review searches each position (300 000 nodes: a 100-ply game in about
    /// 6 s of one core; tests use far fewer).
    pub review_budget: ReviewBudget,
    /// Puzzles a member may start a minute (5: time to look at each, too few to fish for easy
    /// ones or to load the bot).
    pub max_puzzles_per_minute: u32,
    /// Tries a member needs to appear on the puzzle leaderboard (3).
    pub puzzle_leaderboard_min_tries: u32,
    /// How far mining a finished game for puzzles searches (`MiningBudget::DEFAULT`: a
    /// 100-ply game in about 2 s of one core; tests use far less).
    pub mining_budget: MiningBudget,
    /// Games of one server mined for puzzles a day (UTC), at most
    /// ([`DAILY_MINING_CAP`](super::DAILY_MINING_CAP): 50, some two minutes of one core).
    pub daily_mining_cap: u32,
}

impl Default for ServiceConfig {
    fn default() -> ServiceConfig {
        ServiceConfig {
            challenge_ttl: Duration::from_secs(24 * 3600),
            max_reminder_lead: Duration::from_secs(6 * 3600),
            vacation_days_per_year: 14,
            leaderboard_min_games: 3,
            provisional_deviation: 110.0,
            engine_time_control: TimeControl::Day,
            default_engine_level: Level::new(2).unwrap_or(Level::MIN),
            engine_searches: std::thread::available_parallelism()
                .map_or(1, |cores| cores.get().saturating_sub(1).max(1)),
            downtime_grace: Duration::from_secs(2 * 60),
            answer_grace: Duration::from_secs(5),
            max_open_challenges: 10,
            max_challenges_per_opponent: 1,
            decline_cooldown: Duration::from_secs(3600),
            repeated_decline_cooldown: Duration::from_secs(24 * 3600),
            max_active_games: 30,
            max_computer_games: 3,
            max_open_tournaments_per_creator: 2,
            max_open_tournaments_per_server: 10,
            max_tournaments_joined: 5,
            max_waiting_reviews: 3,
            review_budget: ReviewBudget::DEFAULT,
            max_puzzles_per_minute: 5,
            puzzle_leaderboard_min_tries: 3,
            mining_budget: MiningBudget::DEFAULT,
            daily_mining_cap: super::DAILY_MINING_CAP,
        }
    }
}
