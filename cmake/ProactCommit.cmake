# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# cmake -DSOURCE_DIR=DIR -DOUT=FILE [-DCOMMIT=ID] -P ProactCommit.cmake:
# writes FILE, a C header defining PROACT_BUILD_COMMIT: COMMIT when given
# (a packager's, for sources without git), else the 12-digit commit of
# SOURCE_DIR's git checkout ("-dirty" when tracked files differ from it),
# else "unknown". Run at every build; FILE changes only when the commit
# does, so an unchanged commit rebuilds nothing. A tree copied inside
# another repository (no .git of its own) is "unknown", not that one's.
set(commit "unknown")
if(COMMIT)
  set(commit "${COMMIT}")
else()
  find_program(PROACT_GIT git)
  if(PROACT_GIT)
    execute_process(COMMAND "${PROACT_GIT}" -C "${SOURCE_DIR}"
        rev-parse --show-toplevel
      OUTPUT_VARIABLE top RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE
      ERROR_QUIET)
    if(rc EQUAL 0)
      file(REAL_PATH "${top}" top)
      file(REAL_PATH "${SOURCE_DIR}" src)
    endif()
    if(rc EQUAL 0 AND top STREQUAL src)
      execute_process(COMMAND "${PROACT_GIT}" -C "${SOURCE_DIR}"
          rev-parse --short=12 HEAD
        OUTPUT_VARIABLE id RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE
        ERROR_QUIET)
      if(rc EQUAL 0 AND id MATCHES "^[0-9a-f]+$")
        set(commit "${id}")
        execute_process(COMMAND "${PROACT_GIT}" -C "${SOURCE_DIR}"
            status --porcelain --untracked-files=no
          OUTPUT_VARIABLE changes RESULT_VARIABLE rc ERROR_QUIET)
        if(rc EQUAL 0 AND NOT changes STREQUAL "")
          string(APPEND commit "-dirty")
        endif()
      endif()
    endif()
  endif()
endif()
string(REPLACE "\\" "\\\\" commit "${commit}")
string(REPLACE "\"" "\\\"" commit "${commit}")
set(text "/* Written by cmake/ProactCommit.cmake at build time. */\n")
string(APPEND text "#define PROACT_BUILD_COMMIT \"${commit}\"\n")
set(old "")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
