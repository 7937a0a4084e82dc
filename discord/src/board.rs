//! Game messages: the board picture, the lines above it, and the buttons and menus below it,
//! each a [`Post`].

use dama_render::{ColorScheme, RenderOptions, Renderer, Replay};
use dama_rules::notation::{self, Notation};
use dama_rules::{Color, Move, Square};
use serenity::all::{
    ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption,
};

use super::custom_id::Action;
use super::post::{Attachment, Post, cut_to, replay_name};
use dama_service::ids::GameId;
use dama_service::model::{PlayerSettings, Theme};
use dama_service::service::{GameEnd, GameView};
use dama_words::alt_text;
use dama_words::i18n::Language;
use dama_words::text::{self, Label};

/// Discord's limit on options in a select menu.
const MENU_LIMIT: usize = 25;
/// Discord's limit on a select option's label and description.
const OPTION_TEXT_LIMIT: usize = 100;
/// Width of replay GIFs: smaller than the boards, since a replay has a frame per move.
const REPLAY_SIZE: u32 = 480;

/// How one reader wants boards drawn and moves written, and in which language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Viewpoint {
    /// The words around the board in this language.
    pub lang: Language,
    /// Moves and squares in this notation.
    pub notation: Notation,
    /// The board's look.
    pub theme: Theme,
    /// Black at the bottom.
    pub flip: bool,
}

impl Viewpoint {
    /// The view of a reader with `settings` who plays `colour` (if they play), reading `lang`:
    /// the board turns to their side when they play Black and asked for it.
    pub(crate) fn of(settings: PlayerSettings, colour: Option<Color>, lang: Language) -> Viewpoint {
        Viewpoint {
            lang,
            notation: settings.notation,
            theme: settings.theme,
            flip: settings.bottom(colour) == Color::Black,
        }
    }

    pub(crate) fn render_options(self) -> RenderOptions {
        RenderOptions::default()
            .with_colors(colors(self.theme))
            .with_flip(self.flip)
    }
}

/// The colours a board is drawn in for a player who chose `theme`.
fn colors(theme: Theme) -> &'static ColorScheme {
    match theme {
        Theme::Traditional => &ColorScheme::TRADITIONAL,
        Theme::Checkered => &ColorScheme::CHECKERED,
    }
}

/// The board of `view` as a PNG: the last move marked and, while a person is to move, the
/// pieces that can move ringed; described in words for a screen reader.
pub(crate) fn board_png(renderer: &Renderer, view: &GameView, viewpoint: Viewpoint) -> Attachment {
    let mut options = viewpoint.render_options().with_last_move(view.last_move);
    if view.user_to_move().is_some() {
        options = options.with_marks(view.position.movable_squares_under(view.rules));
    }
    Attachment::picture(
        "board.png",
        renderer.render_png(&view.position, &options),
        board_description(view, viewpoint),
    )
}

/// The board of `view` in words, in the language and notation of `viewpoint`.
pub(crate) fn board_description(view: &GameView, viewpoint: Viewpoint) -> String {
    alt_text::board(
        viewpoint.lang,
        viewpoint.notation,
        &view.position,
        view.last_move.as_ref(),
        view.outcome,
    )
}

/// A game in progress: the title, what just happened, whose turn it is, the board, and the
/// buttons and move picker. Pings the player to move.
pub(crate) fn game_post(
    renderer: &Renderer,
    view: &GameView,
    viewpoint: Viewpoint,
    happened: &[String],
) -> Post {
    let lang = viewpoint.lang;
    let mut lines = vec![text::caption(lang, view)];
    lines.extend(happened.iter().cloned());
    lines.push(text::turn(lang, view));
    Post {
        content: lines.join("\n"),
        files: vec![board_png(renderer, view, viewpoint)],
        components: game_components(view, viewpoint, true),
        pings: view.user_to_move().into_iter().collect(),
    }
}

