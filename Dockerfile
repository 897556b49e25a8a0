# syntax=docker/dockerfile:1
# The messaging gateway: one image for the API server, the queue worker, the admin CLI and the
# migrate command (compose.yaml runs each). Every step below is a script or npm command that CI
# runs for real in scripts/release-check.mjs, since CI machines cannot pull images.

FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
# Dependencies first, for the layer cache; the build needs the sources, so no install scripts yet.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build && sh scripts/stage-release.sh /release

FROM node:24-bookworm-slim AS runtime
# Production defaults, and one memory setting measured in BENCHMARKS.md ("Footprint"): glibc keeps
# a malloc arena per thread, and V8's background compiler threads leave ~40 MB in theirs after
# compiling the Prisma query compiler's WebAssembly at start-up. (A smaller young generation,
# --max-semi-space-size=2, saves ~25 MB more idle but cost 25 % of /send throughput: not set.)
ENV NODE_ENV=production
ENV MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /release ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
  && mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["node", "dist/healthcheck.js"]
CMD ["node", "dist/main.js"]
