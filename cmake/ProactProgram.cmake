# proact_add_program(NAME SOURCES...): a program built with the PROACT Clang
# plugin for PROACT_OFFLOAD, linked with libproact.
# proact_add_sequential(NAME SOURCES...): the same sources as a plain
# sequential program (pragmas ignored), the reference for bit-identity.
function(proact_add_program name)
  add_executable(${name} ${ARGN})
  target_include_directories(${name} PRIVATE "${PROJECT_SOURCE_DIR}/include")
  target_compile_options(${name} PRIVATE ${PROACT_OFFLOAD_FLAGS}
    ${PROACT_KERNEL_FLAGS} "-fplugin=$<TARGET_FILE:proact_clang>")
  target_link_options(${name} PRIVATE ${PROACT_OFFLOAD_FLAGS})
  target_link_libraries(${name} PRIVATE proact m)
  set_target_properties(${name} PROPERTIES
    BUILD_RPATH "${PROACT_LIB_DIR};${LLVM_LIBDIR}")
  # The plugin is an input of every compilation: rebuild when it changes.
  set_source_files_properties(${ARGN} PROPERTIES
    OBJECT_DEPENDS "${PROACT_LIB_DIR}/proact-clang.so")
  add_dependencies(${name} proact_clang)
endfunction()

function(proact_add_sequential name)
  add_executable(${name} ${ARGN})
  target_include_directories(${name} PRIVATE "${PROJECT_SOURCE_DIR}/include")
  target_compile_options(${name} PRIVATE -Wno-unknown-pragmas)
  target_link_libraries(${name} PRIVATE m)
  # Sources shared with a PROACT program carry its dependency on the plugin.
  add_dependencies(${name} proact_clang)
endfunction()
