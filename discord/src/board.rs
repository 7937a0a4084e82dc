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
use dama_service::clock::Timestamp;
use dama_service::ids::{GameId, UserId};
use dama_service::model::{PlayerSettings, Theme};
use dama_service::service::{Capabilities, GameEnd, GameView, Question};
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

/// What the players of a game may do when its board is drawn, as the service decides it
/// ([`GameView::capabilities`]): a control shows when a side who could press it may use it
/// now. A public board is pressed by either player; a private one by its reader alone.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Controls {
    white: Capabilities,
    black: Capabilities,
}

impl Controls {
    /// For a board anyone in the game's place may press: what either side may do at `now`.
    pub(crate) fn public(view: &GameView, now: Timestamp) -> Controls {
        Controls {
            white: view.capabilities(Color::White, now),
            black: view.capabilities(Color::Black, now),
        }
    }

    /// For a board only `reader` may press: what their side may do at `now` (nothing for a
    /// spectator).
    pub(crate) fn private(view: &GameView, reader: UserId, now: Timestamp) -> Controls {
        let side = |color| {
            if view.color_of(reader) == Some(color) {
                view.capabilities(color, now)
            } else {
                Capabilities::default()
            }
        };
        Controls {
            white: side(Color::White),
            black: side(Color::Black),
        }
    }

