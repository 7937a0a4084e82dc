# The dama bot in a container: a build stage compiles it, a slim Debian stage runs it.
#
#   docker build -t dama .            (or: podman build -t dama .)
#   docker run -d --name dama --read-only --cap-drop=ALL --security-opt=no-new-privileges \
#     -e DISCORD_TOKEN_FILE=/run/secrets/discord_token \
#     -v "$PWD/secrets/discord_token:/run/secrets/discord_token:ro" -v dama-data:/data dama
#
# One volume, /data, holds what the bot keeps: the SQLite database (unless DATABASE_URL names a
# PostgreSQL server; see compose.yaml) and the endgame tables; it writes nothing else. The token
# comes from a file (a secret), not from the environment, where `docker inspect` shows it.
#
# Build arguments:
#   DEBIAN  the run stage's base, a Debian 12 (bookworm) image; default the official slim one.
#   RUST    the build stage's base, a Rust toolchain on bookworm (the run stage's glibc).
#
# `--target prebuilt` makes the image of a binary compiled beforehand on a bookworm machine
# instead: the build context is a directory holding `dama-bot` alone, and the Rust stage is not
# built (the container test does this: `podman build --target prebuilt -f Dockerfile DIR`).

ARG DEBIAN=docker.io/library/debian:bookworm-slim
ARG RUST=docker.io/library/rust:1.94-bookworm

FROM ${RUST} AS build
WORKDIR /src
COPY . .
# The registry and the target directory are cached between builds; the binary is copied out of
# the cache in the same step.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked -p dama-bot \
    && install -D -m 0755 target/release/dama-bot /out/dama-bot

FROM ${DEBIAN} AS run
# CA certificates for Discord's TLS; nothing else (the health check is the bot's own command).
RUN if [ ! -e /etc/ssl/certs/ca-certificates.crt ]; then \
        apt-get update \
        && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ca-certificates \
        && rm -rf /var/lib/apt/lists/*; \
    fi \
    && useradd --uid 10001 --user-group --home-dir /data --no-create-home --shell /usr/sbin/nologin dama \
    && install -d -o dama -g dama -m 0750 /data
ENV DATABASE_URL=sqlite:///data/dama.db \
    DAMA_ENDGAME_TABLES=/data/dama-tables.bin \
    DAMA_METRICS_ADDR=0.0.0.0:9464 \
    RUST_LOG=info
VOLUME ["/data"]
WORKDIR /data
# By number: an orchestrator can then see that it is not root without reading /etc/passwd
# (Kubernetes' runAsNonRoot). The image also runs with a read-only root, every capability
# dropped: it writes only to /data (and /tmp, which compose.yaml mounts as a tmpfs).
USER 10001:10001
EXPOSE 9464
# /healthz on DAMA_METRICS_ADDR: `dama-bot health` exits 0 when it answers 200.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["/usr/local/bin/dama-bot", "health"]
# The bot is PID 1 and handles SIGTERM (and SIGINT) itself: it closes the gateway connection,
# finishes what is under way and exits 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/dama-bot"]

# The binary compiled beforehand (see above).
FROM run AS prebuilt
COPY dama-bot /usr/local/bin/dama-bot

# The default, last: the build stage's binary.
FROM run
COPY --from=build /out/dama-bot /usr/local/bin/dama-bot
