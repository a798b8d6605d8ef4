#!/usr/bin/env bash
# End to end on a shared database (run it through .ci/with-postgres.sh): two
# real kiosks in tmux, the hall's at 80x24 and the kitchen's at 50x16, on the
# demo daycare copied into a database of their own. A tick from the command
# line and one from the hall show on the kitchen's screen; then the server is
# stopped: the hall says it is offline, still ticks, and sends the tick once
# when the server is started again; the kitchen's kiosk, restarted meanwhile,
# starts offline from what it last had. Each kiosk holds at most two
# connections, and `taskboard rooms` lists both, the hall with its offline
# tick waiting until it is sent. Then each kiosk gets a login of its own
# (issue 43) and the hall's is revoked: its sessions go within a second, its
# screen says why, its held tick stays on its disk; the kitchen ticks on.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${TASKBOARD_TEST_DATABASE_URL:?run it through .ci/with-postgres.sh}"
bin=.build/debug/taskboard
root=$(mktemp -d)
hall="taskboard-rooms-hall-$$"
kitchen="taskboard-rooms-kitchen-$$"
# A tmux server of this script's own, kept up by a session that outlives
# the kiosks': the CI steps run side by side, and a new session could reach
# a server leaving after another script killed its last session.
tmux_socket=$(mktemp -u "${TMPDIR:-/tmp}/taskboard-tmux-XXXXXX")
tmux() { command tmux -S "$tmux_socket" "$@"; }
trap 'tmux kill-session -t "$hall" 2>/dev/null || true; tmux kill-session -t "$kitchen" 2>/dev/null || true; for _ in $(seq 1 100); do pgrep -f -- "$root" >/dev/null || break; sleep 0.1; done; rm -rf "$root"; tmux kill-server 2>/dev/null || true; rm -f "$tmux_socket"' EXIT
tmux new-session -d -s keeper "sleep 86400"

export TASKBOARD_DATABASE_PASSWORD_FILE=$TASKBOARD_TEST_DATABASE_PASSWORD_FILE
sql() { PGPASSWORD=$(cat "$TASKBOARD_DATABASE_PASSWORD_FILE") psql "$1" -qtAc "$2"; }
database="rooms_$$"
sql "$TASKBOARD_TEST_DATABASE_URL" "CREATE DATABASE $database"
url="${TASKBOARD_TEST_DATABASE_URL%/*}/$database"

pin=$($bin demo --data-dir "$root/demo" | sed -n 's/.*Its admin PIN is \([0-9]*\)\..*/\1/p')
[ -n "$pin" ] || { echo "e2e-rooms: the demo printed no PIN" >&2; exit 1; }
$bin copy --from "$root/demo" --to "$url" >/dev/null

