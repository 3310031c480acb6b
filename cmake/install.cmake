# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# cmake --install: bin/ (proactcc, proact-tune, proact-info,
# proact-trace-plot, proact-trace-merge), lib/ (libproact, the Clang
# plugin; the poll agent's GPU code is inside libproact), include/ (the
# user API and the generated-code contract under proact/detail/),
# lib/cmake/PROACT/ (find_package(PROACT)), lib/pkgconfig/proact.pc, and
# share/doc/proact/ (the user documentation).
set(PROACT_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/PROACT")

install(TARGETS proact EXPORT PROACTTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS proact_clang
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
if(TARGET proact_mpi) # loaded from beside libproact (rank.c)
  install(TARGETS proact_mpi LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
endif()
install(TARGETS proact-tune RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET proact-info)
  install(TARGETS proact-info RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/"
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h")
set_target_properties(proact PROPERTIES EXPORT_NAME runtime)
install(EXPORT PROACTTargets NAMESPACE PROACT::
  DESTINATION "${PROACT_CMAKE_DIR}")

set(PROACT_PLUGIN_INSTALL "${CMAKE_INSTALL_LIBDIR}/proact-clang.so")
configure_package_config_file(cmake/PROACTConfig.cmake.in
  "${PROJECT_BINARY_DIR}/PROACTConfig.cmake"
  INSTALL_DESTINATION "${PROACT_CMAKE_DIR}"
  PATH_VARS PROACT_PLUGIN_INSTALL)
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/PROACTConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/PROACTConfig.cmake"
  "${PROJECT_BINARY_DIR}/PROACTConfigVersion.cmake"
  "${PROJECT_SOURCE_DIR}/cmake/PROACTProgram.cmake"
  DESTINATION "${PROACT_CMAKE_DIR}")

# pkg-config: the flags of the default offload target.
if(PROACT_OFFLOAD STREQUAL "nvptx")
  set(PROACT_PC_OFFLOAD "-fopenmp --offload-arch=${PROACT_CUDA_ARCH} -Wno-unknown-cuda-version --cuda-path=${PROACT_CUDA_PATH} --libomptarget-nvptx-bc-path=${PROACT_DEVICE_RTL_DIR}")
  if(PROACT_LLVM GREATER_EQUAL 17)
    set(PROACT_PC_LINK "-Xoffload-linker -L${PROACT_DEVICE_RTL_DIR}")
  endif()
else()
  set(PROACT_PC_OFFLOAD "-fopenmp -fopenmp-targets=x86_64-pc-linux-gnu")
endif()
string(JOIN " " PROACT_PC_OPENMP_COMPILE ${PROACT_OPENMP_COMPILE_FLAGS})
string(JOIN " " PROACT_PC_OPENMP_LINK ${PROACT_OPENMP_LINK_FLAGS})
if(PROACT_ASSUME_NO_NESTED_PARALLELISM)
  set(PROACT_PC_KERNEL
    "-fopenmp-assume-no-thread-state -fopenmp-assume-no-nested-parallelism")
endif()
configure_file(cmake/proact.pc.in "${PROJECT_BINARY_DIR}/proact.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/proact.pc"
  DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")

# The timeline plotter and merger (docs/user/tracing.md) as commands, and the user
# documentation, so that an installed PROACT explains itself without the
# source tree.
install(PROGRAMS "${PROJECT_SOURCE_DIR}/bench/trace_plot.py"
  DESTINATION ${CMAKE_INSTALL_BINDIR} RENAME proact-trace-plot)
install(PROGRAMS "${PROJECT_SOURCE_DIR}/bench/trace_merge.py"
  DESTINATION ${CMAKE_INSTALL_BINDIR} RENAME proact-trace-merge)
install(FILES "${PROJECT_SOURCE_DIR}/docs/README.md"
  "${PROJECT_SOURCE_DIR}/docs/getting-started.md"
  "${PROJECT_SOURCE_DIR}/LICENSE"
  DESTINATION "${CMAKE_INSTALL_DOCDIR}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/user"
  DESTINATION "${CMAKE_INSTALL_DOCDIR}" FILES_MATCHING PATTERN "*.md")
