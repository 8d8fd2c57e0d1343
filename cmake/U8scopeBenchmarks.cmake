# How every benchmark is built. Benchmarks are built with U8SCOPE_BENCH and never run by ctest:
# tests assert behaviour, never timings; speed is measured by these programs and their scripts.
#
#   u8scope_add_benchmark(NAME <name> SOURCES <files...> [LIBS <libraries...>]
#                         [DEFINES <definitions...>] [GOOGLE_BENCHMARK])
#
# Builds the program <name> in the build tree's mirror of its folder (build/tests/bench/...),
# linked with LIBS and the project's warnings, and with Google Benchmark when GOOGLE_BENCHMARK is
# given (the others are plain programs a script times: one file, one whole command).
function(u8scope_add_benchmark)
  cmake_parse_arguments(PARSE_ARGV 0 arg "GOOGLE_BENCHMARK" "NAME" "SOURCES;LIBS;DEFINES")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR
            "u8scope_add_benchmark(${arg_NAME}): unknown arguments ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_NAME OR NOT arg_SOURCES)
    message(FATAL_ERROR "u8scope_add_benchmark: NAME and SOURCES are required")
  endif()
  add_executable(${arg_NAME} ${arg_SOURCES})
  target_link_libraries(${arg_NAME} PRIVATE ${arg_LIBS} u8scope_warnings)
  target_compile_definitions(${arg_NAME} PRIVATE ${arg_DEFINES})
  if(arg_GOOGLE_BENCHMARK)
    target_link_libraries(${arg_NAME} PRIVATE benchmark::benchmark)
  endif()
endfunction()