start() { # session, width, height, kiosk name[, database URL, password file: the owner's by default]
  tmux new-session -d -s "$1" -x "$2" -y "$3" \
    "env LANG=C.UTF-8 TERM=xterm-256color TASKBOARD_DATABASE_URL=${5:-$url} TASKBOARD_DATABASE_PASSWORD_FILE=${6:-$TASKBOARD_DATABASE_PASSWORD_FILE} TASKBOARD_KIOSK_NAME=$4 $bin --data-dir $root/$4; echo \"EXITED \$?\"; sleep 600"
}
screen() { tmux capture-pane -p -t "$1"; }
# Waits until the session's screen shows the text (up to $3 tenths of a second, default 200).
expect_on() {
  for _ in $(seq 1 "${3:-200}"); do
    if screen "$1" | grep -qF -- "$2"; then return 0; fi
    sleep 0.1
  done
  echo "e2e-rooms: $1 never showed: $2" >&2
  screen "$1" >&2
  # What the kiosks wrote in their logs, for what happened meanwhile.
  for file in "$root"/*/taskboard.log; do [ -e "$file" ] && { echo "== $file" >&2; tail -n 20 "$file" >&2; }; done
  exit 1
}
keys() { local session=$1; shift; tmux send-keys -t "$session" "$@"; sleep 0.15; }
source "$(dirname "$0")/kiosk-words.sh"

start "$hall" 80 24 Hall
start "$kitchen" 50 16 Kitchen
expect_on "$hall" "Choose your group"
expect_on "$kitchen" "Choose your group"
# The kitchen's screen shows Aino's board (Squirrels' first child; Squirrels is left unticked by the demo).
keys "$kitchen" Enter; keys "$kitchen" Enter; expect_on "$kitchen" "Aino   ○○○○  0 / 4 done today"

# A tick from the command line shows on the kitchen's screen within a second.
$bin mark --database "$url" --child Aino --task "Wash hands" --kiosk-name Office >/dev/null
expect_on "$kitchen" "Aino   ●○○○  1 / 4 done today" 10

# A grown-up logs in on the session's kiosk: the grown-up check, then the PIN.
admin_login() {
  keys "$1" BTab; expect_on "$1" "Grown-ups: type this number in digits."
  words=$(screen "$1" | grep -A1 -F "Grown-ups: type this number in digits." | tail -n 1 | sed 's/^ *//; s/ *$//')
  tmux send-keys -t "$1" -l "$(words_to_number "$words")"; keys "$1" Enter; expect_on "$1" "Admin PIN"
  # A PIN the server is slow to check (the screen waits 30 ms; CI runs three
  # end-to-end scripts at once) is refused uncounted with "try again": as a
  # person would, the grown-up types it again (the field emptied first), up
  # to three times.
  for try in 1 2 3; do
    [ "$try" = 1 ] || { keys "$1" BSpace BSpace BSpace BSpace BSpace BSpace; echo "e2e-rooms: the PIN was not checked in time; typed again"; }
    tmux send-keys -t "$1" -l "$pin"; keys "$1" Enter
    for _ in $(seq 1 30); do
      if screen "$1" | grep -qF " Mark  Boards  Groups"; then break 2; fi
      sleep 0.1
    done
    screen "$1" | grep -qF "PIN not checked" || break
  done
  expect_on "$1" " Mark  Boards  Groups"
}

# The hall logs in and ticks Aino's first task on the Mark sheet.
admin_login "$hall"
keys "$hall" Space; expect_on "$hall" "Aino: Get dressed done"
expect_on "$kitchen" "Aino   ●●○○  2 / 4 done today" 10

# Two connections a kiosk (issue 29): one that listens, one for everything else, named in pg_stat_activity.
for _ in $(seq 1 100); do
  [ "$(sql "$url" "SELECT count(*) FROM pg_stat_activity WHERE datname = '$database' AND application_name LIKE 'taskboard %listening'")" = 2 ] && break
  sleep 0.1
done
for kiosk in Hall Kitchen; do
  held=$(sql "$url" "SELECT count(*) FROM pg_stat_activity WHERE datname = '$database' AND application_name IN ('taskboard $kiosk screen', 'taskboard $kiosk listening')")
  echo "e2e-rooms: the $kiosk kiosk holds $held connections"
  [ "$held" -ge 1 ] && [ "$held" -le 2 ] || {
    echo "e2e-rooms: the $kiosk kiosk holds $held connections (at most 2)" >&2
    sql "$url" "SELECT application_name, state FROM pg_stat_activity WHERE datname = '$database'" >&2
    exit 1
  }
done
unnamed=$(sql "$url" "SELECT count(*) FROM pg_stat_activity WHERE datname = '$database' AND application_name = ''")
[ "$unnamed" = 0 ] || { echo "e2e-rooms: $unnamed connections without a kiosk's name" >&2; exit 1; }
# Both kiosks report themselves: taskboard rooms lists them online.
rooms() { $bin rooms --database "$url" "$@"; }
# The kiosk's state in `taskboard rooms --json`: "state waiting".
reported() {
  rooms --json | python3 -c 'import json, sys
kiosks = {k["name"]: k for k in json.load(sys.stdin)["kiosks"]}
k = kiosks.get(sys.argv[1])
print(k["state"], k["waiting"]) if k else print("absent")' "$1"
}
for _ in $(seq 1 100); do [ "$(reported Hall)" = "online 0" ] && [ "$(reported Kitchen)" = "online 0" ] && break; sleep 0.1; done
[ "$(reported Hall)" = "online 0" ] && [ "$(reported Kitchen)" = "online 0" ] || { echo "e2e-rooms: taskboard rooms does not list both kiosks online" >&2; rooms >&2; exit 1; }
rooms

