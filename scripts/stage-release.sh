#!/bin/sh
# scripts/stage-release.sh <dir>: lays out in <dir> what a production install is made from: the
# files `npm pack` takes (package.json "files": the build, the migrations, this project's
# package.json and README) plus package-lock.json, so `npm ci --omit=dev` there installs exactly
# the locked runtime dependencies. The Dockerfile's build stage runs it; so does CI's release check.
set -eu
dest=${1:?usage: scripts/stage-release.sh <dir>}
cd "$(dirname "$0")/.."
[ -f dist/main.js ] || { echo "dist/ is missing: run npm run build first" >&2; exit 1; }
rm -rf "$dest"
mkdir -p "$dest"
tarball=$(npm pack --silent --ignore-scripts --pack-destination "$dest" | tail -n 1)
tar -xzf "$dest/$tarball" -C "$dest" --strip-components=1
rm "$dest/$tarball"
cp package-lock.json "$dest/"
echo "Staged $(du -sh "$dest" | cut -f1) in $dest"
