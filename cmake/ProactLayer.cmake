# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# proact_layer(NAME SOURCES...): one layer of libproact as an object library
# with the settings every layer shares. Its directory is its include
# interface; a layer reaches another only by linking it
# (target_link_libraries(NAME PUBLIC lower_layer)), so includes never climb
# across directories.
function(proact_layer name)
  add_library(${name} OBJECT ${ARGN})
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}>
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>)
  set_target_properties(${name} PROPERTIES
    C_STANDARD 11
    C_STANDARD_REQUIRED ON
    C_EXTENSIONS OFF
    POSITION_INDEPENDENT_CODE ON)
  target_compile_definitions(${name} PRIVATE _GNU_SOURCE)
  target_compile_options(${name} PRIVATE
    -fopenmp -Wall -Wextra -fvisibility=hidden)
endfunction()
