//! Bundles Discord's Embedded App SDK for the Activity page (issue 28).
//!
//! The SDK comes from npm, pinned by `web/sdk/package-lock.json`; esbuild (pinned there too)
//! bundles it with its dependencies into one ES module, `$OUT_DIR/discord-sdk.js`, which
//! `src/web/assets.rs` compiles into the binary. `npm ci` runs in `$OUT_DIR`, never in the
//! source tree, and only when the lockfile changed since the last build.
//!
//! Without Node.js the bot still builds: the module is then one that says so, the build prints
//! a warning, and the bot refuses to start with `DAMA_ACTIVITY=on` (it reads
//! `DAMA_ACTIVITY_SDK`, set here to `bundled` or `missing`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::{env, fs};

/// The source files of the bundle, relative to the crate.
const SOURCES: &[&str] = &[
    "web/sdk/package.json",
    "web/sdk/package-lock.json",
    "web/sdk/entry.js",
];

/// What the page gets when the SDK could not be bundled.
const MISSING: &str = "// Built without Node.js: the Activity's SDK is not in this build.\n\
export class DiscordSDK {\n  constructor() {\n    throw new Error(\"this build of dama has no Activity (Node.js was missing when it was built)\");\n  }\n}\n";

fn main() {
    for source in SOURCES {
        println!("cargo::rerun-if-changed={source}");
    }
    println!("cargo::rerun-if-env-changed=NPM");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let bundle = out.join("discord-sdk.js");
    match build(&out, &bundle) {
        Ok(()) => println!("cargo::rustc-env=DAMA_ACTIVITY_SDK=bundled"),
        Err(why) => {
            println!(
                "cargo::warning=the Discord Activity is left out of this build: {why}. Install Node.js (with npm) and build again to include it."
            );
            fs::write(&bundle, MISSING).expect("OUT_DIR is writable");
            println!("cargo::rustc-env=DAMA_ACTIVITY_SDK=missing");
        }
    }
}

/// Installs the pinned packages in `out/sdk` (when the lockfile changed) and bundles them.
fn build(out: &Path, bundle: &Path) -> Result<(), String> {
    let npm = env::var("NPM").unwrap_or_else(|_| "npm".to_owned());
    let work = out.join("sdk");
    fs::create_dir_all(&work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    for source in SOURCES {
        let from = Path::new(source);
        let name = from.file_name().expect("a file name");
        fs::copy(from, work.join(name)).map_err(|e| format!("cannot copy {source}: {e}"))?;
    }
    let lock = fs::read(work.join("package-lock.json")).map_err(|e| e.to_string())?;
    let stamp = work.join("node_modules").join(".dama-lock");
    if fs::read(&stamp).ok().as_deref() != Some(lock.as_slice()) {
        // `--ignore-scripts`: esbuild's install script only checks its binary, which comes as
        // the platform's optional package anyway.
        run(
            Command::new(&npm)
                .args(["ci", "--ignore-scripts", "--no-audit", "--no-fund"])
                .current_dir(&work),
            "npm ci",
        )?;
        fs::write(&stamp, &lock).map_err(|e| e.to_string())?;
    }
    let esbuild = work.join("node_modules").join(".bin").join("esbuild");
    run(
        Command::new(esbuild)
            .arg("entry.js")
            .args([
                "--bundle",
                "--format=esm",
                "--minify",
                "--target=es2020",
                "--legal-comments=eof",
                "--log-level=warning",
            ])
            .arg(format!("--outfile={}", bundle.display()))
            .current_dir(&work),
        "esbuild",
    )
}

/// Runs `command`, named `what` in errors.
fn run(command: &mut Command, what: &str) -> Result<(), String> {
    match command.status() {
        Ok(status) if status.success() => Ok(()),
        Ok(status) => Err(format!("{what} failed ({status})")),
        Err(e) => Err(format!("cannot run {what}: {e}")),
    }
}
