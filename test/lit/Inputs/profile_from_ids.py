"""Reads a lowered file (clang -E with the plugin) on stdin and writes a
proact-tune profile on stdout: for each argument LINE:good the loop at that
line with its own id, for LINE:stale with an id that is not its own."""
import re
import sys

text = sys.stdin.read()
ids = {}
for m in re.finditer(r"__proact_desc\.line = (\d+);.*?__proact_desc\.id = "
                     r"0x([0-9a-f]{16})ULL;", text, re.S):
    ids[m.group(1)] = m.group(2)
name = sys.argv[1]
for arg in sys.argv[2:]:
    line, kind = arg.split(":")
    own = ids[line]
    other = "%016x" % (int(own, 16) ^ 1)
    print("loop %s:%s mech poll chunk 65536 threads 512 id %s"
          % (name, line, own if kind == "good" else other))
