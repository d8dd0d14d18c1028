# The Remix server. Alone, with its SQLite database and files on the /data volume; or as
# one of several processes on a PostgreSQL DATABASE_URL (compose.yaml).
#
#   docker build -t frasea .
#   podman build --format docker -t frasea .     (podman's default OCI format drops HEALTHCHECK)
#
# NODE_IMAGE names the Node image to start from; the container check builds one without a
# registry and passes it here (docs/docker.md). The production dependencies and the build
# are two stages that BuildKit runs side by side (podman: --jobs 2).

ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV NODE_ENV=production

# What the server runs on: the production dependencies, better-sqlite3 compiled for this
# Node when no prebuilt binary can be downloaded, and nothing else (slim-node-modules.mjs).
FROM base AS prod-deps
RUN apt-get update \
	&& apt-get install -y --no-install-recommends python3 make g++ \
	&& rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# No install scripts but better-sqlite3's: the project's own (prisma generate) belongs to
# the build stage, and no other production package needs one.
RUN npm install --omit=dev --ignore-scripts --no-audit --no-fund \
	&& npm rebuild better-sqlite3 \
	&& rm -rf /root/.npm /root/.cache

# The Vite build, with every dependency but no native compile: nothing here runs SQLite.
FROM base AS build
COPY package.json package-lock.json ./
RUN npm install --include=dev --ignore-scripts --no-audit --no-fund
COPY . .
RUN node scripts/prisma-generate.mjs \
	&& npm run build \
	&& npx tsx scripts/card-font-files.ts > card-font-files.txt

FROM prod-deps AS slim-deps
COPY scripts/slim-node-modules.mjs scripts/
COPY --from=build /app/card-font-files.txt ./
RUN node scripts/slim-node-modules.mjs card-font-files.txt

FROM base AS runtime
# Sized for one process in a 512 MB container (README, "Memory" under "Docker"); each can be
# overridden at `docker run -e`: the main thread's heap, two card render workers, and glibc
# handing the canvases' large blocks back to the system once a card is drawn.
ENV PORT=3000 \
	DATA_DIR=/data \
	DATABASE_URL=file:/data/frasea.db \
	NODE_OPTIONS=--max-old-space-size=256 \
	CARD_RENDER_CONCURRENCY=2 \
	MALLOC_ARENA_MAX=2 \
	MALLOC_MMAP_THRESHOLD_=131072
RUN mkdir -p /data && chown node:node /data
# The code stays root's: the app, as uid 1000, writes to /data only. Least likely to change
# first, so a new commit rebuilds only the last layers.
COPY --from=slim-deps /app/node_modules ./node_modules
COPY package.json ./
# Both engines' schemas and migrations (prisma/ and prisma/postgresql/), applied at start.
COPY prisma ./prisma
COPY server ./server
COPY --from=build /app/build ./build
VOLUME /data
USER node
EXPOSE 3000
# compose.yaml checks every 2 s while the app starts (start_interval needs Docker Engine 25,
# and older builders refuse the flag here).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
	CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthcheck').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Pending migrations are applied when the server starts.
CMD ["node", "server/index.js"]
