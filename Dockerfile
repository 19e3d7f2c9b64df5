# Production image: one Bun process; point DATABASE_URL at PostgreSQL (or mount DATA_DIR
# for the embedded PGlite). Scale out with more containers behind a load balancer.
FROM oven/bun:1.4-slim AS build
WORKDIR /app
COPY package.json bun.lock ./
RUN bun install --frozen-lockfile --production
COPY . .
RUN bun run build

FROM oven/bun:1.4-slim
WORKDIR /app
# Secrets are never baked in: pass JWT_SECRET and DATA_ENCRYPTION_KEY (each `openssl rand -base64 48`)
# and PUBLIC_ORIGIN at run time, e.g. `docker run --env-file runboard.env`.
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
COPY --from=build /app /app
RUN mkdir -p /data && chown bun:bun /data
USER bun
EXPOSE 3000
# Liveness: the image has no curl, so Bun's own fetch asks /healthz.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["bun", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains in-flight requests for up to SHUTDOWN_GRACE_MS (10 s) before exit.
STOPSIGNAL SIGTERM
CMD ["bun", "src/server.ts"]
