# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The test configurations of test/e2e and test/mpi from one table of
# factors (test/e2e/pairwise.py).

# proact_test_matrix(OUT FACTOR...): the configurations pairwise.py gives
# for the FACTORs (each its values, '|'-separated): a pairwise cover, or
# with PROACT_TEST_FULL=1 (cmake's environment, or -DPROACT_TEST_FULL=ON)
# the whole product with '*' for the last factor. OUT: the rows, each a
# list of the factors' values.
function(proact_test_matrix out)
  set(args)
  foreach(f ${ARGN})
    list(APPEND args --factor "${f}")
  endforeach()
  if(PROACT_TEST_FULL OR "$ENV{PROACT_TEST_FULL}" STREQUAL "1")
    list(APPEND args --full)
  endif()
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
  set(script ${PROJECT_SOURCE_DIR}/test/e2e/pairwise.py)
  execute_process(COMMAND ${Python3_EXECUTABLE} ${script} ${args}
                  OUTPUT_VARIABLE rows RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "test/e2e/pairwise.py failed: ${rc}")
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${script})
  string(STRIP "${rows}" rows)
  # Rows stay '|'-joined in the list; callers split each.
  string(REPLACE "\n" ";" rows "${rows}")
  set(${out} "${rows}" PARENT_SCOPE)
endfunction()

# proact_test_row(ROW NAME...): sets each NAME to ROW's value of its factor,
# in order.
function(proact_test_row row)
  string(REPLACE "|" ";" values "${row}")
  set(i 0)
  foreach(name ${ARGN})
    list(GET values ${i} value)
    set(${name} "${value}" PARENT_SCOPE)
    math(EXPR i "${i} + 1")
  endforeach()
endfunction()

# proact_test_config(ENV_OUT ID_OUT MECH LAYOUT DECOMP DEVICES EXTRA_ID):
# a configuration's environment (mechanism, layout, decomposition, 256-byte
# chunks for the proactive mechanisms, the readiness state's check) and a
# test-name suffix from its values (DEVICES '*': every device set).
function(proact_test_config env_out id_out mech layout decomp devs extra)
  set(env "PROACT_DECOMPOSE=${decomp};PROACT_READY_CHECK=1")
  if(layout STREQUAL "distributed")
    list(APPEND env "PROACT_DISTRIBUTE=1")
  else()
    list(APPEND env "PROACT_DISTRIBUTE=0")
  endif()
  if(mech STREQUAL "unified")
    list(APPEND env "PROACT_MEMORY=unified" "PROACT_MECH=poll")
  elseif(NOT mech STREQUAL "default")
    list(APPEND env "PROACT_MECH=${mech}")
  endif()
  if(NOT mech MATCHES "^(default|memcpy)$")
    list(APPEND env "PROACT_CHUNK=256")
  endif()
  set(id "${mech}${extra}_${layout}_${decomp}")
  if(NOT devs STREQUAL "*")
    set(id "${id}_on_${devs}")
  endif()
  string(REPLACE "*" "x" id "${id}")
  string(REPLACE "-" "to" id "${id}")
  string(REGEX REPLACE "[^a-z0-9_]" "_" id "${id}")
  set(${env_out} "${env}" PARENT_SCOPE)
  set(${id_out} "${id}" PARENT_SCOPE)
endfunction()
