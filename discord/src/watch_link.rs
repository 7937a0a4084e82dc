//! The "Watch live" link under a game's board, result and `/dama board`, when the web pages are
//! on: a link button (no custom id) to the game's page. Likewise the links to a server's
//! community pages under `/dama leaderboard`, `/dama live` and a tournament's posts, when the
//! web pages are on and the server's managers have turned its pages on.

use serenity::all::{CreateActionRow, CreateButton};

use super::app::App;
use super::post::Post;
use dama_service::ids::{GameId, GuildId, TournamentId};
use dama_service::links::CommunityPage;
use dama_words::i18n::Language;

/// A community page a post links to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CommunityLink {
    /// The leaderboard: all time's, or a season's table.
    Leaderboard(Option<u32>),
    /// The games in progress.
    Live,
    /// A tournament's standings and pairings.
    Tournament(TournamentId),
}

impl CommunityLink {
    /// The page linked to.
    fn page(self) -> CommunityPage {
        match self {
            CommunityLink::Leaderboard(season) => CommunityPage::Leaderboard { season },
            CommunityLink::Live => CommunityPage::Live,
            CommunityLink::Tournament(id) => CommunityPage::Tournament(id),
        }
    }

    /// The button's label in `lang`.
    fn label(self, lang: Language) -> String {
        match self {
            CommunityLink::Leaderboard(_) => dama_words::say!(lang, "community-link-leaderboard"),
            CommunityLink::Live => dama_words::say!(lang, "community-link-live"),
            CommunityLink::Tournament(_) => dama_words::say!(lang, "community-link-tournament"),
        }
    }
}

/// Discord's limits: buttons in a row, rows in a message.
const BUTTONS_PER_ROW: usize = 5;
const ROWS: usize = 5;

impl App {
    /// `post` with a link to `game`'s web page, when the web is on, and the "Open board"
    /// button that opens it in the Activity, when that is on too. Should the link not be had
    /// (the database failed), the post goes without it.
    pub(crate) async fn with_watch_link(
        &self,
        mut post: Post,
        game: GameId,
        lang: Language,
    ) -> Post {
        let Some(base) = &self.web_url else {
            return post;
        };
        if self.activity {
            let label = dama_words::say!(lang, "activity-open-board");
            add_link(
                &mut post.components,
                CreateButton::new(super::custom_id::Action::OpenBoard(game).to_string())
                    .label(label)
                    .style(serenity::all::ButtonStyle::Primary),
            );
        }
        match self.service.web_token(game).await {
            Ok(token) => {
                let url = dama_service::links::game_link(base, &token);
                let label = dama_words::say!(lang, "web-watch-live");
                add_link(
                    &mut post.components,
                    CreateButton::new_link(url).label(label),
                );
            }
            Err(e) => tracing::error!(%game, error = %e, "cannot give a game's web link"),
        }
        post
    }
}

impl App {
    /// `post` with a link to the web page where the member solves `guild`'s puzzles, when the
    /// web pages and signing in are on.
    pub(crate) fn with_puzzle_link(&self, mut post: Post, guild: GuildId, lang: Language) -> Post {
        if let (Some(base), true) = (&self.web_url, self.web_sign_in) {
            let url = dama_service::links::puzzle_link(base, guild);
            let label = dama_words::say!(lang, "web-puzzle-solve");
            add_link(
                &mut post.components,
                CreateButton::new_link(url).label(label),
            );
        }
        post
    }

    /// The address of `page` of `guild`'s community pages, when the web is on and the
    /// server's pages are on (`None` too when the switch cannot be read: logged).
    pub(crate) async fn community_page_link(
        &self,
        guild: GuildId,
        page: CommunityPage,
    ) -> Option<String> {
        let base = self.web_url.as_deref()?;
        match self.service.community_pages(guild).await {
            Ok(true) => Some(dama_service::links::community_link(base, guild, page)),
            Ok(false) => None,
            Err(e) => {
                tracing::error!(%guild, error = %e, "cannot read a server's web switch");
                None
            }
        }
    }

    /// `post` with a link to `link`, a page of `guild`'s community pages, when the web is on
    /// and the server's pages are on. Should the switch not be read (the database failed),
    /// the post goes without the link.
    pub(crate) async fn with_community_link(
        &self,
        mut post: Post,
        guild: Option<GuildId>,
        link: CommunityLink,
        lang: Language,
    ) -> Post {
        let Some(guild) = guild else { return post };
        if let Some(url) = self.community_page_link(guild, link.page()).await {
            add_link(
                &mut post.components,
                CreateButton::new_link(url).label(link.label(lang)),
            );
        }
        post
    }
}

/// Adds `button` to the last row of buttons with room, else in a row of its own if a message
/// may have one more; else leaves it out.
fn add_link(rows: &mut Vec<CreateActionRow>, button: CreateButton) {
    if let Some(CreateActionRow::Buttons(buttons)) = rows.last_mut()
        && buttons.len() < BUTTONS_PER_ROW
    {
        buttons.push(button);
        return;
    }
    if rows.len() < ROWS {
        rows.push(CreateActionRow::Buttons(vec![button]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(n: usize) -> CreateActionRow {
        CreateActionRow::Buttons(
            (0..n)
                .map(|i| CreateButton::new(format!("b{i}")).label("x"))
                .collect(),
        )
    }

    fn shape(rows: &[CreateActionRow]) -> Vec<usize> {
        rows.iter()
            .map(|r| match r {
                CreateActionRow::Buttons(b) => b.len(),
                _ => 0,
            })
            .collect()
    }

    #[test]
    fn the_link_joins_the_last_row_with_room_and_never_breaks_discords_limits() {
        let link = || CreateButton::new_link("https://dama.example.org/game/x").label("Watch");
        let mut rows = vec![row(4)];
        add_link(&mut rows, link());
        assert_eq!(shape(&rows), [5]);
        add_link(&mut rows, link());
        assert_eq!(shape(&rows), [5, 1]);
        let mut none = Vec::new();
        add_link(&mut none, link());
        assert_eq!(shape(&none), [1]);
        let mut full = vec![row(5), row(5), row(5), row(5), row(5)];
        add_link(&mut full, link());
        assert_eq!(shape(&full), [5, 5, 5, 5, 5]);
    }
}