/// A board for one reader (an ephemeral message): as [`game_post`], pinging nobody.
pub(crate) fn private_board(renderer: &Renderer, view: &GameView, viewpoint: Viewpoint) -> Post {
    let (lang, notation) = (viewpoint.lang, viewpoint.notation);
    let mut lines = vec![text::caption(lang, view)];
    if let Some(last) = &view.last_move {
        let mover = view.participant(last.before.turn());
        lines.push(text::played(lang, mover, &last.mv, notation));
    }
    match view.outcome {
        Some(outcome) => lines.push(text::result(lang, view, outcome, notation)),
        None => lines.push(text::turn(lang, view)),
    }
    Post {
        content: lines.join("\n"),
        files: vec![board_png(renderer, view, viewpoint)],
        components: game_components(view, viewpoint, false),
        pings: Vec::new(),
    }
}

/// A board for one reader as text a screen reader reads well: the title, the board in words,
/// and the board as a grid of letters in the reader's orientation and notation. No picture,
/// no buttons, no ping.
pub(crate) fn text_board(view: &GameView, viewpoint: Viewpoint) -> Post {
    let lang = viewpoint.lang;
    let board = alt_text::text_board(
        lang,
        viewpoint.notation,
        viewpoint.flip,
        &view.position,
        view.last_move.as_ref(),
        view.outcome,
    );
    Post::text(format!("{}\n{board}", text::caption(lang, view)))
}

/// A finished game: what happened, the result, the rating changes, the final board and the
/// replay GIF (`None` when it could not be made).
pub(crate) fn end_post(
    renderer: &Renderer,
    view: &GameView,
    end: &GameEnd,
    viewpoint: Viewpoint,
    happened: &[String],
    replay: Option<Vec<u8>>,
) -> Post {
    let lang = viewpoint.lang;
    let mut lines = vec![text::caption(lang, view)];
    lines.extend(happened.iter().cloned());
    lines.push(text::result(lang, view, end.outcome, viewpoint.notation));
    if let Some(ratings) = &end.ratings {
        lines.push(text::rating_changes(lang, view, ratings));
    }
    // The service may not have written the outcome into the view yet; the end has it.
    let ended = GameView {
        outcome: Some(end.outcome),
        ..view.clone()
    };
    let mut files = vec![board_png(renderer, &ended, viewpoint)];
    if let Some(gif) = replay {
        let words = alt_text::replay(lang, view.id, view.ply, end.outcome);
        files.push(Attachment::picture(replay_name(view.id), gif, words));
    }
    let rematch = CreateButton::new(Action::Rematch(view.id).to_string())
        .label(Label::Rematch.say(lang))
        .style(ButtonStyle::Primary);
    let review = CreateButton::new(Action::Review(view.id).to_string())
        .label(Label::Review.say(lang))
        .style(ButtonStyle::Secondary);
    Post {
        content: lines.join("\n"),
        files,
        components: vec![CreateActionRow::Buttons(vec![rematch, review])],
        pings: Vec::new(),
    }
}

/// The replay of finished game `id` as a GIF, seen from `viewpoint`, within the renderer's
/// budget for a Discord upload (a long game shows fewer positions or a smaller picture).
pub(crate) fn replay_gif(
    renderer: &Renderer,
    id: GameId,
    game: &dama_rules::Game,
    viewpoint: Viewpoint,
) -> Result<Vec<u8>, dama_render::RenderError> {
    let options = viewpoint.render_options().with_size(REPLAY_SIZE);
    let replay = renderer.render_replay(game, &options, Replay::DEFAULT_BUDGET)?;
    let positions = game.positions().len();
    if replay.frames < positions || replay.size < REPLAY_SIZE {
        tracing::info!(
            game = %id,
            positions,
            frames = replay.frames,
            size = replay.size,
            bytes = replay.gif.len(),
            "a long game's replay was cut down to fit an upload"
        );
    }
    Ok(replay.gif)
}

