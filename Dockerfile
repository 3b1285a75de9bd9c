# Cube Portal: one image, one process per container (three of them behind nginx in compose.yaml).
# Multi-stage: the build stage has the compilers and every dev dependency; the runtime stage only what the server
# runs (the compiled server and contract, the built web app, production dependencies) and runs as `node`, not root.
# Settings shared with the cluster harness come from deploy/cube.env (compose's env_file); see docs/operations.md.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
# better-sqlite3 and argon2 ship prebuilt binaries; the compilers are the fallback when none fits.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# The README's install command (npm 11's `npm ci` refuses lock files without other platforms' optional packages).
RUN npm install --no-fund --no-audit
COPY tsconfig.base.json biome.json ./
COPY packages packages
COPY apps apps
RUN npm run build && npm prune --omit=dev --no-fund --no-audit

FROM ${NODE_IMAGE} AS runtime
# MALLOC_ARENA_MAX and the node flags of CMD are `npm start`'s (package.json; a test holds them equal): two malloc
# arenas and a 2 × 2 MiB young generation keep the idle instance under 120 MiB (docs/operations.md).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    CUBE_DATA_DIR=/data \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build --chown=node:node /src/package.json ./
COPY --from=build --chown=node:node /src/node_modules node_modules
COPY --from=build --chown=node:node /src/packages/contract/package.json packages/contract/
COPY --from=build --chown=node:node /src/packages/contract/dist packages/contract/dist
COPY --from=build --chown=node:node /src/apps/server/package.json apps/server/
COPY --from=build --chown=node:node /src/apps/server/dist apps/server/dist
COPY --from=build --chown=node:node /src/apps/web/package.json apps/web/
COPY --from=build --chown=node:node /src/apps/web/dist apps/web/dist
COPY --from=build --chown=node:node /src/apps/web/dist-ssr apps/web/dist-ssr
# Uploaded files (shared by the instances: one volume) and, for SQLite installs, the database.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Readiness: the database answers and shutdown has not begun (GET /api/ready; 503 otherwise).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains in-flight requests and writes buffered logs (docs/operations.md); compose waits 30 s.
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=8", "apps/server/dist/main.js"]
