# Manual pages are installed compressed with `gzip -9n`, as Debian policy (12.1) asks of a package
# and as man reads them anywhere (lintian: uncompressed-manual-page). -n keeps the file's name and
# time out of the gzip header, so one page always compresses to the same bytes (reproducible
# builds). The build tree keeps the plain page beside the compressed one: the tests read it with
# groff (tests/cli/man_lint.sh), and tests/install checks that the installed one holds it.
#
#   u8scope_install_man_page(<page> <variable>)
#
# <page> is a page the build writes (its file name ends in its section, u8scope.1). Adds the rule
# that writes <page>.gz, installs that in MANDIR/man<section>, and sets <variable> to <page>.gz
# for the caller's target to depend on.
find_program(U8SCOPE_GZIP gzip REQUIRED)
# Runs a program into a file (cmake/write_output.cmake): redirection in a build rule is not
# portable.
set(U8SCOPE_WRITE_OUTPUT ${CMAKE_CURRENT_LIST_DIR}/write_output.cmake)

function(u8scope_install_man_page page variable)
  get_filename_component(name ${page} NAME)
  if(NOT name MATCHES "\\.([1-9])$")
    message(FATAL_ERROR "u8scope_install_man_page: ${page} does not end in a section (.1 to .9)")
  endif()
  set(section ${CMAKE_MATCH_1})
  add_custom_command(
    OUTPUT ${page}.gz
    COMMAND ${CMAKE_COMMAND} -DOUTPUT=${page}.gz -P ${U8SCOPE_WRITE_OUTPUT} -- ${U8SCOPE_GZIP} -9n
            -c ${page}
    DEPENDS ${page} ${U8SCOPE_WRITE_OUTPUT}
    COMMENT "Compressing the manual page ${name}"
    VERBATIM)
  install(FILES ${page}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man${section})
  set(${variable} ${page}.gz PARENT_SCOPE)
endfunction()
