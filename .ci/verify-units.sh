#!/usr/bin/env bash
# Checks what docs/kiosk.md installs from assets/systemd/ and assets/kiosk/,
# with the tools this machine has:
# - the systemd units, with `systemd-analyze verify` (package: systemd), each
#   drop-in (assets/systemd/UNIT.d/*.conf) on its own with its unit;
# - the console keymap, with `loadkeys` (package: kbd) and, to prove it
#   leaves no console switching or Ctrl-Alt-Del, `ckbcomp` (console-setup);
# - the graphical kiosk's start script, with `sh -n` and `shellcheck`.
# A missing tool is reported and its check skipped; a problem exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."

units=(assets/systemd/*.service assets/systemd/*.timer)
shopt -s nullglob
dropins=(assets/systemd/*.d/*.conf)
shopt -u nullglob
keymap=assets/systemd/taskboard-console.keymap
scripts=(assets/kiosk/taskboard-in-terminal)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "verify-units: $1" >&2; exit 1; }

if ! command -v systemd-analyze >/dev/null 2>&1; then
  echo "systemd-analyze not available: unit files not verified"
else
  # verify also checks that each ExecStart= program exists and is
  # executable. The units name the installed /usr/local/bin/taskboard, so
  # the copies checked here name the binary just built instead.
  bin="$PWD/.build/debug/taskboard"
  [ -x "$bin" ] || fail "$bin is missing: run swift build first"
  # The graphical kiosk's units start /usr/bin/cage (packages cage, xwayland),
  # which .ci/run installs; elsewhere a stand-in lets the rest be checked.
  cage=/usr/bin/cage
  if [ ! -x "$cage" ]; then
    echo "verify-units: $cage is not installed: the graphical units are verified with /bin/true in its place"
    cage=/bin/true
  fi
  copy() { sed -e "s#/usr/local/bin/taskboard#$bin#g" -e "s#/usr/bin/cage #$cage #g" "$1" >"$2"; }
  mkdir "$work/units"
  for unit in "${units[@]}"; do
    copy "$unit" "$work/units/${unit##*/}"
  done
  # Without --recursive-errors, verify exits 0 even after an unknown key or
  # an unparsable value; "no" fails on a problem in our units, and not on
  # one in the system's units they refer to (getty@.service, ...).
  if ! (cd "$work/units" && systemd-analyze verify --recursive-errors=no --man=no "${units[@]##*/}"); then
    fail "systemd-analyze verify found a problem in assets/systemd (see above)"
  fi
  # A drop-in is read from UNIT.d/ beside the unit: each is checked with its
  # unit alone, so that the unit is verified both with and without it.
  for dropin in "${dropins[@]}"; do
    dir=${dropin%/*}; unit=${dir##*/}; unit=${unit%.d}
    rm -rf "$work/dropin"; mkdir -p "$work/dropin/$unit.d"
    copy "assets/systemd/$unit" "$work/dropin/$unit"
    copy "$dropin" "$work/dropin/$unit.d/${dropin##*/}"
    if ! (cd "$work/dropin" && systemd-analyze verify --recursive-errors=no --man=no "$unit"); then
      fail "systemd-analyze verify found a problem in $dropin (see above)"
    fi
  done
  echo "verify-units: ${#units[@]} unit files and ${#dropins[@]} drop-in(s) verified ($(systemd-analyze --version | head -n 1))"
fi

for script in "${scripts[@]}"; do
  sh -n "$script" || fail "$script: sh -n found a syntax error"
  [ -x "$script" ] || fail "$script is not executable (the units run it directly)"
  if command -v shellcheck >/dev/null 2>&1; then
    shellcheck -s sh "$script" || fail "shellcheck found a problem in $script"
    echo "verify-units: $script passes sh -n and shellcheck"
  else
    echo "verify-units: $script passes sh -n (shellcheck not available)"
  fi
done

if ! command -v loadkeys >/dev/null 2>&1; then
  echo "loadkeys not available: console keymap not verified"
else
  # --mktable parses the map and prints the kernel tables as C: no console needed.
  loadkeys --mktable "$keymap" >/dev/null || fail "loadkeys cannot parse $keymap"
  if ! command -v ckbcomp >/dev/null 2>&1; then
    echo "verify-units: $keymap parses (ckbcomp not available: lockdown not checked)"
  else
    # The keymap as console-setup builds it: a layout with our lines appended.
    # No key may then switch consoles (action type 0xf5nn), or do one of
    # these (0xf2nn): dump kernel state (02-04), go to the last console
    # (06), pause the output (09, Scroll Lock), scroll back (0a, 0b), boot
    # (0c, Ctrl-Alt-Del), SAK (0f), step or spawn consoles (10-12).
    { ckbcomp us 2>/dev/null; cat "$keymap"; } >"$work/merged.kmap"
    loadkeys --mktable "$work/merged.kmap" >"$work/merged.c" || fail "loadkeys cannot parse the layout with $keymap"
    left=$(grep -oiE '0xf5[0-9a-f]{2}|0xf20[23469abcf]|0xf21[012]' "$work/merged.c" | sort | uniq -c || true)
    [ -z "$left" ] || fail "$keymap leaves these kernel key actions (count, code): $left"
    echo "verify-units: $keymap parses and leaves no key that switches consoles, reboots, pauses or dumps kernel state"
  fi
fi
