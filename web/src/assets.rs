//! The pages' static files, compiled into the binary from `web/front/`, served under a path that
//! names their version (`/assets/{version}/game.js`): the version is a hash of every file, so a
//! browser may keep them for a year (`immutable`) and a new build is fetched afresh. The
//! scripts are ES modules that import each other by relative paths, which the shared version
//! directory keeps working.
//!
//! Compression: each file is gzipped once, when first asked for, and the same bytes are served
//! to every browser that accepts gzip. The files never change after the build, so compressing
//! per response (tower-http's layer, which also pulls in async-compression) would only spend
//! CPU on the same bytes again.

use std::io::Write;
use std::sync::LazyLock;

use axum::extract::Path;
use axum::extract::rejection::PathRejection;
use axum::http::header::{CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, VARY};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// The cache policy of a versioned file: a year, never revalidated.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// A file as served: its name, type and bytes, plain and gzipped.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    plain: &'static [u8],
    gzipped: Vec<u8>,
}

/// The files of `web/front/`: (name, content type, bytes).
const FILES: &[(&str, &str, &[u8])] = &[
    (
        "game.css",
        "text/css; charset=utf-8",
        include_bytes!("../front/game.css"),
    ),
    (
        "community.css",
        "text/css; charset=utf-8",
        include_bytes!("../front/community.css"),
    ),
    (
        "home.css",
        "text/css; charset=utf-8",
        include_bytes!("../front/home.css"),
    ),
    (
        "game.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../front/game.js"),
    ),
    (
        "common.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../front/common.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../front/board.js"),
    ),
    (
        "arena.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../front/arena.js"),
    ),
    (
        "live.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../front/live.js"),
    ),
    (
        "clock.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../front/clock.js"),
    ),
    (
        "play.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../front/play.js"),
    ),
    (
        "sound.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../front/sound.js"),
    ),
    (
        "analysis.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../front/analysis.js"),
    ),
    (
        "conditional.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../front/conditional.js"),
    ),
    (
        "page.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../front/page.js"),
    ),
    (
        "puzzle.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../front/puzzle.js"),
    ),
    (
        "activity.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../front/activity.js"),
    ),
    (
        "activity.css",
        "text/css; charset=utf-8",
        include_bytes!("../front/activity.css"),
    ),
    // Discord's Embedded App SDK from npm, bundled into one module by web/sdk/bundle.sh and
    // committed, so that building the bot needs neither Node.js nor the network.
    (
        "discord-sdk.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../front/sdk/discord-sdk.js"),
    ),
];

static ASSETS: LazyLock<Vec<Asset>> = LazyLock::new(|| {
    FILES
        .iter()
        .map(|&(name, content_type, plain)| Asset {
            name,
            content_type,
            plain,
            gzipped: gzip(plain),
        })
        .collect()
});

