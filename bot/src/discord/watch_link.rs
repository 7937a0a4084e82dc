//! The "Watch live" link under a game's board, result and `/dama board`, when the web pages are
//! on: a link button (no custom id) to the game's page.

use serenity::all::{CreateActionRow, CreateButton};

use super::app::App;
use super::i18n::Language;
use super::post::Post;
use dama_service::ids::GameId;

/// Discord's limits: buttons in a row, rows in a message.
const BUTTONS_PER_ROW: usize = 5;
const ROWS: usize = 5;

impl App {
    /// `post` with a link to `game`'s web page, when the web is on. Should the link not be
    /// had (the database failed), the post goes without it.
    pub(crate) async fn with_watch_link(
        &self,
        mut post: Post,
        game: GameId,
        lang: Language,
    ) -> Post {
        let Some(base) = &self.web_url else {
            return post;
        };
        match self.service.web_token(game).await {
            Ok(token) => {
                let url = crate::web::game_link(base, &token);
                let label = super::text::say!(lang, "web-watch-live");
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