/// The move picker and the buttons of a game in progress (none once it is over). A `public`
/// board of a game with a thread also offers to follow the game: its readers are spectators
/// who may not be in the thread yet (a private board's reader is already looking at it).
fn game_components(view: &GameView, viewpoint: Viewpoint, public: bool) -> Vec<CreateActionRow> {
    if view.is_over() {
        return Vec::new();
    }
    let mut rows = Vec::new();
    let lang = viewpoint.lang;
    if let Some(picker) = piece_menu(view, viewpoint) {
        rows.push(picker);
    }
    let mut buttons = vec![
        CreateButton::new(Action::Resign(view.id, view.ply).to_string())
            .label(Label::Resign.say(lang))
            .style(ButtonStyle::Danger),
    ];
    // The computer answers draw offers too (it accepts when it stands worse or the game is dead).
    let label = if view.draw_offer.is_some() {
        Label::AcceptDraw
    } else {
        Label::OfferDraw
    };
    buttons.push(
        CreateButton::new(Action::Draw(view.id, view.ply).to_string())
            .label(label.say(lang))
            .style(ButtonStyle::Secondary),
    );
    buttons.push(
        CreateButton::new(Action::Flip(view.id, !viewpoint.flip, view.ply).to_string())
            .label(Label::Flip.say(lang))
            .style(ButtonStyle::Secondary),
    );
    // Four buttons: within Discord's five to a row.
    if public && view.thread.is_some() {
        buttons.push(
            CreateButton::new(Action::Follow(view.id).to_string())
                .label(Label::Follow.say(lang))
                .style(ButtonStyle::Secondary),
        );
    }
    rows.push(CreateActionRow::Buttons(buttons));
    rows
}

/// The first step of the move picker: the squares of the pieces that can move, each with
/// where it can go. `None` when nobody can pick (the computer to move, or no legal move).
fn piece_menu(view: &GameView, viewpoint: Viewpoint) -> Option<CreateActionRow> {
    view.user_to_move()?;
    pieces_menu(
        &view.legal_moves(),
        Action::Pick(view.id, view.ply),
        view.turn(),
        viewpoint.notation,
        viewpoint.lang,
    )
}

/// The second step of the move picker: the moves of the piece on `from`, captures first, each
/// with its full path. `moves` are the legal moves of the position.
pub(crate) fn move_menu(
    view: &GameView,
    from: Square,
    moves: &[Move],
    notation: Notation,
    lang: Language,
) -> Option<CreateActionRow> {
    moves_menu(moves, from, Action::Play(view.id, view.ply), notation, lang)
}

/// A piece menu for `mover`, whose legal moves are `moves`, picked with `action`: the squares
/// of the pieces that can move, each with where it can go (a game's, or a puzzle's). `None`
/// without a legal move.
pub(crate) fn pieces_menu(
    moves: &[Move],
    action: Action,
    mover: Color,
    notation: Notation,
    lang: Language,
) -> Option<CreateActionRow> {
    let mut from: Vec<Square> = moves.iter().map(Move::from).collect();
    from.sort_by_key(|sq| sq.index());
    from.dedup();
    if from.is_empty() {
        return None;
    }
    let options = from
        .iter()
        .take(MENU_LIMIT)
        .map(|&sq| {
            let targets: Vec<String> = moves
                .iter()
                .filter(|m| m.from() == sq)
                .map(|m| notation::format(m, notation))
                .collect();
            let label = text::menu_piece(lang, sq, notation);
            CreateSelectMenuOption::new(label, sq.index().to_string())
                .description(cut_to(&targets.join(", "), OPTION_TEXT_LIMIT))
        })
        .collect();
    let menu = CreateSelectMenu::new(action.to_string(), CreateSelectMenuKind::String { options })
        .placeholder(text::menu_pick_piece(lang, mover));
    Some(CreateActionRow::SelectMenu(menu))
}

/// A move menu picked with `action`: the moves among `moves` of the piece on `from`, captures
/// first, each with its full path (the value, in algebraic notation, which the service resolves
/// to exactly that move). `None` when that piece has none.
pub(crate) fn moves_menu(
    moves: &[Move],
    from: Square,
    action: Action,
    notation: Notation,
    lang: Language,
) -> Option<CreateActionRow> {
    let mut mine: Vec<&Move> = moves.iter().filter(|m| m.from() == from).collect();
    if mine.is_empty() {
        return None;
    }
    mine.sort_by_key(|m| (std::cmp::Reverse(m.capture_count()), m.to().index()));
    let mut seen = std::collections::HashSet::new();
    let options: Vec<CreateSelectMenuOption> = mine
        .into_iter()
        .filter(|m| seen.insert(m.to_string()))
        .take(MENU_LIMIT)
        .map(|m| {
            let label = notation::format(m, notation);
            let option =
                CreateSelectMenuOption::new(cut_to(&label, OPTION_TEXT_LIMIT), m.to_string());
            match m.capture_count() {
                0 => option,
                n => option.description(text::menu_takes(lang, n)),
            }
        })
        .collect();
    let menu = CreateSelectMenu::new(action.to_string(), CreateSelectMenuKind::String { options })
        .placeholder(text::menu_pick_move(lang));
    Some(CreateActionRow::SelectMenu(menu))
}

