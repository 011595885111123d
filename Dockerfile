# Beckon in one small image: the widget and console built with node, the server with cargo, and
# a runtime stage with only the binary and the built files, run as a non-root user.
# Build from the repository root:  docker build -t beckon .
# Run (SQLite in a volume):        docker run -p 8080:8080 -v beckon-data:/data beckon
# Several instances, PostgreSQL, Redis and a proxy: deploy/compose.yaml (docs/deploy.md).

# ---- 1. widget and console ----
FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/ ./
RUN npm ci --no-audit --no-fund \
 && npm run build -w widget \
 && npm run build -w console

# ---- 2. server ----
FROM rust:1-bookworm AS server
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY crates/ crates/
RUN cargo build --release --locked -p beckon-server \
 && mkdir -p /out/data \
 && cp target/release/beckon /out/beckon

# ---- 3. runtime: glibc and nothing else (no shell, no package manager), user 65532 ----
FROM gcr.io/distroless/cc-debian12:nonroot
WORKDIR /app
COPY --from=server /out/beckon /app/beckon
COPY --from=web /src/web/widget/dist /app/web/widget/dist
COPY --from=web /src/web/widget/audio /app/web/widget/audio
COPY --from=web /src/web/console/dist /app/web/console/dist
COPY --from=web /src/web/demo /app/web/demo
COPY --from=server --chown=65532:65532 /out/data /data
ENV BECKON_LISTEN=0.0.0.0:8080 \
    BECKON_DATA_DIR=/data \
    BECKON_STATIC_DIR=/app/web/widget/dist \
    BECKON_CONSOLE_DIR=/app/web/console/dist \
    BECKON_AUDIO_DIR=/app/web/widget/audio
USER nonroot
VOLUME /data
EXPOSE 8080
# SIGTERM drains: WebSocket clients are told to reconnect (1001), requests finish, exit 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/app/beckon"]
CMD ["serve"]
