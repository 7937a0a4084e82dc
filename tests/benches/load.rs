//! Load benchmark (placeholder while the suite is written).
fn main() {}
