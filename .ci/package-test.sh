#!/bin/bash
# Issue 42: the Debian packages built (packaging/build-deb), checked by
# lintian, and installed into a fresh Debian 12 root as a new machine would:
# the program runs there, its user, folder and units exist and systemd
# accepts the units, an upgrade keeps a data directory byte for byte, and
# removing the kiosk package takes what it added away. Prints the packages'
# sizes and the time from `apt-get install` to a program that runs.
#
# The fresh root is made with debootstrap once (.ci/debian-root.sh) and
# kept as a tarball in the CI cache, with the kiosk's dependencies already
# fetched (not installed), so a later run neither waits for nor depends on
# Debian's servers.
#
#   .ci/package-test.sh              build the release binary, then test
#   .ci/package-test.sh --no-build   test the release build there is
# Run as root (debootstrap, chroot).
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "package-test: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "needs root (debootstrap and chroot)"

packages=$(packaging/build-deb "$@")
base=$(echo "$packages" | grep '/taskboard_')
kiosk=$(echo "$packages" | grep '/taskboard-kiosk_')
version=$(dpkg-deb -f "$base" Version)
echo "package-test: $(du -k "$base" | cut -f1) kB $(basename "$base"), $(du -k "$kiosk" | cut -f1) kB $(basename "$kiosk")"

# lintian: no errors (warnings are printed, and read).
lintian --fail-on error --tag-display-limit 0 "$base" "$kiosk" || fail "lintian found errors"

cache=${TASKBOARD_CI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/taskboard-ci}
# The root is kept per set of dependencies: a package that needs something new makes a new one.
needs=$(for deb in "$base" "$kiosk"; do dpkg-deb -f "$deb" Depends Recommends; done | sha256sum | cut -c1-12)
tarball=$cache/debian12-root-$needs.tar
work=$(mktemp -d /var/tmp/taskboard-package-test-XXXXXX)
root=$work/root
cleanup() {
    for mount in "$root/proc" "$root/dev"; do mountpoint -q "$mount" && umount -l "$mount"; done
    rm -rf "$work"
}
trap cleanup EXIT
# Without a cache the root is made for this run only.
[ "$cache" != none ] || { cache=$work/cache; tarball=$cache/debian12-root-$needs.tar; }

if [ ! -e "$tarball" ]; then
    echo "package-test: the fresh Debian 12 root with these dependencies fetched (once for them; kept in $tarball)"
    rm -f "$cache"/debian12-root-*.tar "$cache"/debian12-root-*.tar.part
    # The bare root (.ci/run began making it before the builds; made here if it did not).
    bare=$(.ci/debian-root.sh "$cache")
    mkdir -p "$root"
    tar -C "$root" -xf "$bare"
    # What both packages need and recommend, fetched (not installed) for the offline installs below.
    cp "$base" "$kiosk" "$root/tmp/"
    chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get -qq install --download-only "/tmp/$(basename "$base")" "/tmp/$(basename "$kiosk")" >/dev/null
    rm -f "$root/tmp/"*.deb
    mkdir -p "$cache"
    tar -C "$root" -cf "$tarball.part" . && mv "$tarball.part" "$tarball"
else
    mkdir -p "$root"
    tar -C "$root" -xf "$tarball"
fi
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }
cp "$base" "$kiosk" "$root/tmp/"
base_in=/tmp/$(basename "$base") kiosk_in=/tmp/$(basename "$kiosk")

# The previous version first (this package with a lower version), with a
# daycare in its data directory; then this one over it.
previous=$work/previous
dpkg-deb -R "$base" "$previous"
sed -i "s/^Version: .*/Version: $version~previous/" "$previous/DEBIAN/control"
previous_in=/tmp/taskboard_${version}~previous_$(dpkg-deb -f "$base" Architecture).deb
dpkg-deb --root-owner-group -Zxz --build "$previous" "$root$previous_in" >/dev/null
started=$(date +%s%N)
in_root apt-get -qq install "$previous_in" >/dev/null || fail "apt-get install of the package failed"
[ "$(in_root taskboard --version)" = "$version" ] || fail "taskboard --version is not $version"
installed=$((($(date +%s%N) - started) / 1000000))
echo "package-test: apt-get install to a program that runs: ${installed} ms"

