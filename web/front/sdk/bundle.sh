#!/usr/bin/env bash
# Makes discord-sdk.js, the one ES module the Activity page loads, from Discord's Embedded App
# SDK as pinned by package-lock.json, bundled by esbuild (pinned there too).
#
# The bundle is committed, so building the bot needs neither Node.js nor the network. Run this
# after changing package.json, package-lock.json or entry.js, and commit the new file.
#
#   bundle.sh          write discord-sdk.js
#   bundle.sh --check  fail unless the committed discord-sdk.js is exactly what the lockfile
#                      gives (CI runs this)
#
# npm is told to give up quickly: an unreachable registry fails in seconds, saying so, instead
# of retrying for minutes.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
mode=write
case "${1:-}" in
  "") ;;
  --check) mode=check ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

fail() { echo "bundle.sh: $*" >&2; exit 1; }

command -v node >/dev/null || fail "Node.js is not installed (node is not on PATH); it is needed only to make the Activity's SDK bundle again, never to build the bot. Debian: apt-get install nodejs npm"
command -v npm >/dev/null || fail "npm is not installed (Node.js is, without npm); Debian: apt-get install npm"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here/package.json" "$here/package-lock.json" "$here/entry.js" "$work/"

# --ignore-scripts: esbuild's install script only checks its binary, which comes as the
# platform's optional package anyway.
if ! (cd "$work" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error \
  --fetch-retries=1 --fetch-retry-mintimeout=1000 --fetch-retry-maxtimeout=2000 \
  --fetch-timeout=15000 >"$work/npm.log" 2>&1); then
  cat "$work/npm.log" >&2
  if grep -qiE 'ENOTFOUND|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN|ECONNRESET|network' "$work/npm.log"; then
    fail "npm could not reach its registry ($(npm config get registry)), so the pinned packages could not be fetched"
  fi
  fail "npm ci failed (its log is above)"
fi

(cd "$work" && node_modules/.bin/esbuild entry.js --bundle --format=esm --minify --target=es2020 \
  --legal-comments=eof --log-level=warning --outfile=discord-sdk.js)

case $mode in
  write)
    cp "$work/discord-sdk.js" "$here/discord-sdk.js"
    echo "wrote $here/discord-sdk.js ($(wc -c <"$here/discord-sdk.js") bytes)"
    ;;
  check)
    if ! cmp -s "$work/discord-sdk.js" "$here/discord-sdk.js"; then
      fail "discord-sdk.js is not what package-lock.json gives: run web/front/sdk/bundle.sh and commit the result"
    fi
    echo "discord-sdk.js is what package-lock.json gives ($(wc -c <"$here/discord-sdk.js") bytes)"
    ;;
esac
