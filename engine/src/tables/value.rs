//! One stored byte per position: 0 is a draw, `d + 1` a result in `d` plies. A win always
//! takes an odd number of plies (the winner makes the last move) and a loss an even number,
//! so the parity says which.

pub(crate) enum Decoded {
    Draw,
    Win(u32),
    Loss(u32),
}

pub(crate) const fn win(plies: u32) -> u8 {
    debug_assert!(plies % 2 == 1);
    (plies + 1) as u8
}

pub(crate) const fn loss(plies: u32) -> u8 {
    debug_assert!(plies.is_multiple_of(2));
    (plies + 1) as u8
}

pub(crate) const fn decode(v: u8) -> Decoded {
    if v == 0 {
        return Decoded::Draw;
    }
    let d = v as u32 - 1;
    if d % 2 == 1 {
        Decoded::Win(d)
    } else {
        Decoded::Loss(d)
    }
}
