//! A list that keeps its first `N` items inline and moves to the heap only when it outgrows them.

use std::mem::MaybeUninit;

/// Up to `N` items inline (no allocation); past `N`, every item moves to a `Vec` and the list
/// goes on there. Nothing is ever dropped.
///
/// Where the items are follows from `len` alone: `len <= N`, the first `len` inline slots;
/// `len > N`, all of `heap` (whose length is then `len`). So reading costs one comparison, and
/// a list that was cleared after spilling fills its inline slots again, keeping the heap buffer
/// for the next spill.
pub(crate) struct SpillVec<T: Copy, const N: usize> {
    len: usize,
    heap: Vec<T>,
    inline: [MaybeUninit<T>; N],
}

impl<T: Copy, const N: usize> SpillVec<T, N> {
    #[inline(always)]
    pub(crate) const fn new() -> Self {
        SpillVec {
            len: 0,
            heap: Vec::new(),
            // SAFETY: an array of `MaybeUninit` needs no initialisation. Written this way rather
            // than `[MaybeUninit::uninit(); N]`, which the compiler turned into a memset of the
            // whole array on every call.
            inline: unsafe { MaybeUninit::<[MaybeUninit<T>; N]>::uninit().assume_init() },
        }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, item: T) {
        if let Some(slot) = self.inline.get_mut(self.len) {
            slot.write(item);
            self.len += 1;
        } else {
            self.push_spilled(item);
        }
    }

    /// The push that does not fit inline: the first moves everything to the heap.
    #[cold]
    #[inline(never)]
    fn push_spilled(&mut self, item: T) {
        if self.len == N {
            self.heap.clear();
            self.heap.reserve(2 * N.max(1));
            // SAFETY: all `N` inline slots were written (`len == N`).
            let inline = unsafe { std::slice::from_raw_parts(self.inline.as_ptr().cast::<T>(), N) };
            self.heap.extend_from_slice(inline);
        }
        self.heap.push(item);
        self.len += 1;
        debug_assert_eq!(self.heap.len(), self.len);
    }

    #[inline(always)]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
        // The heap buffer, if any, is kept; its stale items are dropped at the next spill.
    }

    #[inline(always)]
    pub(crate) const fn len(&self) -> usize {
        self.len
    }

    /// Whether the items live on the heap.
    #[inline(always)]
    pub(crate) const fn spilled(&self) -> bool {
        self.len > N
    }

    #[inline(always)]
    pub(crate) fn as_slice(&self) -> &[T] {
        if self.spilled() {
            &self.heap
        } else {
            // SAFETY: the first `len` (≤ N) inline slots were written by `push`.
            unsafe { std::slice::from_raw_parts(self.inline.as_ptr().cast::<T>(), self.len) }
        }
    }

    #[inline(always)]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [T] {
        if self.spilled() {
            &mut self.heap
        } else {
            // SAFETY: as in `as_slice`.
            unsafe {
                std::slice::from_raw_parts_mut(self.inline.as_mut_ptr().cast::<T>(), self.len)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SpillVec;

    #[test]
    fn keeps_every_item_across_the_spill_and_refills_inline_after_clear() {
        let mut v = SpillVec::<u32, 4>::new();
        for round in 0..3 {
            v.clear();
            let n = [3, 11, 4][round];
            for i in 0..n {
                v.push(i);
                assert_eq!(v.len(), usize::try_from(i).unwrap() + 1);
                assert_eq!(v.as_slice(), (0..=i).collect::<Vec<_>>());
            }
            assert_eq!(v.spilled(), n > 4);
            v.as_mut_slice().reverse();
            assert_eq!(v.as_slice(), (0..n).rev().collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_zero_capacity_list_lives_on_the_heap() {
        let mut v = SpillVec::<u8, 0>::new();
        assert!(v.as_slice().is_empty());
        v.push(1);
        v.push(2);
        assert_eq!(v.as_slice(), [1, 2]);
    }
}
