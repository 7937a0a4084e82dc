//! Chance for the service: an injectable [`Coin`] that draws colours when a player leaves them
//! to chance, so tests fix the draw as they fix the [clock](crate::clock).
//!
//! ```
//! use dama_service::coin::{Coin, FixedCoin, SystemCoin};
//!
//! assert!(FixedCoin(true).flip());
//! assert!(!FixedCoin(false).flip());
//! let _either_side: bool = SystemCoin.flip();
//! ```

use std::collections::hash_map::RandomState;
use std::fmt;
use std::hash::BuildHasher;

/// A source of fair coin flips.
pub trait Coin: Send + Sync + fmt::Debug {
    /// Heads (`true`) or tails. For [`ColourChoice::Random`](crate::model::ColourChoice),
    /// heads means the player who left the colour to chance plays White.
    fn flip(&self) -> bool;
}

/// A fair coin from the system's randomness (the standard library's randomly keyed hasher: no
/// RNG dependency needed for one bit per game).
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemCoin;

impl Coin for SystemCoin {
    fn flip(&self) -> bool {
        RandomState::new().hash_one(0_u8) & 1 == 1
    }
}

/// A coin that always lands the same way (tests).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FixedCoin(pub bool);

impl Coin for FixedCoin {
    fn flip(&self) -> bool {
        self.0
    }
}
