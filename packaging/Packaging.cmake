# The Debian package: `cpack -G DEB` in the build folder writes rankscope_<version>_<arch>.deb
# with everything `cmake --install` installs, under /usr. The version is project()'s.

set(CPACK_PACKAGE_NAME "rankscope")
set(CPACK_PACKAGE_VENDOR "rankscope maintainers")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "find the rank, node or group that stalls a distributed training job")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_GENERATOR "DEB")
# The build keeps debug information (RelWithDebInfo); the package does not (~10x smaller).
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_CHECKSUM "SHA256")

set(RANKSCOPE_DEB_MAINTAINER "rankscope maintainers <maintainers@users.noreply.a-seed-41cb641d.example>"
    CACHE STRING "Maintainer field of the Debian package")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${RANKSCOPE_DEB_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
# rankscope_<version>_<arch>.deb (no Debian revision while CPACK_DEBIAN_PACKAGE_RELEASE is unset).
set(CPACK_DEBIAN_FILE_NAME "DEB-DEFAULT")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# The long description below the summary line (CPack puts the summary first and indents it).
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "When a distributed training job of hundreds or thousands of ranks hangs, crashes or slows
down, rankscope finds the one rank, node or group that started it. It reads a job bundle of
py-spy stack dumps, PyTorch profiler traces, logs and PyTorch Flight Recorder dumps, merges
every rank's stacks into one flame graph that says which ranks have, miss or sent no data for
each frame, draws the traces as a rank-by-iteration heatmap and names the stragglers, mines the
logs into templates a minority of ranks has or lacks, lines up every process group's
collectives, and compares the run with a healthy baseline.
.
This package holds the Qt desktop application (rankscope), its command-line twin for machines
without a display (rankscope-cli), the user guide and the man pages.")

# Depends: computed by dpkg-shlibdeps (dpkg-dev) from the libraries the programs link, else the
# Debian 12 packages of those libraries. The platform plugins (xcb, offscreen) ship in
# libqt6gui6, the SVG icon engine in libqt6svg6, so both are covered either way.
find_program(RANKSCOPE_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(RANKSCOPE_DPKG_SHLIBDEPS AND EXISTS "${RANKSCOPE_DPKG_SHLIBDEPS}")
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
else()
  set(deps libc6 libgcc-s1 libstdc++6 libsqlite3-0 zlib1g libpcre2-8-0 libzstd1 libarchive13
           libsimdjson14)
  if(RANKSCOPE_BUILD_GUI)
    list(APPEND deps libqt6core6 libqt6gui6 libqt6widgets6 libqt6svg6 libqt6charts6)
  endif()
  list(JOIN deps ", " CPACK_DEBIAN_PACKAGE_DEPENDS)
endif()
# The MIME type and the launcher's entry take effect through these packages' triggers.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "shared-mime-info, desktop-file-utils")

include(CPack)