getent_user=$(in_root getent passwd taskboard) || fail "no user taskboard"
[ "$(echo "$getent_user" | cut -d: -f6)" = /var/lib/taskboard ] || fail "taskboard's home is not /var/lib/taskboard: $getent_user"
owner=$(chroot "$root" stat -c '%U %a' /var/lib/taskboard) && [ "$owner" = "taskboard 700" ] || fail "/var/lib/taskboard is not taskboard's with mode 0700: ${owner:-missing}"
for unit in taskboard.service taskboard-graphical.service taskboard-backup.service taskboard-backup.timer; do
    [ -e "$root/lib/systemd/system/$unit" ] || fail "no $unit"
    [ ! -e "$root/etc/systemd/system/multi-user.target.wants/$unit" ] || fail "$unit is enabled by the program's package"
done
# The texts found without TASKBOARD_ASSETS; a demo written and printed as the kiosk's user.
in_root runuser -u taskboard -- taskboard demo --data-dir /var/lib/taskboard/demo >/dev/null || fail "taskboard demo failed"
# Not `… | grep -q`: under pipefail, grep leaving at the first match fails
# the writer (SIGPIPE) once the text outgrows the pipe's buffer.
board=$(in_root runuser -u taskboard -- taskboard print board --child Aino --data-dir /var/lib/taskboard/demo) || fail "taskboard print board failed"
grep -q Aino <<<"$board" || fail "taskboard print board failed"
manual=$(zcat "$root/usr/share/man/man1/taskboard.1.gz")
grep -q "^.SS taskboard voice" <<<"$manual" || fail "the man page lacks the subcommands"
before=$(cd "$root/var/lib/taskboard" && find . -type f -print0 | sort -z | xargs -0 sha256sum)

in_root apt-get -qq install "$base_in" >/dev/null || fail "the upgrade failed"
after=$(cd "$root/var/lib/taskboard" && find . -type f -print0 | sort -z | xargs -0 sha256sum)
[ "$before" = "$after" ] || fail "the upgrade changed the data directory"
# shellcheck disable=SC2016 # dpkg-query's own ${Version}
[ "$(in_root dpkg-query -W -f '${Version}' taskboard)" = "$version" ] || fail "the upgrade did not install $version"

# The units as systemd reads them, in the root (the root's own systemd-analyze).
verify() {
    local said
    said=$(in_root systemd-analyze verify "$@" 2>&1) || fail "systemd-analyze verify refused $*: $said"
    [ -z "$said" ] || echo "package-test: systemd-analyze verify $*: $said"
}
verify taskboard.service taskboard-backup.service taskboard-backup.timer

# The kiosk package: its dependencies from the fetched files, then its drop-ins.
in_root apt-get -qq install "$kiosk_in" >/dev/null || fail "apt-get install of the kiosk package failed"
dropins="usr/lib/systemd/logind.conf.d/taskboard-kiosk.conf usr/lib/systemd/system.conf.d/taskboard-kiosk.conf usr/lib/sysctl.d/99-taskboard-kiosk.conf etc/taskboard/foot.ini lib/systemd/system/taskboard-console-keys.service"
for file in $dropins; do [ -e "$root/$file" ] || fail "the kiosk package did not install /$file"; done
for unit in taskboard-graphical.service taskboard-console-keys.service; do
    [ -L "$root/etc/systemd/system/multi-user.target.wants/$unit" ] || fail "$unit is not enabled"
done
[ -L "$root/etc/systemd/system/timers.target.wants/taskboard-backup.timer" ] || fail "the daily backup is not enabled"
verify taskboard-graphical.service taskboard-console-keys.service
[ "$(readlink "$root/etc/systemd/system/ctrl-alt-del.target")" = /dev/null ] || fail "ctrl-alt-del.target is not masked"

in_root apt-get -qq purge taskboard-kiosk >/dev/null || fail "purging the kiosk package failed"
for file in $dropins etc/systemd/system/multi-user.target.wants/taskboard-graphical.service etc/systemd/system/multi-user.target.wants/taskboard-console-keys.service \
    etc/systemd/system/timers.target.wants/taskboard-backup.timer etc/systemd/system/ctrl-alt-del.target; do
    [ ! -e "$root/$file" ] && [ ! -L "$root/$file" ] || fail "purging the kiosk package left /$file"
done
# Removing the program keeps the data.
in_root apt-get -qq purge taskboard >/dev/null 2>&1 || fail "purging taskboard failed"
after=$(cd "$root/var/lib/taskboard" && find . -type f -print0 | sort -z | xargs -0 sha256sum)
[ "$before" = "$after" ] || fail "purging taskboard changed the data directory"
echo "package-test: passed ($(basename "$base"), $(basename "$kiosk"))"
