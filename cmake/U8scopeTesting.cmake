# How every test is registered with ctest: one naming scheme, one label per part of the code.
#
#   u8scope_add_test(NAME <name> LABEL <label> [QTEST]
#                    SOURCES <files...> [LIBS <libraries...>]
#                    [DEFINES <definitions...>] [INCLUDES <directories...>]
#                    [TIMEOUT <seconds>] [CORPUS] [RUNS_CLI] [THREADS])
#   u8scope_add_test(NAME <name> LABEL <label> COMMAND <command...>)
#
# The first form builds the suite tst_<name> (its SOURCES must include tst_<name>.cpp) linked with
# LIBS and the project's warnings: a Qt Test suite with QTEST (the widgets' and the window's, which
# test Qt objects), otherwise a suite of the Qt-free harness (tests/support/u8test/harness.h,
# doctest), which builds and runs where Qt is not installed. A suite whose framework is missing
# (no Qt Test, no doctest) is not built, and the configure step says so once. The second runs a
# command (a script
# that checks a generated file, or prepares a fixture). Either way the ctest name is
# <label>.<name> and the label is <label>, so `ctest -L <label>` runs exactly one part's tests:
#   codec    the Qt-free UTF-8 codec (codec/include, codec/src)
#   convert  conversion, repair, detection and audit over ICU (codec/convert)
#   io       safe writing: atomic output, backups, the streamed save (codec/io)
#   dump     the terminal and HTML dump (codec/dump)
#   cli      u8scope-cli end to end (app/cli)
#   ui       the widgets (ui/)
#   app      the window (app/gui) and its bundled sample
#   fuzz     the fuzz checks replayed over the committed seeds (tests/fuzz)
#   install  what `cmake --install` writes: desktop entry, metainfo, icons (tests/install)
#   python   the Python module (app/python), by pytest (tests/python)
# and a suite that runs the codec's own threads (the pool, the scan on two threads, the streamed
# repair's) has the label `threads` too, which scripts/sanitize.sh runs under ThreadSanitizer.
# The target tests_<label> builds the executables of one label's tests (and what they run).
# Every test runs on Qt's offscreen platform, so none needs a display.
#   CORPUS    defines U8SCOPE_CORPUS_DIR (Markus Kuhn's files; suites skip when it is absent)
#   RUNS_CLI  defines U8SCOPE_CLI, the built u8scope-cli, and builds it before the suite
#   THREADS   labels the test `threads` as well
set(U8SCOPE_TEST_LABELS codec convert io dump cli ui app fuzz install python)

# tests_<label> depends on `target`.
function(u8scope_label_target label target)
  if(NOT TARGET tests_${label})
    add_custom_target(tests_${label})
  endif()
  add_dependencies(tests_${label} ${target})
endfunction()

function(u8scope_add_test)
  cmake_parse_arguments(PARSE_ARGV 0 arg "CORPUS;RUNS_CLI;THREADS;QTEST" "NAME;LABEL;TIMEOUT"
                        "SOURCES;LIBS;DEFINES;INCLUDES;COMMAND")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "u8scope_add_test(${arg_NAME}): unknown arguments ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_NAME OR NOT arg_LABEL)
    message(FATAL_ERROR "u8scope_add_test: NAME and LABEL are required")
  endif()
  if(NOT arg_LABEL IN_LIST U8SCOPE_TEST_LABELS)
    message(FATAL_ERROR
            "u8scope_add_test(${arg_NAME}): LABEL ${arg_LABEL} is not one of ${U8SCOPE_TEST_LABELS}")
  endif()
  set(test ${arg_LABEL}.${arg_NAME})
  set(target "") # the executable the test runs, when the build makes it

  if(arg_COMMAND)
    if(arg_SOURCES OR arg_LIBS OR arg_DEFINES OR arg_INCLUDES OR arg_CORPUS OR arg_RUNS_CLI)
      message(FATAL_ERROR "u8scope_add_test(${arg_NAME}): COMMAND runs a command, it builds nothing")
    endif()
    add_test(NAME ${test} COMMAND ${arg_COMMAND})
    list(GET arg_COMMAND 0 program)
    if(TARGET ${program})
      set(target ${program})
    endif()
  else()
    set(target tst_${arg_NAME})
    if(NOT "${target}.cpp" IN_LIST arg_SOURCES)
      message(FATAL_ERROR "u8scope_add_test(${arg_NAME}): SOURCES must hold ${target}.cpp")
    endif()
    if(arg_QTEST)
      set(framework Qt6::Test)
    else()
      set(framework u8scope_test_harness)
    endif()
    if(NOT TARGET ${framework})
      return() # tests/CMakeLists.txt said which framework is missing
    endif()
    add_executable(${target} ${arg_SOURCES})
    target_link_libraries(${target} PRIVATE ${arg_LIBS} ${framework} u8scope_warnings)
    if(NOT arg_QTEST)
      set_target_properties(${target} PROPERTIES AUTOMOC OFF) # no QObject in a harness suite
    endif()
    target_compile_definitions(${target} PRIVATE ${arg_DEFINES})
    target_include_directories(${target} PRIVATE ${arg_INCLUDES})
    if(arg_CORPUS)
      target_compile_definitions(${target} PRIVATE U8SCOPE_CORPUS_DIR="${U8SCOPE_CORPUS_DIR}")
    endif()
    if(arg_RUNS_CLI)
      target_compile_definitions(${target} PRIVATE U8SCOPE_CLI="$<TARGET_FILE:u8scope-cli>")
      add_dependencies(${target} u8scope-cli)
    endif()
    add_test(NAME ${test} COMMAND ${target})
  endif()

  set(labels ${arg_LABEL})
  if(arg_THREADS)
    list(APPEND labels threads)
  endif()
  if(target)
    foreach(label IN LISTS labels)
      u8scope_label_target(${label} ${target})
    endforeach()
  endif()
  set_tests_properties(${test} PROPERTIES LABELS "${labels}"
                                          ENVIRONMENT QT_QPA_PLATFORM=offscreen)
  if(arg_TIMEOUT)
    set_tests_properties(${test} PROPERTIES TIMEOUT ${arg_TIMEOUT})
  endif()
endfunction()
