# syntax=docker/dockerfile:1
# The Remix server. Alone, with its SQLite database and files on the /data volume; or as
# one of several processes on a PostgreSQL DATABASE_URL (compose.yaml).

FROM node:22-bookworm-slim AS base
WORKDIR /app
ENV NODE_ENV=production

# Dependencies, including the build tools better-sqlite3 may need to compile.
FROM base AS deps
RUN apt-get update \
	&& apt-get install -y --no-install-recommends python3 make g++ \
	&& rm -rf /var/lib/apt/lists/*
# postinstall generates a client for each engine; prisma.config.ts reads the environment
# through env.server.ts (which needs only zod).
COPY package.json package-lock.json prisma.config.ts ./
COPY scripts/prisma-generate.mjs scripts/
COPY app/utils/env.server.ts app/utils/
COPY prisma/schema.prisma prisma/
COPY prisma/postgresql/schema.prisma prisma/postgresql/
RUN npm install --include=dev --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM base AS runtime
# Sized for one process in a 512 MB container (README "Memory"); each can be overridden at
# `docker run -e`: the main thread's heap, two card render workers, and glibc handing the
# canvases' large blocks back to the system once a card is drawn.
ENV PORT=3000 \
	DATA_DIR=/data \
	DATABASE_URL=file:/data/frasea.db \
	NODE_OPTIONS=--max-old-space-size=256 \
	CARD_RENDER_CONCURRENCY=2 \
	MALLOC_ARENA_MAX=2 \
	MALLOC_MMAP_THRESHOLD_=131072
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/server ./server
# Both engines' schemas and migrations (prisma/ and prisma/postgresql/), applied at start.
COPY --from=build --chown=node:node /app/prisma ./prisma
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
	CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthcheck').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Pending migrations are applied when the server starts.
CMD ["node", "server/index.js"]
