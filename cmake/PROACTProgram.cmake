# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Makes PROACT::proact, the target that turns a program into a PROACT
# program, for this source tree and for an installed prefix alike
# (PROACTConfig.cmake includes this file). Expects:
#   PROACT_PLUGIN          the Clang plugin (a path or a generator expression)
#   PROACT_PLUGIN_FILE     the plugin's path (compilations depend on it)
#   PROACT_RUNTIME         the libproact target
#   PROACT_OFFLOAD, PROACT_CUDA_ARCH, PROACT_CUDA_PATH  the defaults
#   PROACT_LLVM            the clang major version (16 or 22)
#   PROACT_OPENMP_LIBDIR   where libomp and libomptarget are
#   PROACT_OPENMP_COMPILE_FLAGS, PROACT_OPENMP_LINK_FLAGS  where omp.h and
#                          those libraries are when not in clang's own root
#   PROACT_DEVICE_RTL_DIR  where the NVPTX OpenMP device runtime is
#   PROACT_ASSUME_NO_NESTED_PARALLELISM
#
# A program picks another offload target or architecture, floating-point
# contraction, or spread mode for its OpenMP offload constructs
# (docs/user/openmp.md), with target properties:
#   set_target_properties(app PROPERTIES PROACT_OFFLOAD nvptx
#                                        PROACT_CUDA_ARCH sm_80
#                                        PROACT_FP_CONTRACT fast
#                                        PROACT_OPENMP spread)
#
# proact_add_program(NAME SOURCES...): an executable linked to PROACT::proact.
# proact_add_sequential(NAME SOURCES...): the same sources as the plain
# sequential program (pragmas ignored), the reference for bit-identity.

if(TARGET PROACT::proact)
  return()
endif()

set(_proact_off "$<IF:$<BOOL:$<TARGET_PROPERTY:PROACT_OFFLOAD>>,$<TARGET_PROPERTY:PROACT_OFFLOAD>,${PROACT_OFFLOAD}>")
set(_proact_arch "$<IF:$<BOOL:$<TARGET_PROPERTY:PROACT_CUDA_ARCH>>,$<TARGET_PROPERTY:PROACT_CUDA_ARCH>,${PROACT_CUDA_ARCH}>")
# Device LTO takes the runtime from -lompdevice at the device link instead.
if(PROACT_OFFLOAD_LTO AND PROACT_LLVM GREATER_EQUAL 17)
  set(_proact_rtl_flag -foffload-lto)
else()
  set(_proact_rtl_flag --libomptarget-nvptx-bc-path=${PROACT_DEVICE_RTL_DIR})
endif()
set(_proact_offload_flags
  -fopenmp ${PROACT_OPENMP_COMPILE_FLAGS}
  "$<$<STREQUAL:${_proact_off},host>:-fopenmp-targets=x86_64-pc-linux-gnu>"
  "$<$<STREQUAL:${_proact_off},nvptx>:--offload-arch=${_proact_arch};-Wno-unknown-cuda-version;--cuda-path=${PROACT_CUDA_PATH};${_proact_rtl_flag}>")
# clang 22 links the device runtime as -lompdevice in the device link.
set(_proact_offload_link_flags ${PROACT_OPENMP_LINK_FLAGS})
if(PROACT_LLVM GREATER_EQUAL 17)
  list(APPEND _proact_offload_link_flags
    "$<$<STREQUAL:${_proact_off},nvptx>:SHELL:-Xoffload-linker -L${PROACT_DEVICE_RTL_DIR}>")
endif()
set(_proact_kernel_flags)
if(PROACT_ASSUME_NO_NESTED_PARALLELISM)
  set(_proact_kernel_flags -fopenmp-assume-no-thread-state
    -fopenmp-assume-no-nested-parallelism)
endif()
# Off by default: a GPU would otherwise fuse a*b+c into one rounding and
# differ from the sequential program in the last bit.
set(_proact_fp "-ffp-contract=$<IF:$<BOOL:$<TARGET_PROPERTY:PROACT_FP_CONTRACT>>,$<TARGET_PROPERTY:PROACT_FP_CONTRACT>,off>")

# PROACT::offload: OpenMP offloading to the same devices, without the plugin
# (for a program's own target regions beside PROACT loops).
add_library(proact_offload INTERFACE)
target_compile_options(proact_offload INTERFACE ${_proact_offload_flags})
target_link_options(proact_offload INTERFACE ${_proact_offload_flags}
  ${_proact_offload_link_flags} "LINKER:-rpath,${PROACT_OPENMP_LIBDIR}")
add_library(PROACT::offload ALIAS proact_offload)

add_library(proact_program INTERFACE)
# PROACT_OPENMP: the plugin's openmp= argument (spread or off), checked there.
set(_proact_openmp "$<$<BOOL:$<TARGET_PROPERTY:PROACT_OPENMP>>:-fplugin-arg-proact-openmp=$<TARGET_PROPERTY:PROACT_OPENMP>>")
target_compile_options(proact_program INTERFACE ${_proact_kernel_flags}
  "${_proact_fp}" "-fplugin=${PROACT_PLUGIN}" "${_proact_openmp}")
target_link_libraries(proact_program INTERFACE proact_offload
  ${PROACT_RUNTIME} m)
add_library(PROACT::proact ALIAS proact_program)
# In PROACT's own tree the plugin is built first (followed transitively).
if(TARGET proact_clang)
  add_dependencies(proact_program proact_clang)
endif()

# The sequential reference: <proact.h> on the include path, pragmas ignored.
add_library(proact_sequential INTERFACE)
target_include_directories(proact_sequential INTERFACE
  $<TARGET_PROPERTY:${PROACT_RUNTIME},INTERFACE_INCLUDE_DIRECTORIES>)
target_compile_options(proact_sequential INTERFACE -Wno-unknown-pragmas
  "${_proact_fp}")
target_link_libraries(proact_sequential INTERFACE m)
add_library(PROACT::sequential ALIAS proact_sequential)

# proact_offload_flags(VAR): the default target's offload flags (compile and
# link) as a plain list, for command lines outside CMake targets (lit,
# scripts).
function(proact_offload_flags var)
  if(PROACT_OFFLOAD STREQUAL "nvptx")
    set(flags -fopenmp --offload-arch=${PROACT_CUDA_ARCH}
      -Wno-unknown-cuda-version --cuda-path=${PROACT_CUDA_PATH}
      ${_proact_rtl_flag})
    if(PROACT_LLVM GREATER_EQUAL 17)
      list(APPEND flags -Xoffload-linker -L${PROACT_DEVICE_RTL_DIR})
    endif()
  else()
    set(flags -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu)
  endif()
  set(${var} ${flags} ${PROACT_OPENMP_COMPILE_FLAGS}
    ${PROACT_OPENMP_LINK_FLAGS} PARENT_SCOPE)
endfunction()

function(proact_add_program name)
  add_executable(${name} ${ARGN})
  target_link_libraries(${name} PRIVATE PROACT::proact)
  # The plugin is an input of every compilation: rebuild when it changes.
  set_source_files_properties(${ARGN} PROPERTIES
    OBJECT_DEPENDS "${PROACT_PLUGIN_FILE}")
  if(TARGET proact_clang)
    add_dependencies(${name} proact_clang)
  endif()
endfunction()

function(proact_add_sequential name)
  add_executable(${name} ${ARGN})
  target_link_libraries(${name} PRIVATE PROACT::sequential)
  # Sources shared with a PROACT program carry its dependency on the plugin.
  if(TARGET proact_clang)
    add_dependencies(${name} proact_clang)
  endif()
endfunction()
