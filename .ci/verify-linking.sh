#!/usr/bin/env bash
# The kiosk's linking for a fast start (Package.swift, kioskLinking; issue
# 13), checked without a release build: the linker script in Linking/ makes
# -lstdc++ take the archive, and the debug build's taskboard carries RELR.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

printf '#include <string>\nint main() { return std::string("kiosk").size() == 5 ? 0 : 1; }\n' >"$work/main.cpp"
clang++ -fuse-ld=lld "$work/main.cpp" -L Linking -o "$work/static-cxx"
"$work/static-cxx"
if readelf -d "$work/static-cxx" | grep -q 'libstdc++'; then
  echo "verify-linking: Linking/libstdc++.so did not make the C++ runtime static" >&2
  exit 1
fi

glibc=$(getconf GNU_LIBC_VERSION | awk '{print $2}')
if [ "$(printf '%s\n2.36\n' "$glibc" | sort -V | head -1)" = "2.36" ]; then
  readelf -d .build/debug/taskboard | grep -q '(RELR)' || {
    echo "verify-linking: taskboard has no RELR relocations (glibc $glibc)" >&2
    exit 1
  }
fi
[ "$(wc -l <Linking/first-frame.order)" -gt 100 ] || { echo "verify-linking: Linking/first-frame.order is nearly empty" >&2; exit 1; }
echo "verify-linking: libstdc++ from its archive, RELR relocations, $(wc -l <Linking/first-frame.order) functions ordered"
