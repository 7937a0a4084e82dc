//! `#[on_both_stores]`: runs one async test on each store the service supports.
//!
//! ```ignore
//! #[on_both_stores]
//! async fn a_move_is_kept() {
//!     let env = Env::new().await; // a SQLite file, or a fresh PostgreSQL database
//!     // …
//! }
//! ```
//!
//! becomes a module `a_move_is_kept` with two tokio tests, `sqlite` and `postgres`, each running
//! the body inside `common::on_store(Store::…, body)`, which the test crate's `common` module
//! defines: it tells `Env::new` which store to open. Test names stay readable in the output
//! (`a_move_is_kept::postgres`) and either store can be run alone (`cargo test postgres`).
//!
//! The test returns nothing, so that `on_store` may skip it: on a machine without PostgreSQL's
//! programs it runs the `postgres` half's body not at all, counted for the run's summary line
//! (see `dama_test_postgres::skip`).

use proc_macro::TokenStream;
use quote::quote;
use syn::{ItemFn, parse_macro_input};

/// Runs the async test on SQLite and on PostgreSQL (which `on_store` skips without PostgreSQL's
/// programs); see the crate documentation. Arguments are passed to `#[tokio::test]`.
#[proc_macro_attribute]
pub fn on_both_stores(attr: TokenStream, item: TokenStream) -> TokenStream {
    // Arguments, if any, are tokio's: `#[on_both_stores(flavor = "multi_thread")]`.
    let runtime = proc_macro2::TokenStream::from(attr);
    let tokio_test = if runtime.is_empty() {
        quote!(#[tokio::test])
    } else {
        quote!(#[tokio::test(#runtime)])
    };
    let test = parse_macro_input!(item as ItemFn);
    let returns_unit = matches!(test.sig.output, syn::ReturnType::Default);
    if test.sig.asyncness.is_none() || !test.sig.inputs.is_empty() || !returns_unit {
        // Unit, so that `on_store` can skip the PostgreSQL half.
        return syn::Error::new_spanned(
            &test.sig,
            "#[on_both_stores] takes an `async fn` without arguments or return type",
        )
        .to_compile_error()
        .into();
    }
    let name = &test.sig.ident;
    let attrs = &test.attrs;
    let body = &test.block;
    quote! {
        mod #name {
            #[allow(unused_imports, reason = "the test body sees what the test file sees")]
            use super::*;

            #(#attrs)*
            #tokio_test
            async fn sqlite() {
                common::on_store(common::Store::Sqlite, async move #body).await
            }

            #(#attrs)*
            #tokio_test
            async fn postgres() {
                common::on_store(common::Store::Postgres, async move #body).await
            }
        }
    }
    .into()
}