/// The version of the files: 16 hex digits of a 64-bit FNV-1a hash over all of them.
static VERSION: LazyLock<String> = LazyLock::new(|| {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for (name, _, bytes) in FILES {
        for &b in name.as_bytes().iter().chain(*bytes) {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
});

/// The path of the file `name` at this build's version, for the pages to link.
pub(crate) fn path(name: &str) -> String {
    format!("/assets/{}/{name}", VERSION.as_str())
}

/// The `<link rel="modulepreload">` elements of every module the script `entry` imports, at
/// any depth, with `prefix` before each path (`""`, or the Activity's `/.proxy`). A browser
/// then asks for the whole graph at once, rather than learning of each module only when the
/// one importing it has arrived; derived from the files, so a new import is never missed.
pub(crate) fn preloads(entry: &str, prefix: &str) -> String {
    let mut modules = vec![entry];
    let mut i = 0;
    while let Some(&name) = modules.get(i) {
        let source = FILES
            .iter()
            .find(|(file, _, _)| *file == name)
            .map_or("", |(_, _, bytes)| {
                std::str::from_utf8(bytes).unwrap_or_default()
            });
        for imported in imports(source) {
            if !modules.contains(&imported) {
                modules.push(imported);
            }
        }
        i += 1;
    }
    modules[1..]
        .iter()
        .map(|name| {
            format!(
                "<link rel=\"modulepreload\" href=\"{prefix}{}\">\n",
                path(name)
            )
        })
        .collect()
}

/// The files a module imports statically (`import … from "./board.js";`), by name.
fn imports(source: &str) -> impl Iterator<Item = &str> {
    source.lines().filter_map(|line| {
        let rest = line.trim_start().strip_prefix("import ")?;
        let (_, from) = rest.rsplit_once(" from \"./")?;
        from.split_once('"').map(|(name, _)| name)
    })
}

/// `bytes` gzipped.
pub(crate) fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(bytes);
    encoder.finish().unwrap_or_default()
}

/// Whether a request's `Accept-Encoding` accepts gzip (named without `q=0`).
pub(crate) fn accepts_gzip(headers: &HeaderMap) -> bool {
    let Some(accept) = headers
        .get(axum::http::header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    accept.split(',').any(|coding| {
        let mut parts = coding.split(';');
        let name = parts.next().unwrap_or_default().trim();
        let refused = parts.any(|p| {
            p.trim()
                .strip_prefix("q=")
                .is_some_and(|q| q.trim().parse::<f32>().is_ok_and(|q| q <= 0.0))
        });
        (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
    })
}

/// `body` as `content_type`, gzipped when the request accepts it and that is smaller.
pub(crate) fn compressed(
    headers: &HeaderMap,
    content_type: &'static str,
    body: Vec<u8>,
) -> Response {
    compressed_if(accepts_gzip(headers), content_type, body)
}

/// `body` as `content_type`, gzipped when the browser `takes_gzip` and it is smaller so.
pub(crate) fn compressed_if(
    takes_gzip: bool,
    content_type: &'static str,
    body: Vec<u8>,
) -> Response {
    let vary = (VARY, HeaderValue::from_static("accept-encoding"));
    let kind = (CONTENT_TYPE, HeaderValue::from_static(content_type));
    if takes_gzip {
        let gzipped = gzip(&body);
        if gzipped.len() < body.len() {
            let encoding = (CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            return ([kind, vary, encoding], gzipped).into_response();
        }
    }
    ([kind, vary], body).into_response()
}

/// `GET /assets/{version}/{name}`: a file of this build; 404 for another version or name.
pub(crate) async fn asset(
    path: Result<Path<(String, String)>, PathRejection>,
    headers: HeaderMap,
) -> Response {
    let Ok(Path((version, name))) = path else {
        return StatusCode::NOT_FOUND.into_response();
    };
    if version != *VERSION {
        return StatusCode::NOT_FOUND.into_response();
    }
    let Some(asset) = ASSETS.iter().find(|a| a.name == name) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let mut response = if accepts_gzip(&headers) {
        (
            [(CONTENT_ENCODING, HeaderValue::from_static("gzip"))],
            asset.gzipped.clone(),
        )
            .into_response()
    } else {
        asset.plain.into_response()
    };
    let h = response.headers_mut();
    h.insert(CONTENT_TYPE, HeaderValue::from_static(asset.content_type));
    h.insert(CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
    h.insert(VARY, HeaderValue::from_static("accept-encoding"));
    response
}

/// The gzipped size of every file, by name (for the page-weight test and the README).
#[cfg(test)]
pub(crate) fn gzipped_sizes() -> Vec<(&'static str, usize)> {
    ASSETS.iter().map(|a| (a.name, a.gzipped.len())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accept(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(
            axum::http::header::ACCEPT_ENCODING,
            HeaderValue::from_str(value).unwrap(),
        );
        headers
    }

    #[test]
    fn gzip_is_used_when_named_and_not_refused() {
        assert!(accepts_gzip(&accept("gzip, deflate, br")));
        assert!(accepts_gzip(&accept("br;q=1.0, GZIP;q=0.5")));
        assert!(accepts_gzip(&accept("*")));
        assert!(!accepts_gzip(&accept("gzip;q=0")));
        assert!(!accepts_gzip(&accept("gzip;q=0.000")));
        assert!(!accepts_gzip(&accept("br, deflate")));
        assert!(!accepts_gzip(&HeaderMap::new()));
    }

    #[test]
    fn a_pages_preloads_name_every_module_its_script_imports_at_any_depth() {
        let page = preloads("page.js", "");
        for module in ["game.js", "board.js", "live.js", "play.js", "clock.js"] {
            assert_eq!(page.matches(&path(module)).count(), 1, "{module}: {page}");
        }
        // Imported once the first board is drawn, off the path to it.
        for later in [
            "analysis.js",
            "conditional.js",
            "sound.js",
            "page.js",
            "puzzle.js",
        ] {
            assert!(!page.contains(later), "{later}: {page}");
        }
        let activity = preloads("activity.js", "/.proxy");
        for module in ["discord-sdk.js", "game.js", "board.js"] {
            assert!(
                activity.contains(&format!("\"/.proxy{}\"", path(module))),
                "{activity}"
            );
        }
        assert!(preloads("puzzle.js", "").contains(&path("play.js")));
    }

    #[test]
    fn the_version_names_the_files_and_gzip_round_trips() {
        assert_eq!(VERSION.len(), 16);
        assert!(path("game.js").ends_with("/game.js"));
        for asset in ASSETS.iter() {
            let mut plain = Vec::new();
            let mut decoder = flate2::read::GzDecoder::new(asset.gzipped.as_slice());
            std::io::Read::read_to_end(&mut decoder, &mut plain).unwrap();
            assert_eq!(plain, asset.plain, "{}", asset.name);
        }
    }
}
