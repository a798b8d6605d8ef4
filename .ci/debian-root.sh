#!/bin/bash
# A fresh Debian 12 root for .ci/package-test.sh, made with debootstrap and
# kept as a tarball in the CI cache: what every run's packages are
# installed into. Its making waits mostly on Debian's servers, so .ci/run
# starts it in the background before the builds (a first run from nothing
# is then not kept waiting for it); package-test.sh calls it again, which
# waits for the one under way (a lock) or makes it where none was started.
# Prints the tarball's path.
#
#   .ci/debian-root.sh CACHE     (as root: debootstrap and chroot)
set -euo pipefail
cache=$1
[ "$(id -u)" = 0 ] || { echo "debian-root: needs root (debootstrap and chroot)" >&2; exit 1; }
suite=bookworm
include=systemd,systemd-sysv,dbus,console-setup
# A root per way of making it: a change here makes a new one.
key=$(echo "$suite $include minbase" | sha256sum | cut -c1-12)
tarball=$cache/debian12-base-$key.tar
mkdir -p "$cache"
exec 8>"$cache/debian12-base.lock"
flock 8
if [ ! -e "$tarball" ]; then
    started=$SECONDS
    rm -f "$cache"/debian12-base-*.tar "$cache"/debian12-base-*.tar.part
    work=$(mktemp -d /var/tmp/taskboard-debian-root-XXXXXX)
    # Stopped (CI failed before it was needed): what debootstrap mounted goes before the folder.
    cleanup() {
        local mount
        for mount in proc sys dev/pts dev; do
            if mountpoint -q "$work/root/$mount" 2>/dev/null; then umount -l "$work/root/$mount"; fi
        done
        rm -rf "$work"
    }
    trap cleanup EXIT
    trap 'exit 1' TERM INT
    debootstrap --variant=minbase --include=$include $suite "$work/root" http://deb.debian.org/debian >/dev/null
    chroot "$work/root" apt-get -qq update
    tar -C "$work/root" -cf "$tarball.part" . && mv "$tarball.part" "$tarball"
    echo "debian-root: made a fresh Debian 12 root in $((SECONDS - started)) s (kept in $tarball)" >&2
fi
echo "$tarball"
