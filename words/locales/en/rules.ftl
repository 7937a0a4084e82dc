# The answer to /dama rules: the rules of the game, short.

rules-summary = **Turkish draughts (Dama) in one minute**
    - 8×8 board, every square used. Each side has 16 men, on ranks 2–3 (White) and 6–7 (Black). White moves first.
    - **Men** move one square straight forward or sideways, never backward or diagonally.
    - **Capturing** is by jumping an adjacent enemy piece forward or sideways onto the empty square behind it, and it is **compulsory**. A capture goes on while the piece can jump again, and you must take the **largest number of pieces** possible. Captured pieces leave the board as they are jumped.
    - A man reaching the far rank becomes a **king**. Kings move any distance along ranks and files like a rook and capture at a distance, landing anywhere beyond the jumped piece; between two jumps a king may not turn back 180°.
    - You **lose** when you have no pieces or no legal move on your turn, when you resign, or when your time per move runs out. **Draws**: by agreement, threefold repetition, or 50 moves each without a capture or a man moving forward.
    - **Moves** are written `d3-d4`, captures with every landing square: `d4xd6xf6` (`d4xf6` is enough when only one capture fits). Numeric notation (`44-36`) is chosen with `/{ cmd-dama-name } { cmd-settings-name } { opt-notation-name }:`.
    Play with `/{ cmd-dama-name } { cmd-move-name }` (start typing to see your legal moves) or the menus under the board.
    - **Rule sets**: under **federation rules** a man reaching the far rank during a capture becomes a king only when the capture ends; under **strict rules** a missed or smaller capture loses the game. Each board names its rules.
