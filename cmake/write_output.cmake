# cmake -DOUTPUT=FILE -P write_output.cmake -- PROGRAM ARGS...: runs PROGRAM and writes what it
# prints to FILE, failing (and leaving no FILE) when it fails. Redirection in a build rule is not
# portable; this is.
set(command)
set(after_dashes FALSE)
foreach(i RANGE ${CMAKE_ARGC})
  if(after_dashes)
    list(APPEND command "${CMAKE_ARGV${i}}")
  elseif("${CMAKE_ARGV${i}}" STREQUAL "--")
    set(after_dashes TRUE)
  endif()
endforeach()
execute_process(COMMAND ${command} OUTPUT_FILE "${OUTPUT}.part" RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  file(REMOVE "${OUTPUT}.part")
  message(FATAL_ERROR "${command}: ${status}")
endif()
file(RENAME "${OUTPUT}.part" "${OUTPUT}")