#[cfg(test)]
mod tests {
    use dama_rules::Position;
    use serde_json::Value;

    use super::*;
    use dama_engine::Level;
    use dama_service::ids::{ChannelId, UserId};
    use dama_service::model::Participant;
    use dama_words::fixtures;

    fn view(position: &str) -> GameView {
        fixtures::game(
            GameId(7),
            "bob",
            position.parse::<Position>().expect("position"),
        )
    }

    const START: &str = "8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 w";

    fn json<T: serde::Serialize>(value: &T) -> Value {
        serde_json::to_value(value).expect("serialises")
    }

    fn default_viewpoint() -> Viewpoint {
        Viewpoint::of(PlayerSettings::default(), None, Language::En)
    }

    #[test]
    fn a_game_post_has_the_board_the_picker_and_the_buttons() {
        let post = game_post(&Renderer::new(), &view(START), default_viewpoint(), &[]);
        assert_eq!(post.files[0].name, "board.png");
        assert_eq!(&post.files[0].bytes[..4], b"\x89PNG");
        assert_eq!(post.pings, [UserId(1)]);
        let rows: Vec<Value> = post.components.iter().map(json).collect();
        let picker = &rows[0]["components"][0];
        assert_eq!(picker["custom_id"], "dama:pick:7:0");
        assert_eq!(
            picker["options"].as_array().map(Vec::len),
            Some(8),
            "the eight men on rank 3"
        );
        assert_eq!(picker["options"][3]["label"], "Piece on d3");
        assert_eq!(rows.len(), 2, "the picker, then the buttons");
        assert_eq!(
            button_ids(&post),
            ["dama:resign:7:0", "dama:draw:7:0", "dama:flip:7:1:0"]
        );
    }

    fn button_ids(post: &Post) -> Vec<String> {
        let row = json(post.components.last().expect("a row of buttons"));
        row["components"]
            .as_array()
            .expect("buttons")
            .iter()
            .filter_map(|b| b["custom_id"].as_str().map(str::to_owned))
            .collect()
    }

    #[test]
    fn a_public_board_of_a_game_with_a_thread_offers_to_follow_it() {
        let mut game = view(START);
        game.thread = Some(ChannelId(9));
        let renderer = Renderer::new();
        let public = game_post(&renderer, &game, default_viewpoint(), &[]);
        let ids = button_ids(&public);
        assert_eq!(
            ids,
            [
                "dama:resign:7:0",
                "dama:draw:7:0",
                "dama:flip:7:1:0",
                "dama:follow:7"
            ]
        );
        assert!(ids.len() <= 5, "Discord's limit of buttons in a row");
        let row = json(public.components.last().expect("buttons"));
        assert_eq!(row["components"][3]["label"], "Follow");
        // Privately, the reader already sees the game; without a thread, there is none to join.
        let private = private_board(&renderer, &game, default_viewpoint());
        assert!(!button_ids(&private).iter().any(|id| id.contains("follow")));
        let threadless = game_post(&renderer, &view(START), default_viewpoint(), &[]);
        assert!(
            !button_ids(&threadless)
                .iter()
                .any(|id| id.contains("follow"))
        );
    }

