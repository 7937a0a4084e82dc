//! End-to-end tests: the real bot (serenity client, game service, SQLite file, renderer,
//! engine) against the local Discord stand-in. One test binary, so the bot links once.
//!
//! `DAMA_E2E_SAVE_DIR=/some/dir` keeps some of the posted pictures there, to look at.

mod accessibility;
mod activity;
mod arena;
mod champions;
mod computer;
mod conditional;
mod deadlines;
mod delivery;
mod downtime;
mod harness;
mod http_endpoint;
mod languages;
mod limits;
mod live;
mod monitoring;
mod names;
mod notices;
mod offers;
mod play;
mod puzzles;
mod rate_limits;
mod reach;
mod refusals;
mod rematch;
mod replays;
mod resilience;
mod reviews;
mod rule_sets;
mod scheduled_events;
mod scope;
mod seasons;
mod spectators;
mod suggestions;
mod tournaments;
mod web;
mod web_analysis;
mod web_arena;
mod web_clock;
mod web_community;
mod web_drag;
mod web_home;
mod web_instances;
mod web_play;
mod web_puzzle;
mod web_sides;
