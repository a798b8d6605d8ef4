#!/usr/bin/env bash
# The graphical kiosk, for real: cage (headless, pixman, as an unprivileged
# user) runs foot with assets/kiosk/foot.ini, foot shows taskboard on the demo
# data. The kiosk runs in a tmux session that foot attaches to, so that the
# script can drive it with send-keys and read its text. It takes screenshots
# of the child's board, the leaderboard and the Mark sheet with grim into
# docs/screenshots/ (the README shows them), and fails when one is blank,
# when the avatars are not drawn in colour, when the background is not the
# theme's blue, when a text colour as drawn (every style on each screen, and
# all eight children's colours on the leaderboard) has a contrast under
# 4.5:1 with the background drawn behind it, or when the CJK of a child's
# name (Mio 美羽) is drawn as boxes.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out="$root/docs/screenshots"
mkdir -p "$out"
work=$(mktemp -d /tmp/taskboard-shots.XXXXXX)
chmod 755 "$work"
# The unprivileged user may not see into the repository: it gets copies.
cp "$root/.build/debug/taskboard" "$work/taskboard"
cp -r "$root/assets" "$work/assets"
chmod -R a+rX "$work"
bin="$work/taskboard"
user=${SHOTS_USER:-nobody}
# (From its own folder: the repository may be one it cannot enter, such as
# CI's copy under root's home.)
as_user() { if [ "$(id -u)" = 0 ]; then runuser -u "$user" -- env -C "$work" "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown "$user" "$work"
socket="$work/tmux"
# tmux runs a pane's command with $SHELL, else the user's login shell, and
# nobody's is nologin: the pane would die at once. Without a UTF-8 locale
# tmux draws every emoji and accented letter as "_".
tm() { as_user env SHELL=/bin/sh LANG=C.UTF-8 tmux -S "$socket" "$@"; }
cleanup() {
  tm kill-server 2>/dev/null || true
  [ -n "${cage_pid:-}" ] && kill "$cage_pid" 2>/dev/null || true
  sleep 0.3
  rm -rf "$work"
}
trap cleanup EXIT

pin=$(as_user env LANG=C.UTF-8 "$bin" demo --data-dir "$work/data" | sed -n 's/.*admin PIN is \([0-9]*\).*/\1/p')
as_user mkdir -m 700 "$work/xdg"
# cage 0.1.4 starts Xwayland, which wants /tmp/.X11-unix sticky and root's.
if [ "$(id -u)" = 0 ]; then mkdir -p /tmp/.X11-unix; chown root:root /tmp/.X11-unix; chmod 1777 /tmp/.X11-unix; fi
tm -f /dev/null new-session -d -s kiosk -x 80 -y 24 "env LANG=C.UTF-8 TASKBOARD_ASSETS=$work/assets $bin --pictures --data-dir $work/data"
tm set -g status off
tm set -g window-size latest
as_user env LANG=C.UTF-8 SHELL=/bin/sh XDG_RUNTIME_DIR="$work/xdg" HOME="$work" WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 \
  cage -- foot -c "$work/assets/kiosk/foot.ini" tmux -S "$socket" attach -t kiosk > "$work/cage.log" 2>&1 &
cage_pid=$!
# cage names its socket once it is up.
for _ in $(seq 1 100); do [ -S "$work/xdg/wayland-0" ] && break; sleep 0.1; done
[ -S "$work/xdg/wayland-0" ] || { echo "screenshots: cage did not start:" >&2; cat "$work/cage.log" >&2; exit 1; }

screen() { tm capture-pane -p -t kiosk; }
expect_text() {
  for _ in $(seq 1 100); do
    [[ "$(screen)" == *"$1"* ]] && return 0
    sleep 0.1
  done
  echo "screenshots: the kiosk never showed: $1" >&2; screen >&2; tail -5 "$work/cage.log" >&2; exit 1
}
keys() { tm send-keys -t kiosk "$@"; sleep 0.3; }
# words_to_number: the grown-up check's number words to digits.
source "$root/.ci/kiosk-words.sh"

# A screenshot as PNG (for docs/) and as PPM, with tmux's cells (each one's
# character and colours) at the same moment, for the checks: $2 is text on
# the screen with an avatar left of it; further arguments go to the checker.
shoot() {
  local name=$1 anchor=$2
  shift 2
  sleep 0.5
  as_user env XDG_RUNTIME_DIR="$work/xdg" WAYLAND_DISPLAY=wayland-0 grim -t ppm "$work/$name.ppm"
  tm capture-pane -e -p -t kiosk > "$work/$name.cells"
  as_user env XDG_RUNTIME_DIR="$work/xdg" WAYLAND_DISPLAY=wayland-0 grim "$work/$name.png"
  # The leaderboard's further pages are for the checks only.
  [[ $name == *-page* ]] || cp "$work/$name.png" "$out/$name.png"
  local size
  size=$(tm display -p -t kiosk '#{window_width} #{window_height}')
  python3 "$root/.ci/check-screenshot.py" "$work/$name.ppm" "$work/$name.cells" $size "$name" "$anchor" "$@"
}

expect_text "Choose your group"
# foot attaches to tmux and draws its first frame on its own time (seconds on
# a loaded machine): the shots wait until it has drawn something.
drawn() {
  as_user env XDG_RUNTIME_DIR="$work/xdg" WAYLAND_DISPLAY=wayland-0 grim -t ppm "$work/first.ppm" 2>/dev/null || return 1
  python3 - "$work/first.ppm" <<'PY'
import re, sys
data = open(sys.argv[1], "rb").read()
header = re.match(rb"P6\s+\d+\s+\d+\s+\d+\s", data)  # grim writes no comments
pixels = data[header.end():]
colours = {pixels[i:i + 3] for i in range(0, len(pixels) - 2, 3 * 7)}
sys.exit(0 if len(colours) >= 16 else 1)
PY
}
for _ in $(seq 1 200); do [ -n "$(tm list-clients -t kiosk)" ] && drawn && break; sleep 0.1; done
drawn || { echo "screenshots: foot never drew the kiosk" >&2; tail -5 "$work/cage.log" >&2; exit 1; }
keys Enter; expect_text "Aino"
# Who are you? by touch: each child a tile two rows high, back and ▼ as buttons.
shoot choose-child "Aino"
keys Enter; expect_text "done today"
# The graphical kiosk's board: done and not done, and today's progress, as pictures.
shoot board "Aino" --pictures "✅⬜🟩"
keys Tab; expect_text "Leaderboard"
sleep 0.3
# All the groups' children, one of each of the eight children's colours
# among them, and Mio 美羽, whose name needs the CJK font. Its rows are
# tiles a finger hits, so it is shot a page at a time (↓ a page's children),
# each page's first name the anchor; the colours add up over the pages.
page=1; cjk=no
while :; do
  anchor=$(screen | grep -m1 -oE '[0-9]+\. +[^ ]+ +[^ ]+' | awk '{print $3}' | head -n 1 || true)
  [ -n "$anchor" ] || { echo "screenshots: no ranked row on the leaderboard" >&2; screen >&2; exit 1; }
  more=no; [[ "$(screen)" == *"▼"* ]] && more=yes
  checks=(--child-colours-seen "$work/child-colours")
  [ $more = no ] && checks+=(--child-colours)
  if [[ "$(screen)" == *"美羽"* ]]; then checks+=(--glyphs "美羽"); cjk=yes; fi
  if [ $page = 1 ]; then shoot leaderboard "$anchor" "${checks[@]}"; else shoot "leaderboard-page$page" "$anchor" "${checks[@]}"; fi
  [ $more = yes ] || break
  [ $page -lt 8 ] || { echo "screenshots: the leaderboard has more than 8 pages" >&2; exit 1; }
  # ↓ scrolls a child: as many as the page shows.
  shown=$(screen | grep -cE '[0-9]+\. ' || true)
  keys $(printf 'Down %.0s' $(seq 1 "$shown")); page=$((page + 1))
done
[ $cjk = yes ] || { echo "screenshots: Mio 美羽 was on no page of the leaderboard" >&2; exit 1; }
# Past the Today tab (the room's day) to Admin.
keys Tab Tab; expect_text "Grown-ups: type this number in digits."
words=$(screen | grep -A1 -F "Grown-ups: type this number in digits." | tail -n 1 | sed 's/^ *//; s/ *$//')
tm send-keys -t kiosk -l "$(words_to_number "$words")"; keys Enter
expect_text "Admin PIN"
tm send-keys -t kiosk -l "$pin"; keys Enter
expect_text " Mark "
shoot mark-sheet "Aino"
# Aino's whole board ticked (the demo leaves Squirrels' for the one trying it
# out): the banner celebrates her, and her group's goal if it is reached.
for _ in 1 2 3 4; do keys Space; keys Right; done
expect_text "Hooray"
shoot celebration "Aino"
echo "screenshots: the children as tiles, board, leaderboard, Mark sheet and a celebration drawn in colour on the theme's blue, every text colour at 4.5:1 or more, CJK with its glyphs, the board's marks as pictures: $out"
