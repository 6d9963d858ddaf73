#!/bin/sh
# The image's entrypoint: the server, or its migrations, on an external PostgreSQL only.
# Without DATABASE_URL the server would start the embedded PostgreSQL (a development
# convenience) inside the container, its data lost with the container and its key generated
# beside it: refuse instead, before anything starts.
set -eu
if [ -z "${DATABASE_URL:-}" ]; then
  echo "DATABASE_URL is required in the container (postgres://user:password@host:5432/database); see README, \"Deploying\"." >&2
  exit 64
fi
exec "$@"
