# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The build's identity for support/build_info.c: its configuration
# (proact_build_config.h, at configure time) and the git commit
# (proact_build_commit.h, at every build: cmake/ProactCommit.cmake).
# PROACT_COMMIT (CMakeLists.txt) names the commit where the sources have
# no git (a packager's tarball); without either the commit is "unknown".
# Included after the layers, the transport and the tools are configured.
set(_bi_dir "${PROJECT_BINARY_DIR}/generated")

if(PROACT_OFFLOAD STREQUAL "nvptx")
  set(_bi_arch "${PROACT_CUDA_ARCH}")
else()
  set(_bi_arch "none")
endif()
if(PROACT_NVTX_INCLUDE)
  set(_bi_nvtx "yes")
else()
  set(_bi_nvtx "no")
endif()
if(PROACT_HAVE_MPI)
  find_package(MPI COMPONENTS C QUIET)
  # "Open MPI v4.1.4, package: ..." -> "Open MPI v4.1.4"; a cached
  # find_package may give only the standard's version.
  string(REGEX REPLACE ",.*" "" _bi_mpi "${MPI_C_LIBRARY_VERSION_STRING}")
  string(STRIP "${_bi_mpi}" _bi_mpi)
  if(_bi_mpi STREQUAL "")
    set(_bi_mpi "MPI ${MPI_C_VERSION}")
  endif()
  set(_bi_mpi "yes (libproact-mpi.so for ${_bi_mpi}, loaded at run time)")
else()
  set(_bi_mpi "no (no MPI at build time)")
endif()
set(_bi_type "${CMAKE_BUILD_TYPE}")
if(_bi_type STREQUAL "")
  set(_bi_type "none")
endif()
string(JOIN ", " PROACT_BUILD_CONFIG_TEXT
  "LLVM ${LLVM_PACKAGE_VERSION}" "offload ${PROACT_OFFLOAD}"
  "CUDA architecture ${_bi_arch}" "NVTX ${_bi_nvtx}"
  "MPI module ${_bi_mpi}" "build type ${_bi_type}")
string(REPLACE "\"" "\\\"" _bi_text "${PROACT_BUILD_CONFIG_TEXT}")
file(CONFIGURE OUTPUT "${_bi_dir}/proact_build_config.h" CONTENT
"/* Written by cmake/ProactBuildInfo.cmake at configure time. */
#define PROACT_BUILD_VERSION \"${PROJECT_VERSION}\"
#define PROACT_BUILD_CONFIG \"${_bi_text}\"
" @ONLY)
message(STATUS
  "Build identity: PROACT ${PROJECT_VERSION}, ${PROACT_BUILD_CONFIG_TEXT}")

set(_bi_commit_args -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
  -DOUT=${_bi_dir}/proact_build_commit.h "-DCOMMIT=${PROACT_COMMIT}"
  -P ${PROJECT_SOURCE_DIR}/cmake/ProactCommit.cmake)
# Once now, so that the header is there before the first build.
execute_process(COMMAND ${CMAKE_COMMAND} ${_bi_commit_args})
add_custom_target(proact_build_commit
  COMMAND ${CMAKE_COMMAND} ${_bi_commit_args}
  BYPRODUCTS ${_bi_dir}/proact_build_commit.h
  COMMENT "" VERBATIM)
add_dependencies(proact_support proact_build_commit)
target_include_directories(proact_support PRIVATE ${_bi_dir})
