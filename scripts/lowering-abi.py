#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""lowering-abi.py [--check | --print] [SOURCE_DIR]: the release version
follows the lowering ABI, the contract between the code the Clang plugin
generates and libproact (include/proact/detail/, PROACT_LOWERING_ABI).

The contract's fingerprint is a hash of the tokens of every header under
include/proact/detail/ (comments, blank lines and layout do not count, any
other change does). cmake/LoweringABI.txt records, one line per lowering
ABI, the ABI, the release version MAJOR.MINOR that carries it, and the
fingerprints of its contract (more than one where headers were reorganised
without changing what generated code and libproact exchange). --check (the
default; the abi_version test) fails unless the last line has this tree's
fingerprint, its PROACT_LOWERING_ABI, and the MAJOR.MINOR of project() in
CMakeLists.txt, ABIs and versions only grow down the file, and
CHANGELOG.md has a section for the version naming the ABI. So a change to
the contract must raise PROACT_LOWERING_ABI and the version together
(find_package(PROACT X.Y) then accepts only libraries of the same ABI), or
be recorded, in review, as no change. --print prints the line this tree
needs."""
import hashlib
import os
import re
import sys

TOKEN = re.compile(r'[A-Za-z_]\w*|\.?\d(?:[\w.]|[eEpP][+-])*|'
                   r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|\S')
COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*|("(?:\\.|[^"\\\n])*")|'
                     r"('(?:\\.|[^'\\\n])*')", re.S)


def tokens(text):
    """The file's tokens, each preprocessor directive ended by a newline."""
    text = COMMENT.sub(lambda m: m.group(1) or m.group(2) or " ", text)
    text = text.replace("\\\n", " ")
    out = []
    for line in text.split("\n"):
        toks = TOKEN.findall(line)
        if not toks:
            continue
        out.extend(toks)
        if toks[0] == "#":
            out.append("\n")
    return out


def fingerprint(src):
    detail = os.path.join(src, "include", "proact", "detail")
    h = hashlib.sha256()
    for name in sorted(os.listdir(detail)):
        if not name.endswith(".h"):
            continue
        with open(os.path.join(detail, name)) as f:
            h.update(("%s\n" % name).encode())
            h.update(" ".join(tokens(f.read())).encode())
            h.update(b"\n")
    return h.hexdigest()[:16]


def read(path, pattern, what):
    with open(path) as f:
        m = re.search(pattern, f.read(), re.M)
    if not m:
        sys.exit("lowering-abi.py: no %s in %s" % (what, path))
    return m


def main(argv):
    mode = "--check"
    if argv and argv[0] in ("--check", "--print"):
        mode = argv.pop(0)
    src = argv[0] if argv else os.path.join(os.path.dirname(__file__), "..")
    abi = int(read(os.path.join(src, "include/proact/detail/codegen.h"),
                   r"^#define PROACT_LOWERING_ABI (\d+)$",
                   "PROACT_LOWERING_ABI").group(1))
    m = read(os.path.join(src, "CMakeLists.txt"),
             r"^project\(proact VERSION (\d+)\.(\d+)\.(\d+)", "project()")
    version = "%s.%s" % (m.group(1), m.group(2))
    fp = fingerprint(src)
    if mode == "--print":
        print("%d %s %s" % (abi, version, fp))
        return 0
    record = os.path.join(src, "cmake", "LoweringABI.txt")
    rows = []
    with open(record) as f:
        for n, line in enumerate(f, 1):
            line = line.split("#")[0].split()
            if not line:
                continue
            if (len(line) < 3 or not line[0].isdigit() or
                    not re.fullmatch(r"\d+\.\d+", line[1])):
                sys.exit("%s:%d: expected 'ABI MAJOR.MINOR FINGERPRINT...'"
                         % (record, n))
            rows.append((int(line[0]), line[1], line[2:], n))
    errors = []
    if not rows:
        sys.exit("%s: no lines" % record)
    for a, b in zip(rows, rows[1:]):
        va = tuple(int(x) for x in a[1].split("."))
        vb = tuple(int(x) for x in b[1].split("."))
        if b[0] <= a[0] or vb <= va:
            errors.append("%s:%d: ABI %d version %s does not follow ABI %d "
                          "version %s: both must grow" %
                          (record, b[3], b[0], b[1], a[0], a[1]))
    last_abi, last_version, last_fp, n = rows[-1]
    bump = ("raise PROACT_LOWERING_ABI (include/proact/detail/codegen.h) "
            "to %d, the minor version in CMakeLists.txt's project() and "
            "include/proact.h's PROACT_VERSION_* to the next one, add the "
            "line that 'scripts/lowering-abi.py --print' prints then to "
            "%s, and a section for the version to CHANGELOG.md; only if "
            "code generated before the change and libproact after it (and "
            "the reverse) still work together, append %s to line %d "
            "instead" % (last_abi + 1, record, fp, n))
    if abi == last_abi and fp not in last_fp:
        errors.append("the lowering contract (include/proact/detail/*.h) "
                      "changed (fingerprint %s, %s:%d records %s for ABI "
                      "%d), but PROACT_LOWERING_ABI is still %d: %s" %
                      (fp, record, n, " ".join(last_fp), abi, abi, bump))
    elif abi != last_abi:
        errors.append("PROACT_LOWERING_ABI is %d, but the last line of %s "
                      "is ABI %d: add the line '%d %s %s' (with the version "
                      "raised)" % (abi, record, last_abi, abi, version, fp))
    elif version != last_version:
        errors.append("lowering ABI %d is version %s (%s:%d), but "
                      "CMakeLists.txt's project() says %s: the version's "
                      "MAJOR.MINOR changes only with the ABI" %
                      (abi, last_version, record, n, version))
    changelog = os.path.join(src, "CHANGELOG.md")
    with open(changelog) as f:
        text = f.read()
    sec = re.search(r"^## %s\.\d+\b[^\n]*lowering ABI (\d+)" %
                    re.escape(version), text, re.M)
    if not sec:
        errors.append("%s has no section '## %s.N ... lowering ABI %d'" %
                      (changelog, version, abi))
    elif int(sec.group(1)) != abi:
        errors.append("%s: the section of %s names lowering ABI %s, not %d" %
                      (changelog, version, sec.group(1), abi))
    for e in errors:
        print("lowering-abi.py: %s" % e, file=sys.stderr)
    if errors:
        return 1
    print("ok: lowering ABI %d, version %s, contract %s as %s records" %
          (abi, version, fp, os.path.basename(record)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
