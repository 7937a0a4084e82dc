//! The options of a `/dama` subcommand, read from an interaction.

use std::str::FromStr;

use serenity::all::{CommandInteraction, PartialMember, ResolvedOption, ResolvedValue, User};

use super::commands::Subcommand;
use super::interaction::Failure;
use dama_service::model::LiveClock;
use dama_words::i18n::Language;
use dama_words::text;

/// A subcommand and its options.
#[derive(Debug)]
pub(crate) struct Args<'a> {
    /// The subcommand's name as sent (parse it with [`Args::subcommand`]); a group's name
    /// for a subcommand of a group.
    pub name: &'a str,
    /// The subcommand's name within its group (`create` in `/dama tournament create`).
    pub action: Option<&'a str>,
    /// The language of the user who sent it, for refusing an option.
    lang: Language,
    options: Vec<ResolvedOption<'a>>,
}

impl<'a> Args<'a> {
    /// The subcommand of `/dama …` and its options, with the language its sender reads
    /// (the service's rule, [`Source::lang`](super::interaction::Source::lang)) for refusing
    /// an option; `None` for anything else.
    pub(crate) fn of(command: &'a CommandInteraction, lang: Language) -> Option<Args<'a>> {
        command
            .data
            .options()
            .into_iter()
            .find_map(|option| match option.value {
                ResolvedValue::SubCommand(options) => Some(Args {
                    name: option.name,
                    action: None,
                    lang,
                    options,
                }),
                ResolvedValue::SubCommandGroup(subs) => {
                    subs.into_iter().find_map(|sub| match sub.value {
                        ResolvedValue::SubCommand(options) => Some(Args {
                            name: option.name,
                            action: Some(sub.name),
                            lang,
                            options,
                        }),
                        _ => None,
                    })
                }
                _ => None,
            })
    }

    /// The subcommand, if it is one of ours.
    pub(crate) fn subcommand(&self) -> Option<Subcommand> {
        self.name.parse().ok()
    }

    fn value(&self, name: &str) -> Option<&ResolvedValue<'a>> {
        self.options
            .iter()
            .find(|o| o.name == name)
            .map(|o| &o.value)
    }

    /// A string option.
    pub(crate) fn str(&self, name: &str) -> Option<&'a str> {
        match self.value(name)? {
            ResolvedValue::String(s) => Some(s),
            _ => None,
        }
    }

    /// An integer option.
    pub(crate) fn int(&self, name: &str) -> Option<i64> {
        match self.value(name)? {
            ResolvedValue::Integer(i) => Some(*i),
            _ => None,
        }
    }

    /// A boolean option.
    pub(crate) fn bool(&self, name: &str) -> Option<bool> {
        match self.value(name)? {
            ResolvedValue::Boolean(b) => Some(*b),
            _ => None,
        }
    }

    /// A channel option's id.
    pub(crate) fn channel(&self, name: &str) -> Option<u64> {
        match self.value(name)? {
            ResolvedValue::Channel(channel) => Some(channel.id.get()),
            _ => None,
        }
    }

    /// A role option's id.
    pub(crate) fn role(&self, name: &str) -> Option<u64> {
        match self.value(name)? {
            ResolvedValue::Role(role) => Some(role.id.get()),
            _ => None,
        }
    }

    /// A user option, with their membership of the server when Discord sends it.
    pub(crate) fn user(&self, name: &str) -> Option<(&'a User, Option<&'a PartialMember>)> {
        match self.value(name)? {
            ResolvedValue::User(user, member) => Some((user, *member)),
            _ => None,
        }
    }

    /// A live clock option (`5+3`), with a sentence that says what is wrong with one that is
    /// not a clock or is out of range.
    pub(crate) fn clock(&self, name: &str) -> Result<Option<LiveClock>, Failure> {
        self.str(name)
            .map(|raw| {
                raw.parse::<LiveClock>()
                    .map_err(|e| Failure::refused(text::clock_refused(self.lang, &e)))
            })
            .transpose()
    }

    /// A word option parsed as `T` (colour, time control, …), with a sentence if it is not
    /// one of the accepted words.
    pub(crate) fn parsed<T: FromStr>(&self, name: &str) -> Result<Option<T>, Failure> {
        self.str(name)
            .map(|raw| {
                raw.parse::<T>()
                    .map_err(|_| Failure::refused(text::unknown_choice(self.lang, raw)))
            })
            .transpose()
    }
}

/// The name a user goes by here: their server nickname, else their display name.
pub(crate) fn display_name(user: &User, member: Option<&PartialMember>) -> String {
    member
        .and_then(|m| m.nick.clone())
        .unwrap_or_else(|| user.display_name().to_owned())
}
