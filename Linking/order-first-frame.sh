#!/usr/bin/env bash
# Writes Linking/first-frame.order: the functions that the kiosk runs from
# exec to its first frame, which the release build's linker (lld) puts side
# by side, so that the start touches fewer pages of code (issue 13). Run it
# again after large changes to what the start does; a stale list costs only
# speed (names that no longer exist are skipped).
#
#   Linking/order-first-frame.sh [DATA-DIR]   (TASKBOARD_BINARY: another build)
#
# Needs valgrind and a release build (swift build -c release
# --static-swift-stdlib). DATA-DIR is a data directory to start on (default:
# a new demo daycare); its kiosk must not be running.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${TASKBOARD_BINARY:-.build/release/taskboard}
[ -x "$binary" ] || { echo "build first: swift build -c release --static-swift-stdlib" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
data=${1:-}
if [ -z "$data" ]; then
  data=$work/data
  "$binary" demo --data-dir "$data" >/dev/null
fi
# valgrind 3.19 cannot read the DWARF 5 that Swift writes: a copy without it.
objcopy --strip-debug "$binary" "$work/taskboard"
# Part 1 of the profile is dumped when the first frame is out and the marks are read.
TERM=xterm-256color TASKBOARD_DATA_DIR=$data TASKBOARD_ASSETS=$PWD/assets \
  script -qc "valgrind --tool=callgrind --callgrind-out-file=$work/profile \
    --dump-before='\$s9TaskBoard7DaycareC13finishOpeningyyKF' --demangle=no \
    --compress-strings=no --compress-pos=no $work/taskboard" /dev/null >"$work/screen" 2>&1 &
runner=$!
for _ in $(seq 120); do
  [ -s "$work/profile.1" ] && break
  sleep 1
done
kill "$runner" 2>/dev/null || true
pkill -f "$work/taskboard" 2>/dev/null || true
wait "$runner" 2>/dev/null || true
[ -s "$work/profile.1" ] || { echo "no profile: the kiosk did not reach its first frame" >&2; cat "$work/screen" >&2; exit 1; }
# The functions of the binary itself, in the order callgrind met them.
python3 - "$work/profile.1" "$work/taskboard" > Linking/first-frame.order <<'PY'
import re, sys
profile, binary = sys.argv[1], sys.argv[2]
seen, objects = set(), None
for line in open(profile):
    if line.startswith("ob="):
        objects = line[3:].strip()
    elif line.startswith("fn=") and objects == binary:
        name = re.sub(r"'\d+$", "", line[3:].strip())
        if not name.startswith(("0x", "(")) and name not in seen:
            seen.add(name)
            print(name)
PY
echo "$(wc -l < Linking/first-frame.order) functions in Linking/first-frame.order"
