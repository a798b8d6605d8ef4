#!/usr/bin/env bash
# The kiosk's linking for a fast start (Package.swift, kioskLinking; issue
# 13), checked without the kiosk's release build, and its fallback (issue
# 24): where a trick's precondition is missing, the build links the plain way
# and the program runs. Needs user namespaces (unshare -r, as root or not):
# files are hidden from the build in a private mount namespace only.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "verify-linking: $*" >&2; exit 1; }

glibc=$(getconf GNU_LIBC_VERSION | awk '{print $2}')
relr_expected=$([ "$(printf '%s\n2.36\n' "$glibc" | sort -V | head -1)" = "2.36" ] && echo yes || echo no)
if [ "$relr_expected" = yes ]; then
  readelf -d .build/debug/taskboard | grep -q '(RELR)' || fail "taskboard has no RELR relocations (glibc $glibc)"
fi
[ "$(wc -l <Linking/first-frame.order)" -gt 100 ] || fail "Linking/first-frame.order is nearly empty"

# A small package linked as the kiosk is: its manifest is Package.swift's own
# tricks and checks (all that comes before `let package`) with one
# executable, so that its release build takes seconds, not the kiosk's minutes.
probe() { # the folder; optionally a flag the manifest asks the compiler about instead of its own
  local flag=()
  [ $# -lt 2 ] || flag=(-e "s/^let accessorsFlag = .*/let accessorsFlag = \"$2\"/")
  mkdir -p "$work/$1/Sources/probe"
  { sed -e '/^let package = Package(/,$d' "${flag[@]}" Package.swift
    echo 'let package = Package(name: "probe", targets: [.executableTarget(name: "probe", swiftSettings: startUp, linkerSettings: kioskLinking)])'
  } >"$work/$1/Package.swift"
  [ $# -lt 2 ] || grep -q "^let accessorsFlag = \"$2\"" "$work/$1/Package.swift" || fail "Package.swift has no 'let accessorsFlag =' line"
  ln -s "$PWD/Linking" "$work/$1/Linking"
  echo 'print("probe: runs")' >"$work/$1/Sources/probe/main.swift"
}
# Built as the kiosk is (docs/kiosk.md), and run. The manifest is evaluated
# afresh: SwiftPM would otherwise reuse its result from outside the hiding.
build() { # the probe's folder
  swift build --package-path "$work/$1" --manifest-cache none -c release --static-swift-stdlib -q
  "$work/$1/.build/release/probe"
}
# Hides a file from this mount namespace (an overlay whose whiteout covers
# it; the machine's file stays), then builds.
hide_and_build() { # the probe's folder, then the files to hide
  local folder=$1 file layer
  shift
  for file in "$@"; do
    layer=$(mktemp -d "$work/hide.XXXXXX")
    mount -t tmpfs hide "$layer"
    mkdir "$layer/upper" "$layer/work"
    mknod "$layer/upper/$(basename "$file")" c 0 0
    mount -t overlay hide -o "lowerdir=$(dirname "$file"),upperdir=$layer/upper,workdir=$layer/work" "$(dirname "$file")"
  done
  build "$folder"
}
hidden() { # the probe's folder, then the files to hide
  work=$work unshare --mount --map-root-user bash -c "set -euo pipefail; $(declare -f fail build hide_and_build); hide_and_build \"\$@\"" hide "$@"
}
needs() { readelf -d "$work/$1/.build/release/probe" | grep -q "NEEDED.*$2"; }
has_relr() { readelf -d "$work/$1/.build/release/probe" | grep -q '(RELR)'; }

archive=$(clang -print-file-name=libstdc++.a)
lld=$(clang -print-prog-name=ld.lld)
[ "${archive#/}" != "$archive" ] || fail "no libstdc++.a here (Debian: libstdc++-12-dev), so the trick cannot be checked"
[ "${lld#/}" != "$lld" ] || fail "no ld.lld beside clang"
start=$SECONDS

# Every precondition met: the C++ runtime from its archive, RELR.
probe all
build all
! needs all 'libstdc++' || fail "the probe loads libstdc++.so although libstdc++.a is there"
[ "$relr_expected" = no ] || has_relr all || fail "the probe has no RELR relocations (glibc $glibc)"

# libstdc++.a missing, as where a distribution ships it apart (Fedora's
# libstdc++-static): libstdc++.so instead.
probe no-archive
hidden no-archive "$archive"
needs no-archive 'libstdc++\.so' || fail "without libstdc++.a the probe does not load libstdc++.so"

# lld missing and a frontend flag the compiler does not know (it would fail
# the build if given): the default linker, no RELR, libstdc++ still from
# its archive.
probe no-lld -no-such-frontend-flag
hidden no-lld "$lld"
! has_relr no-lld || fail "without lld the probe still has RELR relocations"
! needs no-lld 'libstdc++' || fail "without lld the probe loads libstdc++.so"

echo "verify-linking: static libstdc++ and RELR where they can be; without libstdc++.a, lld or a flag the probe builds and runs ($((SECONDS - start)) s), $(wc -l <Linking/first-frame.order) functions ordered"
