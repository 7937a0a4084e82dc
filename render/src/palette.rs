//! Reducing the tiles' colours to one 8-bit palette, once per tile set.
//!
//! The flat colours (squares, pieces, crown, path) are kept exactly; the anti-aliasing blends
//! between them share the remaining entries through a weighted median cut. Everything is
//! sorted first, so the palette (and so the PNG bytes) never depends on hash order.

use std::{
    collections::HashMap,
    hash::{BuildHasherDefault, Hasher},
};

/// Most colours a palette holds. One index of the 256 stays free for GIF transparency.
pub(crate) const MAX_COLORS: usize = 255;

type Color = [u8; 3];

/// A map keyed by colour. Tile sets look up millions of pixels once each; a multiply-and-rotate
/// hash of three bytes does that several times faster than the default SipHash, and nothing
/// here needs protection from chosen keys.
pub(crate) type ColorMap<V> = HashMap<Color, V, BuildHasherDefault<ColorHasher>>;

/// The hasher of [`ColorMap`].
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct ColorHasher(u64);

impl Hasher for ColorHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// An 8-bit palette and the index of every colour it was built from.
#[derive(Debug)]
pub(crate) struct Palette {
    colors: Vec<Color>,
    index: ColorMap<u8>,
}

impl Palette {
    /// A palette for `histogram` (colour → pixel count) that contains every colour of `fixed`.
    pub(crate) fn build(fixed: &[Color], histogram: &ColorMap<u32>) -> Palette {
        let mut colors: Vec<Color> = Vec::with_capacity(MAX_COLORS);
        for &c in fixed {
            if !colors.contains(&c) && colors.len() < MAX_COLORS {
                colors.push(c);
            }
        }
        let mut rest: Vec<(Color, u32)> = histogram
            .iter()
            .filter(|(c, _)| !colors.contains(c))
            .map(|(&c, &n)| (c, n))
            .collect();
        rest.sort_unstable();
        let room = MAX_COLORS - colors.len();
        if rest.len() <= room {
            colors.extend(rest.iter().map(|&(c, _)| c));
        } else {
            colors.extend(median_cut(rest, room));
        }
        let mut palette = Palette {
            colors,
            index: ColorMap::default(),
        };
        palette.index_histogram(histogram);
        // Most-used entries first: the PNG encoder's fixed codes are a bit shorter for small
        // indices.
        let mut uses = vec![0u64; palette.colors.len()];
        for (c, &n) in histogram {
            uses[usize::from(palette.index[c])] += u64::from(n);
        }
        let mut order: Vec<usize> = (0..palette.colors.len()).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(uses[i]), palette.colors[i]));
        palette.colors = order.iter().map(|&i| palette.colors[i]).collect();
        palette.index_histogram(histogram);
        palette
    }

    fn index_histogram(&mut self, histogram: &ColorMap<u32>) {
        let mut keys: Vec<Color> = histogram.keys().copied().collect();
        keys.sort_unstable();
        self.index.clear();
        for c in keys {
            let i = self.nearest(c);
            self.index.insert(c, i);
        }
    }

    /// The index of `c`: exact for the colours the palette was built from, nearest otherwise.
    pub(crate) fn index_of(&self, c: Color) -> u8 {
        self.index
            .get(&c)
            .copied()
            .unwrap_or_else(|| self.nearest(c))
    }

    /// The index of the entry closest to `c`.
    pub(crate) fn nearest(&self, c: Color) -> u8 {
        let mut best = (u32::MAX, 0);
        for (i, p) in self.colors.iter().enumerate() {
            let d = distance(*p, c);
            if d < best.0 {
                best = (d, i);
            }
        }
        // At most MAX_COLORS entries, so every index fits a byte.
        best.1 as u8
    }

    /// The entries in order.
    pub(crate) fn colors(&self) -> &[Color] {
        &self.colors
    }

    /// The entries as `r, g, b` bytes, as PNG and GIF store them.
    pub(crate) fn to_rgb_bytes(&self) -> Vec<u8> {
        self.colors.iter().flatten().copied().collect()
    }
}

/// Squared distance, weighted as the eye sees (green most, blue least).
fn distance(a: Color, b: Color) -> u32 {
    let d = |i: usize| u32::from(a[i].abs_diff(b[i])).pow(2);
    2 * d(0) + 4 * d(1) + 3 * d(2)
}

