# syntax=docker/dockerfile:1
# The site and its server in one image (docs/decisions/058): `docker build -t agency-site .`
# Nothing here builds it (no container engine on the project's machines): scripts/deploy-files.test.ts
# checks what can be checked without one, and runs the image's commands against a real build.

# Debian slim, not Alpine: the lock's native packages (argon2, the Rolldown bindings) are the
# glibc builds the project is tested with. Node 20, as package.json's engines and CI.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The lock first: the dependency layer is reused until package.json or the lock change.
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# The prerendered pages are written for this origin; a server started with another PUBLIC_URL
# rewrites it as it serves them, so one image serves any origin.
ARG PUBLIC_URL=http://localhost:8080
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY deploy/docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
# The files stay root's: the server only reads them, and a compromised process cannot rewrite them.
USER node
EXPOSE 3000
# Liveness only (/livez never touches the database): a database outage must not restart every
# container. Node's own fetch: the slim image has no curl.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/livez').then((answer) => process.exit(answer.ok ? 0 : 1), () => process.exit(1))"]
# Refuses to start without DATABASE_URL: the embedded PostgreSQL is for laptops, not containers.
ENTRYPOINT ["docker-entrypoint.sh"]
# What `npm start` runs once the build exists (scripts/start.mjs imports dist/server/main.js),
# without npm or the rebuild check in between: the image has no sources to rebuild from, and
# SIGTERM reaches the server itself, which drains (README, "Running in production").
# `npm run db:migrate` is the same command with `--migrate` (compose.yaml's migrate service).
CMD ["node", "dist/server/main.js"]