    fn of(&self, color: Color) -> &Capabilities {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// Whether either side may do what `may` asks.
    fn either(&self, may: impl Fn(&Capabilities) -> bool) -> bool {
        may(&self.white) || may(&self.black)
    }

    /// Whether either side may answer `question` now.
    pub(crate) fn may_answer(&self, question: Question) -> bool {
        self.either(|c| match question {
            Question::Draw => c.answer_draw,
            Question::Takeback => c.answer_takeback,
        })
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
    controls: &Controls,
    happened: &[String],
) -> Post {
    let lang = viewpoint.lang;
    let mut lines = vec![text::caption(lang, view)];
    lines.extend(happened.iter().cloned());
    lines.extend(text::live_clocks(lang, view));
    lines.push(text::turn(lang, view));
    Post {
        content: lines.join("\n"),
        files: vec![board_png(renderer, view, viewpoint)],
        components: game_components(view, viewpoint, controls, true),
        pings: view.user_to_move().into_iter().collect(),
    }
}

/// A board for one reader (an ephemeral message): as [`game_post`], with the controls of
/// the reader's side ([`Controls::private`]), pinging nobody.
pub(crate) fn private_board(
    renderer: &Renderer,
    view: &GameView,
    viewpoint: Viewpoint,
    controls: &Controls,
) -> Post {
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
        components: game_components(view, viewpoint, controls, false),
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

/// The move picker, the buttons and the answers to a pending question of a game in progress
/// (none once it is over), as `controls` allow. A `public` board of a game with a thread also
/// offers to follow the game: its readers are spectators who may not be in the thread yet (a
/// private board's reader is already looking at it).
fn game_components(
    view: &GameView,
    viewpoint: Viewpoint,
    controls: &Controls,
    public: bool,
) -> Vec<CreateActionRow> {
    if view.is_over() {
        return Vec::new();
    }
    let mut rows = Vec::new();
    let lang = viewpoint.lang;
    if let Some(picker) = piece_menu(view, viewpoint, controls) {
        rows.push(picker);
    }
    let mut buttons = Vec::new();
    if controls.either(|c| c.resign) {
        buttons.push(
            CreateButton::new(Action::Resign(view.id, view.ply).to_string())
                .label(Label::Resign.say(lang))
                .style(ButtonStyle::Danger),
        );
    }
    // Whoever may answer a pending offer does so with its own buttons below. The computer
    // answers draw offers too (it accepts when it stands worse or the game is dead).
    if controls.either(|c| c.offer_draw) && !controls.may_answer(Question::Draw) {
        buttons.push(
            CreateButton::new(Action::Draw(view.id, view.ply).to_string())
                .label(Label::OfferDraw.say(lang))
                .style(ButtonStyle::Secondary),
        );
    }
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
    let answers: Vec<CreateButton> = Question::ALL
        .into_iter()
        .filter(|&question| controls.may_answer(question))
        .flat_map(|question| answer_buttons(view, question, lang))
        .collect();
    if !answers.is_empty() {
        rows.push(CreateActionRow::Buttons(answers));
    }
    rows
}

/// The two answers to `question` pending on `view` (yes, then no), naming the game's version
/// it was asked at.
pub(crate) fn answer_buttons(
    view: &GameView,
    question: Question,
    lang: Language,
) -> [CreateButton; 2] {
    let (yes, no) = match question {
        Question::Draw => (Label::AcceptDraw, Label::DeclineDraw),
        Question::Takeback => (Label::AllowTakeback, Label::RefuseTakeback),
    };
    let button = |accept: bool, label: Label, style| {
        CreateButton::new(Action::Answer(view.id, question, accept, view.version).to_string())
            .label(label.say(lang))
            .style(style)
    };
    [
        button(true, yes, ButtonStyle::Success),
        button(false, no, ButtonStyle::Secondary),
    ]
}

/// The first step of the move picker: the squares of the pieces that can move, each with
/// where it can go. `None` when nobody may move now (the computer to move, a deadline passed,
/// or no legal move).
fn piece_menu(
    view: &GameView,
    viewpoint: Viewpoint,
    controls: &Controls,
) -> Option<CreateActionRow> {
    let mover = view.turn();
    pieces_menu(
        &controls.of(mover).moves,
        Action::Pick(view.id, view.ply),
        mover,
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
    use dama_service::ids::{ChannelId, UserId};
    use dama_service::model::Level;
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

    /// When the boards of these tests are drawn.
    const NOW: Timestamp = Timestamp::from_millis(1_750_000_000_000);

    /// `game`'s public board, drawn at `NOW` in English.
    fn public_board(game: &GameView) -> Post {
        let controls = Controls::public(game, NOW);
        game_post(&Renderer::new(), game, default_viewpoint(), &controls, &[])
    }

    #[test]
    fn a_game_post_has_the_board_the_picker_and_the_buttons() {
        let post = public_board(&view(START));
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
        let public = public_board(&game);
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
        let controls = Controls::private(&game, UserId(1), NOW);
        let private = private_board(&Renderer::new(), &game, default_viewpoint(), &controls);
        assert!(!button_ids(&private).iter().any(|id| id.contains("follow")));
        let threadless = public_board(&view(START));
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
        let game = view(START);
        let controls = Controls::public(&game, NOW);
        let post = game_post(&Renderer::new(), &game, numeric, &controls, &[]);
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
        let moves = game.position.legal_moves_under(game.rules);
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
        let post = public_board(&game);
        assert!(post.pings.is_empty());
        let rows: Vec<Value> = post.components.iter().map(json).collect();
        assert_eq!(rows.len(), 1, "buttons only");
        assert_eq!(
            button_ids(&post),
            ["dama:resign:7:0", "dama:draw:7:0", "dama:flip:7:1:0"]
        );
    }

    /// The custom ids of every button of `post`, row by row.
    fn all_button_ids(post: &Post) -> Vec<String> {
        post.components
            .iter()
            .map(json)
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter(|c| c["type"] == 2)
            .filter_map(|b| b["custom_id"].as_str().map(str::to_owned))
            .collect()
    }

    #[test]
    fn after_the_deadline_neither_a_draw_nor_a_takeback_nor_a_move_is_offered() {
        let late = GameView {
            ply: 2,
            version: 2,
            deadline: Some(NOW),
            draw_offer: Some(Color::Black),
            takeback_request: Some(Color::Black),
            ..view(START)
        };
        let post = public_board(&late);
        assert_eq!(
            all_button_ids(&post),
            ["dama:resign:7:2", "dama:flip:7:1:2"],
            "resigning is all that is left"
        );
        assert_eq!(post.components.len(), 1, "no picker, no answers");
        // A moment before the deadline, all of it is there.
        let in_time = GameView {
            deadline: Some(NOW + std::time::Duration::from_secs(1)),
            ..late
        };
        let post = public_board(&in_time);
        assert_eq!(
            post.components.len(),
            3,
            "the picker, the buttons, the answers"
        );
        assert_eq!(
            all_button_ids(&post),
            [
                "dama:resign:7:2",
                "dama:flip:7:1:2",
                "dama:draw-yes:7:2",
                "dama:draw-no:7:2",
                "dama:takeback-yes:7:2",
                "dama:takeback-no:7:2"
            ]
        );
    }

    #[test]
    fn a_finished_game_has_no_game_buttons_nor_menus() {
        let over = GameView {
            outcome: Some(dama_rules::Outcome::Draw(dama_rules::DrawReason::Agreement)),
            ..view(START)
        };
        assert!(public_board(&over).components.is_empty());
        let controls = Controls::private(&over, UserId(1), NOW);
        let private = private_board(&Renderer::new(), &over, default_viewpoint(), &controls);
        assert!(private.components.is_empty());
    }

    #[test]
    fn a_pending_draw_offer_shows_accept_and_decline_instead_of_an_offer() {
        // Black moved offering a draw; White is to move.
        let offered = GameView {
            ply: 1,
            version: 3,
            draw_offer: Some(Color::Black),
            ..view(START)
        };
        let post = public_board(&offered);
        let rows: Vec<Value> = post.components.iter().map(json).collect();
        assert_eq!(rows.len(), 3, "the picker, the buttons, the answers");
        assert_eq!(button_ids(&post), ["dama:draw-yes:7:3", "dama:draw-no:7:3"]);
        assert_eq!(rows[2]["components"][0]["label"], "Accept draw");
        assert_eq!(rows[2]["components"][1]["label"], "Decline");
        assert!(
            !all_button_ids(&post).contains(&"dama:draw:7:1".to_owned()),
            "the offer is answered, not offered again"
        );
        // Black, who offered, has nothing to answer on a board of their own, nor to offer.
        let controls = Controls::private(&offered, UserId(2), NOW);
        let theirs = private_board(&Renderer::new(), &offered, default_viewpoint(), &controls);
        assert_eq!(button_ids(&theirs), ["dama:resign:7:1", "dama:flip:7:1:1"]);
        // White's board shows the picker and the answers.
        let controls = Controls::private(&offered, UserId(1), NOW);
        let white = private_board(&Renderer::new(), &offered, default_viewpoint(), &controls);
        assert_eq!(white.components.len(), 3);
        assert_eq!(
            button_ids(&white),
            ["dama:draw-yes:7:3", "dama:draw-no:7:3"]
        );
    }

    #[test]
    fn a_spectators_own_board_has_only_the_flip() {
        let game = view(START);
        let controls = Controls::private(&game, UserId(3), NOW);
        let post = private_board(&Renderer::new(), &game, default_viewpoint(), &controls);
        assert_eq!(all_button_ids(&post), ["dama:flip:7:1:0"]);
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
        let game = view(START);
        let controls = Controls::public(&game, NOW);
        let post = game_post(&Renderer::new(), &game, tr, &controls, &[]);
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