# New ticks are held back on the server until the end (a trigger: the test's user is a superuser, whom no privilege stops),
# so that the hall's offline tick stays in its outbox after it is back, and taskboard rooms says so.
sql "$url" "CREATE TABLE held (why text); INSERT INTO held VALUES ('the e2e test holds new ticks back')"
sql "$url" "CREATE FUNCTION hold_ticks() RETURNS trigger LANGUAGE plpgsql AS \$\$ BEGIN IF EXISTS (SELECT 1 FROM held) THEN RAISE EXCEPTION 'new ticks are held back by the e2e test'; END IF; RETURN NEW; END \$\$"
sql "$url" "CREATE TRIGGER hold_ticks BEFORE INSERT ON mark_events FOR EACH ROW EXECUTE FUNCTION hold_ticks()"

# The server stops: the hall says so and keeps ticking.
owner=()
[ "$(id -u)" = 0 ] && owner=(runuser -u nobody -- env -C /tmp)
"${owner[@]}" "$TASKBOARD_TEST_POSTGRES_BIN/pg_ctl" -D "$TASKBOARD_TEST_POSTGRES_DATA" -m immediate -w stop >/dev/null
expect_on "$hall" "Offline since" 100
keys "$hall" Down; keys "$hall" Right; keys "$hall" Space; expect_on "$hall" "Eero: Brush teeth done"
expect_on "$hall" "1 change waiting" 200
[ -s "$root/Hall/database/outbox.jsonl" ] || { echo "e2e-rooms: the offline tick is not in the outbox" >&2; exit 1; }
# The kitchen's kiosk restarts while the server is down: it starts from what it last had.
tmux kill-session -t "$kitchen"
start "$kitchen" 50 16 Kitchen
expect_on "$kitchen" "Choose your group"
expect_on "$kitchen" "Offline since" 100

