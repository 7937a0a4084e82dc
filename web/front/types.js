// @ts-check
// The server's contract with the scripts: the game's state as `GET /game/{token}/state` and
// each event of `/game/{token}/events` send it (web/src/state.rs's `GameState`). A test in the
// web crate reads these typedefs and fails when a field is added, dropped or renamed on
// either side. Squares are numbers from 0 (a1) to 63 (h8); positions are the rules crate's
// position text (`8/bbbbbbbb/… w`, kings in capitals); times are ms.

/**
 * A side, as the server names it.
 * @typedef {"white" | "black"} Side
 */

/**
 * A game's state, in the reader's language.
 * @typedef {object} GameState
 * @property {Clock | null} [clock] A live game's clocks as sent (`null` in any other game).
 * @property {number} version The game's version: a later state has a higher one.
 * @property {number} ply The plies played.
 * @property {string} title
 * @property {string} white White's name.
 * @property {string} black Black's name.
 * @property {string} status Whose turn it is, or the result, in words.
 * @property {Side} turn
 * @property {Side | null} draw_offer The side that offered a draw.
 * @property {Side | null} takeback The side that asked to take back its move.
 * @property {Mays} may What each side may do now.
 * @property {Mays | null} may_late What each side may do from the deadline on.
 * @property {boolean} over
 * @property {string | null} result The result's token (`1-0`, `0-1`, `1/2-1/2`), once over.
 * @property {number | null} deadline The deadline of the player to move (ms since the epoch).
 * @property {string} alt The board in words.
 * @property {string[]} positions Every position from the start.
 * @property {MoveShown[]} moves Every move played.
 * @property {Review | null} review A finished game's review, once done.
 */

/**
 * A live game's clocks, read at the server's `now` (ms since the epoch).
 * @typedef {object} Clock
 * @property {number} base_ms
 * @property {number} increment_ms
 * @property {number} white_ms
 * @property {number} black_ms
 * @property {Side | null} running The side whose clock runs.
 * @property {number} now
 */

/**
 * What each side, and a signed-in spectator, may do.
 * @typedef {object} Mays
 * @property {May} white
 * @property {May} black
 * @property {May} spectator
 */

/**
 * What one side may do: the moves it may play, and whether each control shows.
 * @typedef {object} May
 * @property {Choice[]} moves
 * @property {boolean} offer_draw
 * @property {boolean} answer_draw
 * @property {boolean} ask_takeback
 * @property {boolean} answer_takeback
 * @property {boolean} resign
 * @property {boolean} save_conditional
 * @property {boolean} evaluate
 */

/**
 * A move a player may choose: its algebraic text (sent back to play it), path and captures.
 * @typedef {object} Choice
 * @property {number[]} path
 * @property {number[]} captured
 * @property {string} alg
 */

/**
 * A move played: its texts in both notations, its path and its captures.
 * @typedef {object} MoveShown
 * @property {number[]} path
 * @property {number[]} captured
 * @property {string} alg
 * @property {string} num
 */

/**
 * A finished game's review: the evaluation before the first move and after each (White's
 * side, hundredths of a man, within ±`cap`), each move's class, and the words.
 * @typedef {object} Review
 * @property {number} cap
 * @property {number[]} evals
 * @property {string[]} classes
 * @property {Record<string, string>} words Each class's name, by class.
 * @property {string} title
 * @property {string} graph
 */

export {};
