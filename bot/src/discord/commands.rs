//! The `/dama` command and its subcommands, as registered with Discord.

use serenity::all::{
    CommandOptionType, CreateCommand, CreateCommandOption, InstallationContext, InteractionContext,
};

/// The one top-level command.
pub const COMMAND: &str = "dama";

fn sub(name: &str, description: &str) -> CreateCommandOption {
    CreateCommandOption::new(CommandOptionType::SubCommand, name, description)
}

fn game_option() -> CreateCommandOption {
    CreateCommandOption::new(
        CommandOptionType::Integer,
        "game",
        "Which of your games (default: the one in this channel)",
    )
    .set_autocomplete(true)
}

fn color_option() -> CreateCommandOption {
    CreateCommandOption::new(
        CommandOptionType::String,
        "color",
        "Your colour (default: random)",
    )
    .add_string_choice("White (moves first)", "white")
    .add_string_choice("Black", "black")
    .add_string_choice("Random", "random")
}

fn time_option() -> CreateCommandOption {
    CreateCommandOption::new(
        CommandOptionType::String,
        "time",
        "Time per move (default: 1 day)",
    )
    .add_string_choice("No limit", "none")
    .add_string_choice("1 hour", "1h")
    .add_string_choice("1 day", "1d")
    .add_string_choice("3 days", "3d")
    .add_string_choice("7 days", "7d")
}

fn rated_option() -> CreateCommandOption {
    CreateCommandOption::new(
        CommandOptionType::Boolean,
        "rated",
        "Counts for the leaderboard (default: yes)",
    )
}

fn choice_option(name: &str, description: &str, choices: &[(&str, &str)]) -> CreateCommandOption {
    choices.iter().fold(
        CreateCommandOption::new(CommandOptionType::String, name, description).required(true),
        |opt, (label, value)| opt.add_string_choice(*label, *value),
    )
}

/// The `/dama` command with every subcommand, usable in servers, the bot's DMs and group DMs,
/// installable to a server or to a user.
pub fn dama_command() -> CreateCommand {
    CreateCommand::new(COMMAND)
        .description("Play Turkish draughts (Dama)")
        .description_localized("tr", "Dama oyna")
        .integration_types(vec![InstallationContext::Guild, InstallationContext::User])
        .contexts(vec![
            InteractionContext::Guild,
            InteractionContext::BotDm,
            InteractionContext::PrivateChannel,
        ])
        .add_option(
            sub("challenge", "Challenge someone to a game")
                .add_sub_option(
                    CreateCommandOption::new(
                        CommandOptionType::User,
                        "opponent",
                        "Who you want to play",
                    )
                    .required(true),
                )
                .add_sub_option(color_option())
                .add_sub_option(time_option())
                .add_sub_option(rated_option()),
        )
        .add_option(
            sub("open", "Post an open challenge anyone here can take")
                .add_sub_option(color_option())
                .add_sub_option(time_option())
                .add_sub_option(rated_option()),
        )
        .add_option(
            sub("play-bot", "Play against the computer")
                .add_sub_option(
                    CreateCommandOption::new(
                        CommandOptionType::Integer,
                        "level",
                        "1 (beginner) to 5 (very strong)",
                    )
                    .min_int_value(1)
                    .max_int_value(5),
                )
                .add_sub_option(color_option()),
        )
        .add_option(
            sub("move", "Make a move, like d3-d4 or d4xd6xf6")
                .add_sub_option(
                    CreateCommandOption::new(
                        CommandOptionType::String,
                        "move",
                        "Your move (start typing to see the legal ones)",
                    )
                    .required(true)
                    .set_autocomplete(true)
                    .max_length(100),
                )
                .add_sub_option(game_option()),
        )
        .add_option(sub("board", "Show the board of your game").add_sub_option(game_option()))
        .add_option(sub("resign", "Resign your game").add_sub_option(game_option()))
        .add_option(
            sub("draw", "Offer, accept or decline a draw")
                .add_sub_option(choice_option(
                    "action",
                    "What to do",
                    &[
                        ("Offer a draw", "offer"),
                        ("Accept the offer", "accept"),
                        ("Decline the offer", "decline"),
                    ],
                ))
                .add_sub_option(game_option()),
        )
        .add_option(
            sub(
                "takeback",
                "Ask to take back your last move, or answer such a request",
            )
            .add_sub_option(choice_option(
                "action",
                "What to do",
                &[
                    ("Ask for a takeback", "request"),
                    ("Accept the request", "accept"),
                    ("Decline the request", "decline"),
                ],
            ))
            .add_sub_option(game_option()),
        )
        .add_option(sub("games", "List your active games"))
        .add_option(sub("leaderboard", "This server's ratings"))
        .add_option(
            sub("stats", "Rating and record of a player")
                .add_sub_option(CreateCommandOption::new(
                    CommandOptionType::User,
                    "user",
                    "Whose stats (default: yours)",
                ))
                .add_sub_option(CreateCommandOption::new(
                    CommandOptionType::User,
                    "versus",
                    "Head-to-head against this player",
                )),
        )
        .add_option(sub("export", "Download a game as PDN").add_sub_option(game_option()))
        .add_option(sub("rules", "How Turkish draughts is played"))
        .add_option(
            sub("settings", "Your notation, board theme and orientation")
                .add_sub_option(
                    CreateCommandOption::new(
                        CommandOptionType::String,
                        "notation",
                        "How squares are written",
                    )
                    .add_string_choice("Algebraic (d3-d4)", "algebraic")
                    .add_string_choice("Numeric (44-36)", "numeric"),
                )
                .add_sub_option(
                    CreateCommandOption::new(CommandOptionType::String, "theme", "Board look")
                        .add_string_choice("Traditional", "traditional")
                        .add_string_choice("Checkered", "checkered"),
                )
                .add_sub_option(CreateCommandOption::new(
                    CommandOptionType::Boolean,
                    "flip",
                    "Show the board from your side when you play Black",
                )),
        )
        .add_option(
            sub("vacation", "Pause the clocks of all your games").add_sub_option(
                CreateCommandOption::new(CommandOptionType::Integer, "days", "How many days")
                    .required(true)
                    .min_int_value(1)
                    .max_int_value(30),
            ),
        )
}
