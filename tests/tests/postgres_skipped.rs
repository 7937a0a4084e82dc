//! The end of a `cargo test --workspace` run on a machine without PostgreSQL's programs: one
//! line saying how many PostgreSQL tests were skipped and how to include them (nothing when
//! none was). Its target, in `Cargo.toml`, is named to run after every other test binary.

fn main() {
    if let Some(line) = dama_test_postgres::skipped_summary() {
        eprintln!("\n{line}");
    }
}