# Back again: the outbox is sent, once, and the notice goes.
port=${TASKBOARD_TEST_DATABASE_URL##*:}; port=${port%%/*}
"${owner[@]}" "$TASKBOARD_TEST_POSTGRES_BIN/pg_ctl" -D "$TASKBOARD_TEST_POSTGRES_DATA" -l "$TASKBOARD_TEST_POSTGRES_DATA/../server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $(dirname "$TASKBOARD_TEST_POSTGRES_DATA") -c max_connections=200" start >/dev/null
# Back, the hall reports the tick it has not sent yet; then the server takes ticks again.
for _ in $(seq 1 300); do [ "$(reported Hall)" = "catching-up 1" ] && break; sleep 0.1; done
[ "$(reported Hall)" = "catching-up 1" ] || { echo "e2e-rooms: taskboard rooms never showed the hall's waiting tick" >&2; rooms >&2; exit 1; }
rooms | grep -E '^Hall +back, sending changes kept since [0-9:]+ +1 ' >/dev/null || { echo "e2e-rooms: the table does not show the hall's waiting tick" >&2; rooms >&2; exit 1; }
rooms
[ -s "$root/Hall/database/outbox.jsonl" ] || { echo "e2e-rooms: the held tick left the outbox" >&2; exit 1; }
sql "$url" "DELETE FROM held"
for _ in $(seq 1 300); do [ -s "$root/Hall/database/outbox.jsonl" ] || break; sleep 0.1; done
[ -s "$root/Hall/database/outbox.jsonl" ] && { echo "e2e-rooms: the outbox was not sent within 30 s of the ticks' release" >&2; exit 1; }
for _ in $(seq 1 100); do [ "$(reported Hall)" = "online 0" ] && break; sleep 0.1; done
[ "$(reported Hall)" = "online 0" ] || { echo "e2e-rooms: taskboard rooms still shows the hall's tick waiting" >&2; rooms >&2; exit 1; }
for _ in $(seq 1 100); do [ "$(reported Kitchen)" = "online 0" ] && break; sleep 0.1; done
[ "$(reported Kitchen)" = "online 0" ] || { echo "e2e-rooms: the restarted kitchen is not online in taskboard rooms" >&2; rooms >&2; exit 1; }
rooms
sent=$(sql "$url" "SELECT count(*) FROM mark_events e JOIN children c ON c.id = e.child_id WHERE c.name = 'Eero' AND e.kiosk = 'Hall'")
[ "$sent" = 1 ] || { echo "e2e-rooms: the offline tick reached the database $sent times" >&2; exit 1; }
for _ in $(seq 1 100); do screen "$hall" | grep -qF "Offline since" || break; sleep 0.1; done
screen "$hall" | grep -qF "Offline since" && { echo "e2e-rooms: the hall still says it is offline" >&2; screen "$hall" >&2; exit 1; }
screen "$hall" | grep -q "EXITED" && { echo "e2e-rooms: the hall's kiosk stopped" >&2; exit 1; }
screen "$kitchen" | grep -q "EXITED" && { echo "e2e-rooms: the kitchen's kiosk stopped" >&2; exit 1; }

# Issue 43: each kiosk on a login of its own; then the hall is revoked.
for kiosk in Hall Kitchen; do
  $bin rooms add "$kiosk" --password-file "$root/$kiosk.password" --database "$url" > "$root/$kiosk.added"
  cat "$root/$kiosk.added"
  [ "$(stat -c %a "$root/$kiosk.password")" = 600 ] || { echo "e2e-rooms: $kiosk's password file is not the owner's only" >&2; exit 1; }
  grep -qF "$(head -n 1 "$root/$kiosk.password")" "$root/$kiosk.added" && { echo "e2e-rooms: rooms add printed the password" >&2; exit 1; }
done
hall_url=$(sed -n 's/^ *Environment=TASKBOARD_DATABASE_URL=//p' "$root/Hall.added")
kitchen_url=$(sed -n 's/^ *Environment=TASKBOARD_DATABASE_URL=//p' "$root/Kitchen.added")
hall_login=$(sed -n 's|^postgres://\([^@]*\)@.*|\1|p' <<< "$hall_url")
[ -n "$hall_login" ] && [ -n "$kitchen_url" ] || { echo "e2e-rooms: rooms add printed no URL" >&2; exit 1; }
# The test's ticks-held trigger reads a table a kiosk's login may not: the hall's ticks alone are held from here, by the table's owner.
sql "$url" "DROP TRIGGER hold_ticks ON mark_events"
sql "$url" "CREATE FUNCTION hold_hall() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS \$\$ BEGIN IF NEW.kiosk = 'Hall' AND EXISTS (SELECT 1 FROM held) THEN RAISE EXCEPTION 'the hall''s ticks are held back by the e2e test'; END IF; RETURN NEW; END \$\$"
sql "$url" "CREATE TRIGGER hold_hall BEFORE INSERT ON mark_events FOR EACH ROW EXECUTE FUNCTION hold_hall()"
tmux kill-session -t "$hall"; tmux kill-session -t "$kitchen"
for _ in $(seq 1 100); do pgrep -f -- "--data-dir $root/" >/dev/null || break; sleep 0.1; done
start "$hall" 80 24 Hall "$hall_url" "$root/Hall.password"
start "$kitchen" 50 16 Kitchen "$kitchen_url" "$root/Kitchen.password"
expect_on "$hall" "Choose your group"
expect_on "$kitchen" "Choose your group"
for _ in $(seq 1 100); do [ "$(sql "$url" "SELECT count(*) FROM pg_stat_activity WHERE usename = '$hall_login'")" = 2 ] && break; sleep 0.1; done
echo "e2e-rooms: the hall holds $(sql "$url" "SELECT count(*) FROM pg_stat_activity WHERE usename = '$hall_login'") connections on its own login"
keys "$kitchen" Enter; keys "$kitchen" Enter; expect_on "$kitchen" "Aino   ●●○○  2 / 4 done today"

# The hall ticks; the server holds it back, so it waits on the hall's disk.
sql "$url" "INSERT INTO held VALUES ('the hall')"
admin_login "$hall"
keys "$hall" Right; keys "$hall" Right; keys "$hall" Space
for _ in $(seq 1 100); do [ -s "$root/Hall/database/outbox.jsonl" ] && break; sleep 0.1; done
[ -s "$root/Hall/database/outbox.jsonl" ] || { echo "e2e-rooms: the hall's held tick is not in its outbox" >&2; screen "$hall" >&2; exit 1; }
cp "$root/Hall/database/outbox.jsonl" "$root/hall-outbox-before"
# Its report says the tick waits (it reports before each try to send).
for _ in $(seq 1 100); do [ "$(reported Hall)" = "catching-up 1" ] && break; sleep 0.1; done
[ "$(reported Hall)" = "catching-up 1" ] || { echo "e2e-rooms: the hall never reported its held tick" >&2; rooms >&2; exit 1; }

# Revoked: its sessions are gone within a second, and its screen says why.
started=$(date +%s%N)
$bin rooms revoke Hall --database "$url"
for _ in $(seq 1 100); do [ "$(sql "$url" "SELECT count(*) FROM pg_stat_activity WHERE usename = '$hall_login'")" = 0 ] && break; sleep 0.01; done
gone=$(( ($(date +%s%N) - started) / 1000000 ))
left=$(sql "$url" "SELECT count(*) FROM pg_stat_activity WHERE usename = '$hall_login'")
echo "e2e-rooms: the revoked hall's sessions were gone after $gone ms ($left left)"
[ "$left" = 0 ] && [ "$gone" -lt 1000 ] || { echo "e2e-rooms: the revoked hall's sessions were not gone within a second" >&2; exit 1; }
expect_on "$hall" "This kiosk was removed from the daycare's database" 100
expect_on "$hall" "1 change made here is kept on this kiosk."
screen "$hall" | grep -qF "Aino" && { echo "e2e-rooms: the removed hall still shows the board" >&2; screen "$hall" >&2; exit 1; }
cmp -s "$root/Hall/database/outbox.jsonl" "$root/hall-outbox-before" || { echo "e2e-rooms: the revoked hall's outbox changed" >&2; exit 1; }
# It does not knock again and again: no session of its login for the next few seconds.
for _ in $(seq 1 30); do
  [ "$(sql "$url" "SELECT count(*) FROM pg_stat_activity WHERE usename = '$hall_login'")" = 0 ] || { echo "e2e-rooms: the revoked hall connected again" >&2; exit 1; }
  sleep 0.1
done

# The kitchen ticks on, on its own login; a command on that login is signed with its name too.
$bin mark --database "$kitchen_url" --database-password-file "$root/Kitchen.password" --child Aino --task "Brush teeth" --kiosk-name Office >/dev/null
expect_on "$kitchen" "3 / 4 done today" 20
[ "$(sql "$url" "SELECT kiosk FROM mark_events ORDER BY seq DESC LIMIT 1")" = Kitchen ] || { echo "e2e-rooms: the kitchen's tick is not signed Kitchen" >&2; exit 1; }
rooms
rooms | grep -E '^Hall +revoked [0-9:.]+ +1 ' >/dev/null || { echo "e2e-rooms: taskboard rooms does not show the hall revoked with its tick" >&2; exit 1; }
rooms | grep -E "^Kitchen +online .* ${hall_login%_hall}_kitchen " >/dev/null || { echo "e2e-rooms: taskboard rooms does not show the kitchen online on its login" >&2; exit 1; }
screen "$hall" | grep -q "EXITED" && { echo "e2e-rooms: the revoked hall's kiosk stopped" >&2; exit 1; }
screen "$kitchen" | grep -q "EXITED" && { echo "e2e-rooms: the kitchen's kiosk stopped" >&2; exit 1; }

echo "e2e-rooms: two kiosks on one database, two connections each: ticks shared, offline and back, nothing lost or doubled, every kiosk listed;"
echo "e2e-rooms: on logins of their own, the hall revoked (its sessions gone in $gone ms, its screen saying why, its tick kept) and the kitchen ticking on"
