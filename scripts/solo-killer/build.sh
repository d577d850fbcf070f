#!/usr/bin/env bash
# Builds solo-killer, the command-line killer generator around Simon Tatham's Solo
# (benchmark and fixture reference only; never shipped, never built by `npm test`).
#
#     bash scripts/solo-killer/build.sh JNI_DIR OUTPUT
#
# JNI_DIR is the directory holding Solo's solo.c and its helpers (app/src/main/jni of the
# chrisboyle/sgtpuzzles repository, which packs Simon Tatham's puzzle collection, MIT
# licence); OUTPUT is the path of the binary to write. Solo's source is read from there,
# never copied into this repository.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: bash scripts/solo-killer/build.sh JNI_DIR OUTPUT" >&2
  exit 2
fi
jni=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
for f in solo.c divvy.c dsf.c random.c misc.c malloc.c puzzles.h; do
  if [ ! -f "$jni/$f" ]; then
    echo "$jni/$f is missing: JNI_DIR must be Solo's app/src/main/jni directory" >&2
    exit 1
  fi
done
mkdir -p "$(dirname "$out")"
# harness.c includes solo.c, so solo.c is not compiled on its own.
cc -O2 -DANDROID -w -I"$jni" -o "$out" "$here/harness.c" "$here/stubs.c" \
  "$jni"/{divvy,dsf,random,misc,malloc}.c -lm
echo "built $out"