    #[test]
    fn the_picker_writes_squares_in_the_readers_notation() {
        let numeric = Viewpoint {
            notation: Notation::Numeric,
            ..default_viewpoint()
        };
        let post = game_post(&Renderer::new(), &view(START), numeric, &[]);
        let picker = json(&post.components[0]);
        // d3 is square 44 in the square numbering (docs/rules.md#square-numbers); it can go to d4
        // (36) or nowhere else.
        assert_eq!(
            picker["components"][0]["options"][3]["label"],
            "Piece on 44"
        );
        assert_eq!(
            picker["components"][0]["options"][3]["description"],
            "44-36"
        );
    }

    #[test]
    fn the_move_menu_lists_full_capture_paths_captures_first() {
        // A white man on d4 that takes d5 and e6: d4xd6xf6, the example of the issue.
        let game = view("8/8/4b3/3b4/3w4/8/8/8 w");
        let moves = game.position.legal_moves();
        let d4 = "d4".parse::<Square>().expect("square");
        let row = json(
            &move_menu(&game, d4, &moves, Notation::Algebraic, Language::En).expect("d4 can move"),
        );
        let options = row["components"][0]["options"]
            .as_array()
            .expect("options")
            .clone();
        assert!(!options.is_empty() && options.len() <= 25);
        for option in &options {
            let value = option["value"].as_str().expect("value");
            let m = notation::resolve_str(&game.position, value).expect("a legal move");
            assert_eq!(m.from(), d4);
            assert!(
                m.capture_count() >= 1,
                "captures are compulsory here: {value}"
            );
        }
        assert_eq!(options[0]["label"], "d4xd6xf6");
        assert_eq!(options[0]["description"], "takes 2 pieces");
    }

    #[test]
    fn no_picker_when_the_computer_is_to_move_but_a_draw_can_be_offered() {
        let mut game = view(START);
        game.seats.white = Participant::Engine(Level::MIN);
        let post = game_post(&Renderer::new(), &game, default_viewpoint(), &[]);
        assert!(post.pings.is_empty());
        let rows: Vec<Value> = post.components.iter().map(json).collect();
        assert_eq!(rows.len(), 1, "buttons only");
        assert_eq!(
            button_ids(&post),
            ["dama:resign:7:0", "dama:draw:7:0", "dama:flip:7:1:0"]
        );
    }

    #[test]
    fn black_sees_their_own_side_at_the_bottom_unless_they_chose_white() {
        let chose_nothing = PlayerSettings::default();
        assert!(Viewpoint::of(chose_nothing, Some(Color::Black), Language::En).flip);
        assert!(!Viewpoint::of(chose_nothing, Some(Color::White), Language::En).flip);
        assert!(!Viewpoint::of(chose_nothing, None, Language::En).flip);
        let white_below = PlayerSettings {
            white_below: true,
            ..PlayerSettings::default()
        };
        assert!(!Viewpoint::of(white_below, Some(Color::Black), Language::En).flip);
    }

    #[test]
    fn every_board_and_replay_is_described_in_the_readers_language() {
        let tr = Viewpoint::of(PlayerSettings::default(), None, Language::Tr);
        let post = game_post(&Renderer::new(), &view(START), tr, &[]);
        let board = &post.files[0];
        assert!(
            board
                .description
                .as_deref()
                .is_some_and(|d| d.starts_with("Hamle sırası: Beyaz."))
        );
        let end = GameEnd {
            outcome: dama_rules::Outcome::Win {
                winner: Color::Black,
                reason: dama_rules::WinReason::Resignation,
            },
            ratings: None,
        };
        let post = end_post(
            &Renderer::new(),
            &view(START),
            &end,
            default_viewpoint(),
            &[],
            Some(b"GIF89a".to_vec()),
        );
        let descriptions: Vec<Option<&str>> = post
            .files
            .iter()
            .map(|f| f.description.as_deref())
            .collect();
        assert_eq!(post.files.len(), 2);
        assert!(descriptions[0].is_some_and(|d| d.starts_with("Game over: Black wins (0-1).")));
        assert_eq!(
            descriptions[1],
            Some("Replay of game #7: 0 moves, result: Black wins (0-1).")
        );
        // Sent as each attachment's description.
        let message = json(&post.message());
        assert_eq!(
            message["attachments"][1]["description"],
            "Replay of game #7: 0 moves, result: Black wins (0-1)."
        );
    }
}
