# The Debian package: `cpack -G DEB` in the build directory (scripts/package.sh builds a Release
# tree, packs it and checks the package) packs exactly what the install rules install, under /usr,
# and the Debian changelog (below).
# Its Depends are read by dpkg-shlibdeps (Debian: dpkg-dev) from the libraries the programs load,
# so they follow whatever Qt and ICU the build linked, plus what no program links but the window
# needs at run time.
set(CPACK_PACKAGE_NAME u8scope)
set(CPACK_PACKAGE_VENDOR "The u8scope developers")
# The maintainer and home assume the project's place on GitHub; a distributor overrides them.
set(U8SCOPE_PACKAGE_MAINTAINER "The u8scope developers <u8scope@users.noreply.github.com>"
    CACHE STRING "Maintainer field of the Debian package (Name <address>)")
set(CPACK_PACKAGE_CONTACT "${U8SCOPE_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "inspect, repair and audit the UTF-8 bytes of files")
# The extended description, wrapped as Debian policy asks (section 5.6.13: lines under 80
# columns; CPack indents each line and writes the empty one as " .").
set(CPACK_PACKAGE_DESCRIPTION [=[
u8scope shows a file as its bytes and its characters side by side and
colours every byte by its role in UTF-8: ASCII, lead byte, continuation
byte, or a byte in error. Every invalid sequence is named, located by line
and column, and explained bit by bit (RFC 3629, Unicode chapter 3). It
repairs ill-formed bytes and mojibake with a preview, saves in other
encodings, and audits valid text for bidirectional controls (Trojan
Source), invisible and look-alike characters.
]=])
if(U8SCOPE_GUI)
  string(APPEND CPACK_PACKAGE_DESCRIPTION [=[

This package holds the window, u8scope, and the command-line tool,
u8scope-cli, which gives scripts and continuous integration the same
checks.]=])
else()
  string(APPEND CPACK_PACKAGE_DESCRIPTION [=[

This package holds the command-line tool, u8scope-cli, for scripts and
continuous integration.]=])
endif()
set(CPACK_DEBIAN_PACKAGE_SECTION text)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${PROJECT_HOMEPAGE_URL}")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # u8scope_<version>_<architecture>.deb
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_STRIP_FILES ON)
if(U8SCOPE_GUI)
  # Qt loads its platform plugins at run time: without qt6-qpa-plugins (only recommended by
  # libqt6gui6) the window cannot open on X11 or Wayland. dpkg-shlibdeps adds the libraries.
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins")
  # Glyphs for every script and emoji the window shows (as scripts/deps.sh run installs).
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-noto-core, fonts-noto-color-emoji")
endif()

# Its changelog. The package is native, in Debian's terms: its packaging is part of its own
# sources, and its version, the project's, has no Debian revision. Debian policy (12.7) then asks
# for the changelog as /usr/share/doc/u8scope/changelog.gz (lintian: no-changelog; with a
# revision, 0.1.0-1, it would be changelog.Debian.gz, and lintian would ask a first entry to
# close an ITP bug, as for an upload to Debian). CPack writes none: here one entry for this
# version, dated like the manual pages (SOURCE_DATE_EPOCH when it is set), that CPack adds to the
# tree it packs (U8scopeDebianFiles.cmake, run between its install and the packing). No install
# rule installs it: `cmake --install` into a prefix is no Debian package.
string(TIMESTAMP U8SCOPE_CHANGELOG_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)
file(CONFIGURE OUTPUT ${PROJECT_BINARY_DIR}/debian/changelog @ONLY CONTENT [=[
u8scope (@PROJECT_VERSION@) UNRELEASED; urgency=medium

  * u8scope @PROJECT_VERSION@, packed from its sources with CPack
    (cmake/U8scopePackaging.cmake).

 -- @U8SCOPE_PACKAGE_MAINTAINER@  @U8SCOPE_CHANGELOG_DATE@
]=])
set(CPACK_PRE_BUILD_SCRIPTS ${CMAKE_CURRENT_LIST_DIR}/U8scopeDebianFiles.cmake)
# Read by that script (CPack passes every CPACK_ variable on to it).
set(CPACK_U8SCOPE_DEBIAN_CHANGELOG ${PROJECT_BINARY_DIR}/debian/changelog)
set(CPACK_U8SCOPE_GZIP ${U8SCOPE_GZIP})
include(CPack)
