//! The service's membership directory asks Discord through this: `GET
//! /guilds/{guild}/members/{user}` with the bot's token. 404 ("Unknown Member", "Unknown
//! Guild") is a no; 403 is the service's `Forbidden` (a no it does not ask again); anything
//! else is a failure the service answers no to for a short while.

use std::sync::Arc;

use dama_service::ids::{GuildId, UserId};
use dama_service::service::{LookupError, LookupFuture, MemberLookup};
use serenity::http::{Http, HttpError, StatusCode};

use crate::monitor::{Lookups, count_lookup};
use crate::rate_limits::RateLimits;

/// Discord, as the directory asks it; each answer counted for `/metrics`.
#[derive(Debug)]
pub(crate) struct Members {
    http: Arc<Http>,
    counted: Lookups,
    refusals: RateLimits,
}

impl Members {
    pub(crate) fn new(http: Arc<Http>, counted: Lookups, refusals: RateLimits) -> Members {
        Members {
            http,
            counted,
            refusals,
        }
    }
}

impl MemberLookup for Members {
    fn is_member(&self, guild: GuildId, user: UserId) -> LookupFuture<'_> {
        Box::pin(async move {
            let (Some(guild), Some(user)) = (
                std::num::NonZeroU64::new(guild.0),
                std::num::NonZeroU64::new(user.0),
            ) else {
                return Ok(false);
            };
            let answer = match self
                .http
                .get_member(guild.into(), serenity::all::UserId::from(user))
                .await
                .inspect_err(|e| self.refusals.failed(e))
            {
                Ok(_) => Ok(true),
                Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(e))) => {
                    match e.status_code {
                        StatusCode::NOT_FOUND => Ok(false),
                        StatusCode::FORBIDDEN => Err(LookupError::Forbidden),
                        status => Err(LookupError::Unavailable(format!(
                            "Discord answered {status}: {}",
                            e.error.message
                        ))),
                    }
                }
                Err(e) => Err(LookupError::Unavailable(e.to_string())),
            };
            let outcome = match &answer {
                Ok(true) => "member",
                Ok(false) => "not_member",
                Err(LookupError::Forbidden) => "forbidden",
                Err(LookupError::Unavailable(_)) => "failed",
            };
            count_lookup(&self.counted, outcome);
            answer
        })
    }
}
