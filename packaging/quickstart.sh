#!/usr/bin/env bash
# One command from a fresh clone to a running rankscope, or to a finished test run.
#
#   bash packaging/quickstart.sh demo    install what is missing, build, open the built-in demo
#   bash packaging/quickstart.sh test    install what is missing, build, run the whole test suite
#   bash packaging/quickstart.sh build   install what is missing and build
#
# Debian packages are installed with apt-get (as root, or through sudo). The build goes to
# ./build (override with RANKSCOPE_BUILD_DIR).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${RANKSCOPE_BUILD_DIR:-$ROOT/build}"
MODE="${1:-demo}"

# Everything the build, the tests and the benchmarks need, from Debian 12 (bookworm).
# (lld: links the hundred-odd test programs several times faster than GNU ld; CMakeLists.txt)
# (libqt6opengl6-dev: Qt Charts' CMake package needs Qt6OpenGL, which qt6-charts-dev does not pull in.
# dpkg-dev: dpkg-shlibdeps, which computes the .deb's Depends; desktop-file-utils, appstream and
# shared-mime-info: the validators tests/packaging runs on what the package installs; groff-base:
# checks the man pages' markup; fonts-noto-cjk: the Chinese and Japanese windows need CJK glyphs.)
# (slurm-wlm, munge: tests/packaging/test_slurm_sharded runs the sharded import on real Slurm.)
PACKAGES=(
  cmake ninja-build g++ pkg-config lld
  qt6-base-dev qt6-base-dev-tools qt6-svg-dev qt6-charts-dev qt6-tools-dev qt6-tools-dev-tools
  qt6-l10n-tools qt6-qpa-plugins libgl-dev libqt6opengl6-dev
  libsqlite3-dev nlohmann-json3-dev libzstd-dev zlib1g-dev libsimdjson-dev libpcre2-dev libarchive-dev
  libbenchmark-dev fonts-dejavu-core fonts-noto-cjk
  dpkg-dev desktop-file-utils appstream shared-mime-info groff-base
  slurm-wlm munge
)

install_missing_packages() {
  local missing=()
  for pkg in "${PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$pkg")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "rankscope: installing missing Debian packages: ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo=(sudo)
    else
      echo "rankscope: need root or sudo to install: ${missing[*]}" >&2
      exit 2
    fi
  fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    "${missing[@]}"
}

build() {
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
  cmake --build "$BUILD" -j "$(nproc)"
}

install_missing_packages
build

case "$MODE" in
  demo)
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
      echo "rankscope: no display found; to render the demo to a picture instead run:" >&2
      echo "  QT_QPA_PLATFORM=offscreen $BUILD/bin/rankscope --demo --export-view flamegraph --out demo.png" >&2
      exit 2
    fi
    exec "$BUILD/bin/rankscope" --demo
    ;;
  test)
    cd "$BUILD"
    QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j 2 --timeout 900
    ;;
  build) ;;
  *)
    echo "usage: $0 demo|test|build" >&2
    exit 2
    ;;
esac
