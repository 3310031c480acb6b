# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# cmake -DIN=file -DOUT=file.c -DNAME=symbol -P EmbedBinary.cmake
# Writes IN's bytes as `const unsigned char NAME[]` (8-byte aligned, as
# cuModuleLoadData wants) followed by a zero byte.
file(READ "${IN}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
file(WRITE "${OUT}"
  "/* Generated from ${IN} by cmake/EmbedBinary.cmake. */\n"
  "__attribute__((aligned(8))) const unsigned char ${NAME}[] = {${bytes}0};\n")
