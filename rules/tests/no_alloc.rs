//! Generating, counting and playing moves never touches the heap, and a `Move` is a small `Copy`
//! value. A counting global allocator sees every allocation this test binary's threads make.

mod common;

use std::{
    alloc::{GlobalAlloc, Layout, System},
    cell::Cell,
    hint::black_box,
};

use common::{Play, Rng, random_board, random_positions};
use dama_rules::{Move, MoveList, Position, Rules, perft, perft_under};

struct Counting;

thread_local! {
    // Per thread, so that other tests running at the same time are not counted.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_one() {
    // `try_with`: the allocator may run while the thread's locals are being torn down.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

// SAFETY: every call is passed on unchanged to the system allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: the caller's guarantees are those `System.alloc` needs.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: as in `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: as in `alloc`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as in `alloc`.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_during(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

fn positions() -> Vec<Position> {
    let mut rng = Rng::new(7);
    let mut out = random_positions(100, Play::default());
    out.extend((0..5_000).map(|_| random_board(&mut rng, 12)));
    out
}

#[test]
fn the_counting_allocator_sees_allocations() {
    assert!(allocations_during(|| drop(black_box(vec![1u8; 16]))) >= 1);
}

#[test]
fn generating_counting_and_playing_moves_allocates_nothing() {
    let positions = positions();
    let mut moves_seen = 0;
    let allocations = allocations_during(|| {
        for pos in &positions {
            let moves: MoveList = black_box(pos.legal_moves_under(Rules::STANDARD));
            black_box(pos.count_legal_moves());
            black_box(pos.has_capture());
            black_box(pos.is_lost());
            for m in moves.iter() {
                black_box(pos.is_legal(m));
                black_box(pos.play(m).ok());
                black_box(pos.play_unchecked(m));
                black_box(pos.is_progress(m));
                black_box(m.landings());
            }
            moves_seen += moves.len();
            // The federation's promotion rule is as allocation-free.
            let moves: MoveList = black_box(pos.legal_moves_under(Rules::FEDERATION));
            black_box(pos.count_legal_moves_under(Rules::FEDERATION));
            for m in moves.iter() {
                black_box(pos.play_under(m, Rules::FEDERATION).ok());
            }
        }
    });
    assert_eq!(allocations, 0);
    assert!(moves_seen > 50_000, "only {moves_seen} moves");
}

#[test]
fn perft_allocates_nothing() {
    let positions = positions();
    let mut leaves = 0;
    let allocations = allocations_during(|| {
        leaves += perft(&Position::start(), 5);
        for pos in positions.iter().step_by(20) {
            leaves += perft(black_box(pos), 3);
            leaves += perft_under(black_box(pos), 3, Rules::FEDERATION);
        }
    });
    assert_eq!(allocations, 0);
    assert!(leaves > 100_000, "only {leaves} leaves");
}

/// The one exception: a position with more legal moves than `MOVE_LIST_CAPACITY` (1152 maximum
/// captures here) moves its list to the heap rather than dropping moves.
#[test]
fn only_a_list_past_the_inline_capacity_allocates() {
    let pos: Position = "2W3B1/1w1W1B1B/WWW1B1b1/BbWW2B1/2b3B1/3W1bwb/3B2B1/4B1B1 w"
        .parse()
        .unwrap();
    let mut len = 0;
    let allocations = allocations_during(|| {
        let moves = black_box(pos.legal_moves_under(Rules::STANDARD));
        assert!(moves.spilled());
        len = moves.len();
    });
    assert_eq!(len, 1152);
    assert!(allocations >= 1);
    let small = Position::start();
    assert_eq!(
        allocations_during(|| assert!(
            !black_box(small.legal_moves_under(Rules::STANDARD)).spilled()
        )),
        0
    );
}

#[test]
fn a_move_is_small_and_copy() {
    fn copy<T: Copy>() {}
    copy::<Move>();
    assert!(size_of::<Move>() <= 32, "{} bytes", size_of::<Move>());
}