/// `k` colours standing for `colors` (with their pixel counts): boxes are split at the weighted
/// median of their widest channel until there are `k`; each gives its weighted mean.
fn median_cut(colors: Vec<(Color, u32)>, k: usize) -> Vec<Color> {
    let mut boxes = vec![colors];
    while boxes.len() < k {
        let widest = boxes
            .iter()
            .enumerate()
            .filter(|(_, b)| b.len() > 1)
            .map(|(i, b)| {
                let (channel, range) = widest_channel(b);
                (range, i, channel)
            })
            .max_by_key(|&(range, i, _)| (range, std::cmp::Reverse(i)));
        let Some((_, i, channel)) = widest else { break };
        let mut b = boxes.swap_remove(i);
        b.sort_unstable_by_key(|&(c, _)| (c[channel], c));
        let total: u64 = b.iter().map(|&(_, n)| u64::from(n)).sum();
        let mut acc = 0;
        let mut cut = b.len() / 2;
        for (j, &(_, n)) in b.iter().enumerate() {
            acc += u64::from(n);
            if acc * 2 >= total {
                cut = (j + 1).min(b.len() - 1);
                break;
            }
        }
        let upper = b.split_off(cut.max(1));
        boxes.push(b);
        boxes.push(upper);
    }
    boxes.iter().map(|b| mean(b)).collect()
}

fn widest_channel(b: &[(Color, u32)]) -> (usize, u8) {
    (0..3)
        .map(|ch| {
            let lo = b.iter().map(|(c, _)| c[ch]).min().unwrap_or(0);
            let hi = b.iter().map(|(c, _)| c[ch]).max().unwrap_or(0);
            (ch, hi - lo)
        })
        .max_by_key(|&(ch, range)| (range, std::cmp::Reverse(ch)))
        .unwrap_or((0, 0))
}

fn mean(b: &[(Color, u32)]) -> Color {
    let total: u64 = b
        .iter()
        .map(|&(_, n)| u64::from(n.max(1)))
        .sum::<u64>()
        .max(1);
    let channel = |ch: usize| {
        let sum: u64 = b
            .iter()
            .map(|&(c, n)| u64::from(c[ch]) * u64::from(n.max(1)))
            .sum();
        ((sum + total / 2) / total) as u8
    };
    [channel(0), channel(1), channel(2)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn histogram(colors: impl IntoIterator<Item = Color>) -> ColorMap<u32> {
        let mut h = ColorMap::default();
        for c in colors {
            *h.entry(c).or_insert(0) += 1;
        }
        h
    }

    #[test]
    fn few_colours_are_kept_exactly() {
        let h = histogram([[1, 2, 3], [200, 100, 0], [1, 2, 3]]);
        let p = Palette::build(&[[9, 9, 9]], &h);
        assert_eq!(p.colors().len(), 3);
        assert_eq!(
            p.colors()[p.index_of([200, 100, 0]) as usize],
            [200, 100, 0]
        );
    }

    #[test]
    fn many_colours_fit_the_palette_and_fixed_ones_stay_exact() {
        let ramp = (0..=255u8).flat_map(|r| [[r, 0, 0], [0, r, 0], [0, 0, r]]);
        let h = histogram(ramp);
        let fixed = [[0, 0, 255], [17, 0, 0]];
        let p = Palette::build(&fixed, &h);
        assert_eq!(p.colors().len(), MAX_COLORS);
        for c in fixed {
            assert_eq!(p.colors()[p.index_of(c) as usize], c);
        }
        // Reduced colours land near where they were.
        let [r, g, b] = p.colors()[p.index_of([0, 128, 0]) as usize];
        assert!(r < 10 && (118..=138).contains(&g) && b < 10, "{r} {g} {b}");
    }

    #[test]
    fn the_palette_does_not_depend_on_insertion_order() {
        let colors: Vec<Color> = (0..2000u32)
            .map(|i| [(i * 7) as u8, (i * 13) as u8, (i * 31) as u8])
            .collect();
        let a = Palette::build(&[], &histogram(colors.iter().copied()));
        let b = Palette::build(&[], &histogram(colors.iter().rev().copied()));
        assert_eq!(a.colors(), b.colors());
    }
}
