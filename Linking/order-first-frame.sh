#!/usr/bin/env bash
# Writes Linking/first-frame.order: the functions that the kiosk runs from
# exec to its first frame, which the release build's linker (lld) puts side
# by side, so that the start touches fewer pages of code (issue 13). Run it
# again after large changes to what the start does; a stale list costs only
# speed (names that no longer exist are skipped).
#
#   Linking/order-first-frame.sh [DATA-DIR]   (TASKBOARD_BINARY: another build)
#
# Needs valgrind, python3, objcopy, script and pgrep, and a release build (swift
# build -c release --static-swift-stdlib). The kiosk starts on a copy of
# DATA-DIR (default: a new demo daycare), with the assets found as the
# installed kiosk finds them.
set -euo pipefail
binary=$(realpath "${TASKBOARD_BINARY:-$(dirname "$0")/../.build/release/taskboard}")
data=${1:+$(realpath "$1")}
cd "$(dirname "$0")/.."
[ -x "$binary" ] || { echo "build first: swift build -c release --static-swift-stdlib" >&2; exit 1; }
for tool in valgrind python3 objcopy script pgrep; do
  command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 1; }
done

work=$(mktemp -d)
runner=
# On any exit: valgrind stopped, and gone (it writes its profile on its way out) before its folder is.
finish() {
  pkill -f "$work/bin/taskboard" 2>/dev/null || true
  [ -z "$runner" ] || wait "$runner" 2>/dev/null || true
  for _ in $(seq 1 50); do pgrep -f "$work/bin/taskboard" >/dev/null || break; sleep 0.1; done
  rm -rf "$work"
}
trap finish EXIT
if [ -n "$data" ]; then
  cp -a "$data" "$work/data"
else
  "$binary" demo --data-dir "$work/data" >/dev/null
fi
# valgrind 3.19 cannot read the DWARF 5 that Swift writes: a copy without
# it, beside the assets as an installed kiosk has them (share/taskboard).
mkdir -p "$work/bin" "$work/share"
objcopy --strip-debug "$binary" "$work/bin/taskboard"
cp -r assets "$work/share/taskboard"
# The profile is dumped when the first frame is out, before the marks are read.
first_after_frame='$s9TaskBoard7DaycareC13finishOpeningyyKF'
TERM=xterm-256color TASKBOARD_DATA_DIR=$work/data \
  script -qc "env -u TASKBOARD_ASSETS valgrind --tool=callgrind --callgrind-out-file=$work/profile \
    --dump-before='$first_after_frame' --demangle=no --compress-strings=no --compress-pos=no \
    $work/bin/taskboard" /dev/null >"$work/screen" 2>&1 &
runner=$!
# Done when the dump's last line is written.
for _ in $(seq 240); do
  grep -q '^totals:' "$work/profile.1" 2>/dev/null && break
  sleep 0.5
done
grep -q '^totals:' "$work/profile.1" 2>/dev/null || {
  echo "no profile: the kiosk did not reach $first_after_frame (renamed?)" >&2
  cat "$work/screen" >&2
  exit 1
}
# The functions of the binary itself (callgrind lists them by object, not in order).
python3 - "$work/profile.1" "$work/bin/taskboard" >"$work/order" <<'PY'
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
count=$(wc -l <"$work/order")
[ "$count" -gt 100 ] || { echo "only $count functions found in the profile" >&2; exit 1; }
mv "$work/order" Linking/first-frame.order
echo "$count functions in Linking/first-frame.order (SwiftPM does not see it change: delete .build/release/taskboard to link it again)"
