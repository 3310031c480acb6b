/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// Every diagnostic the plugin reports, declared once. Reported through
// clang's DiagnosticsEngine so they carry file:line:col and work with -verify.
#ifndef PROACT_CLANG_EXT_DIAGNOSTICS_H
#define PROACT_CLANG_EXT_DIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include <string>

namespace proact {

#define PROACT_DIAGNOSTICS(X)                                                  \
  X(UnknownDirective, Error,                                                   \
    "unknown proact directive '%0'; expected 'data', 'update' or a loop "      \
    "directive starting with a clause such as 'region'")                       \
  X(UnknownClause, Error, "unknown clause '%0' in '#pragma proact %1'")        \
  X(UnknownClauseSuggest, Error,                                               \
    "unknown clause '%0' in '#pragma proact %1'; did you mean '%2'?")          \
  X(UnknownDirectiveSuggest, Error,                                            \
    "unknown proact directive '%0'; did you mean '%1'?")                       \
  X(UnknownMechanismSuggest, Error,                                            \
    "unknown transfer mechanism '%0'; did you mean '%1'?")                     \
  X(NeedsOpenMP, Error,                                                       \
    "'#pragma proact' needs OpenMP: compile with -fopenmp and an offload "     \
    "target such as -fopenmp-targets=nvptx64 (proactcc adds them; "           \
    "docs/user/building.md)")                                                  \
  X(PragmaNearMiss, Warning,                                                   \
    "unknown pragma '%0' ignored; did you mean '#pragma %1'?")                 \
  X(DuplicateClause, Error, "duplicate clause '%0'")                           \
  X(ExpectedToken, Error, "expected %0")                                       \
  X(BadSection, Error,                                                         \
    "bad array section: %0; write name[lo:len] with an array or pointer "      \
    "name")                                                                    \
  X(DuplicateArray, Error, "array '%0' is named twice in this directive")      \
  X(MissingRegion, Error,                                                      \
    "'#pragma proact' loop directive needs a 'region(array[lo:len], ...)' "    \
    "clause")                                                                  \
  X(DataWithoutArrays, Error,                                                  \
    "'#pragma proact data' needs at least one of copy, copyin, copyout or "    \
    "create")                                                                  \
  X(ClauseNotAllowed, Error, "clause '%0' is not allowed on '#pragma proact %1'") \
  X(UnknownMechanism, Error,                                                   \
    "unknown transfer mechanism '%0'; expected one of memcpy, inline, poll, "  \
    "trigger, dma, auto")                                                      \
  X(MechanismList, Error,                                                      \
    "mech(%0) names several mechanisms; a loop runs one: name one of "       \
    "memcpy, inline, poll, trigger, dma, auto")                                \
  X(BadChunk, Error,                                                           \
    "invalid chunk size '%0': expected bytes as an integer literal with an "   \
    "optional K, M or G suffix, between 256 and 1G")                           \
  X(BadThreads, Error,                                                         \
    "invalid transfer thread count '%0': expected an integer literal, a "      \
    "multiple of 32 between 32 and 8192")                                      \
  X(BadDevices, Error,                                                         \
    "invalid device list: %0; expected 'all' or OpenMP device numbers like "   \
    "devices(0, 1)")                                                           \
  X(NotFollowedByFor, Error,                                                   \
    "'#pragma proact region' must be followed by a 'for' loop")                \
  X(DirectiveBetween, Error,                                                   \
    "this '#pragma proact' directive comes between the one at line %0 and "   \
    "the %1 that one needs; write one directive for each %1")                 \
  X(SpreadDataNotBlock, Error,                                                 \
    "'#pragma omp target data' spreads only in front of a compound "          \
    "statement '{ ... }'; put the statement after it in braces to spread it " \
    "and the constructs inside")                                               \
  X(DataNotFollowedByBlock, Error,                                             \
    "'#pragma proact data' must be followed by a compound statement '{ ... }'")\
  X(NonCanonicalLoop, Error,                                                   \
    "loop is not in canonical form: %0; write for (int i = lo; i < hi; "       \
    "i++) (or <=, >, >=, ++, --, += step, -= step)")                           \
  X(NestedLoop, Error,                                                         \
    "nested proact loops are not supported; annotate the outer loop only")     \
  X(UpdateWithoutClauses, Error,                                               \
    "'#pragma proact update' needs at least one host(array[lo:len]) or "       \
    "device(array[lo:len]) clause")                                            \
  X(UpdateInLoopBody, Error,                                                   \
    "'#pragma proact update' inside a '#pragma proact' loop body; the body "   \
    "runs on the devices: update before or after the loop")                    \
  X(UpdateSubstatement, Error,                                                 \
    "'#pragma proact update' cannot be the immediate substatement of '%0' "    \
    "(a standalone directive, as in OpenMP); enclose it in braces { }")        \
  X(UpdateOutsideFunction, Error,                                              \
    "'#pragma proact update' is a statement; it must be inside a function")    \
  X(DataInLoopBody, Error,                                                     \
    "'#pragma proact data' inside a '#pragma proact' loop body; put the data " \
    "directive around the loop")                                               \
  X(LeaveDataRegion, Error,                                                   \
    "cannot leave a proact data region with '%0' (its exit copies the "       \
    "arrays back to the host and frees their device copies); %1")              \
  X(EnterDataRegion, Error,                                                   \
    "cannot jump into a proact data region with 'goto' (its entry makes the "  \
    "arrays' device copies); jump to a label before the region's directive "   \
    "instead")                                                                 \
  X(DataRegionHere, Note, "the proact data region begins here")               \
  X(FreeInDataRegion, Error,                                                   \
    "'%0(%1)' inside a proact data region that maps '%1': the region's exit "  \
    "would copy the array back into freed memory, and a new allocation at "    \
    "the same address would take the old device copy; free it after the "     \
    "region, or end the region first and map the new allocation in a region " \
    "of its own")                                                              \
  X(StrayDirective, Error,                                                    \
    "'#pragma proact' inside the parentheses or brackets of an annotated "     \
    "loop; a ')' or ']' is missing before it")                                 \
  X(EnclosingLoop, Note,                                                       \
    "inside the loop of this '#pragma proact'; if that loop should end "       \
    "before the nested directive, a '}' is missing")                           \
  X(MissingHeader, Error,                                                      \
    "'#pragma proact' needs the declarations of <proact.h>; add "              \
    "#include <proact.h> before this line")                                    \
  X(ContractNotFound, Error,                                                   \
    "PROACT's generated-code contract is missing: %0; reinstall PROACT "      \
    "(proact/detail/ must lie beside proact.h)")                               \
  X(NeedsC99, Error,                                                           \
    "PROACT's generated code needs C99 or later, and this compilation is %0; " \
    "compile with -std=gnu11 (or -std=gnu99), which also accept C89 code")    \
  X(HeaderAbiMismatch, Error,                                                  \
    "the <proact.h> included here declares lowering ABI %0, but this PROACT "  \
    "plugin emits code for ABI %1; include the header installed with the "     \
    "plugin (and link the libproact built with it)")                           \
  X(ArrayWithoutSubscript, Error,                                              \
    "region array '%0' is used without a subscript; PROACT follows only "      \
    "element accesses '%0[index]' (no pointer arithmetic, no passing the "     \
    "array to functions)")                                                     \
  X(AddressOfElement, Error,                                                   \
    "taking the address of an element of region array '%0' hides the "         \
    "accesses made through it; index '%0' directly")                           \
  X(MultiSubscript, Error,                                                     \
    "region array '%0' has more than one subscript, but it is a '%1', whose "  \
    "rows are not one block of memory; index a flat array instead, e.g. "      \
    "%0[i * n + j], or declare it as an array of arrays (double %0[n][m], "    \
    "double (*%0)[m])")                                                        \
  X(MultiSubscriptNoTypes, Error,                                              \
    "region array '%0' has more than one subscript; without clang's types "   \
    "(a separate preprocessing step, 'clang -E', has none) PROACT cannot "     \
    "tell an array of arrays from a pointer to pointers: compile the source "  \
    "file itself")                                                             \
  X(SubscriptCount, Error,                                                     \
    "region array '%0' has %1 dimensions and %2 here; PROACT follows only "    \
    "accesses to one element, %3: a row or the array itself, passed on or "    \
    "with its address taken, would hide the accesses made through it; pass "  \
    "a function the elements it needs, or write its loop in the body")        \
  X(SectionDims, Error,                                                        \
    "the section %0 has %1 [lo:len], but '%2' ('%3') has %4 dimension%5")      \
  X(SectionNotWhole, Error,                                                    \
    "the section %0 does not take dimension %1 of '%2' whole (%3): a "         \
    "section of a multi-dimensional array is a range of whole rows, one "     \
    "block of memory; write %4, or leave the inner dimensions out: %5 means "  \
    "the same")                                                                \
  X(SpreadSectionNotWhole, Error,                                              \
    "the section %0 does not take dimension %1 of '%2' whole (%3): spread "    \
    "mode follows sections of whole rows only (%4, or %5), so this "          \
    "construct stays "                                                         \
    "OpenMP's; a wider section would also move the other elements of those " \
    "rows")                                                                    \
  X(SectionWholeUnknown, Error,                                                \
    "PROACT cannot tell that %0 takes dimension %1 of '%2' whole (declared "   \
    "[%3]); write the length as declared, [0:%3], or leave the inner "         \
    "dimensions out: %4 means whole rows")                                     \
  X(SectionSizeUnknown, Error,                                                 \
    "the section '%0' means the whole array, but '%0' is a '%1', whose size "  \
    "the compiler does not know; write %0[lo:len]")                            \
  X(SectionNotArray, Error,                                                    \
    "'%0' in a section is %1, not an array or a pointer")                 \
  X(SectionNoTypes, Error,                                                     \
    "the section %0 needs clang's types (the size of '%1', its dimensions), "  \
    "which a separate preprocessing step ('clang -E') does not have: compile " \
    "the source file itself")                                                  \
  X(NonAffineWrite, Warning,                                                   \
    "store to region array '%0' has an index that is not affine in the loop "  \
    "variable '%1': %2; this loop runs on one device, with mech(memcpy)")      \
  X(RacingUpdate, Error,                                                       \
    "read-modify-write of region array '%0' through an index that is not "    \
    "affine in the loop variable '%1' (%2): iterations on different threads " \
    "may update the same element at once")                                     \
  X(RacingUpdateFix, Note,                                                     \
    "if the updates accumulate, add reduction(%0: %1) to the directive (and "  \
    "the loop runs on every device)")                                          \
  X(ReductionArrayMisuse, Error,                                               \
    "'%0' is reduced by reduction(%1: %0[...]): the body may only update it "  \
    "as %2; this %3 would see a thread's partial array, not '%0'")             \
  X(ReductionScalarMisuse, Error,                                              \
    "'%0' is reduced by reduction(%1: %0): the body may only update it as "    \
    "%2, each update a statement of its own; elsewhere it would see a "        \
    "thread's partial value, not '%0'")                                        \
  X(ReductionConversion, Error,                                               \
    "reduction(%1: %0) stores values of type '%2' into '%0' of type '%3', "   \
    "which %4: each thread reduces its own share, so the result could "        \
    "differ from the sequential loop's; %5")                                   \
  X(ArrayNotInRegion, Error,                                                   \
    "'%0' is indexed in the loop but not named in region(...); name it so "    \
    "that every device has a copy")                                            \
  X(DerefNotInRegion, Error,                                                   \
    "'%0' is dereferenced in the loop but not named in region(...): it "       \
    "points to host memory, which the devices cannot read; name it in "       \
    "region(...) and index it ('%0[k]' for '*(%0 + k)')")                      \
  X(PointerNotInRegion, Error,                                                 \
    "'%0' is used in the loop without a subscript (passed to a function, "    \
    "assigned or offset): PROACT follows only the element accesses "          \
    "'%0[index]' of region arrays, so what the body reads or writes through " \
    "'%0' would not be the devices' current values; name it in region(...) "  \
    "and index it in the loop body itself")                                    \
  X(PointerMemberInBody, Error,                                                \
    "'%0' is a pointer member indexed in a '#pragma proact' loop: it "        \
    "points to host memory, which the devices cannot read; copy it to a "     \
    "local pointer before the directive (%1 *%2 = %0;) and name that in "      \
    "region(...)")                                                             \
  X(DerefOuterPointer, Error,                                                  \
    "'%0' is dereferenced in the loop: it points to host memory, which the "  \
    "devices cannot read; copy what the loop needs to locals before the "      \
    "directive (a pointer it holds to a local pointer named in region(...))")  \
  X(ElementPointerRead, Error,                                                 \
    "the elements of region array '%0' are pointers to host memory, which "    \
    "the devices cannot follow: the loop may store them but not read them; "   \
    "give each pointed-to array a local pointer named in region(...), or "     \
    "index one flat array")                                                    \
  X(ElementMemberPointerRead, Error,                                           \
    "the member '%1' of region array '%0''s elements holds pointers to host " \
    "memory, which the devices cannot follow: the loop may store it but not "  \
    "read it; name each pointed-to array in region(...) or index one flat "    \
    "array")                                                                   \
  X(StructPointersCopied, Error,                                              \
    "%0 holds pointers to host memory and is copied whole in a '#pragma "     \
    "proact' loop, where the devices cannot follow them; read its other "      \
    "members one by one, and copy each pointer the loop needs to a local "     \
    "before the directive, named in region(...)")                              \
  X(PointerMemberUsed, Error,                                                  \
    "'%0' is a pointer member used in a '#pragma proact' loop: it points to "  \
    "host memory, which the devices cannot read; copy it to a local pointer "  \
    "before the directive (%1 *%2 = %0;) and name that in region(...)")        \
  X(PointerInBody, Error,                                                      \
    "'->' in a '#pragma proact' loop: the pointer refers to host memory, "     \
    "which the devices cannot read; copy the value to a local before the "     \
    "loop")                                                                    \
  X(LoopVariableAssigned, Error,                                               \
    "the loop variable '%0' is assigned in the loop body; PROACT splits the "   \
    "iterations by its values, so the body must not change it")               \
  X(LoopVariableHidden, Error,                                                 \
    "the loop body declares its own '%0', which hides the loop variable; "    \
    "PROACT would read the body's '%0' as the loop's, so give it another "    \
    "name")                                                                    \
  X(OuterVariableAssigned, Error,                                              \
    "'%0' is declared before the loop and assigned in its body; the "         \
    "iterations run on several devices and threads, each with its own copy "   \
    "of '%0', so its value after the loop would not be the sequential "        \
    "program's; declare '%0' inside the body if it is a temporary, or name "   \
    "it in a reduction(op: %0) clause if it accumulates over the iterations")  \
  X(BadReduction, Error,                                                       \
    "invalid reduction: %0; write reduction(op: variable or a[lo:len], ...) "  \
    "with op one of + * & | ^ && || max min")                                              \
  X(ReductionNotOuterVariable, Error,                                          \
    "'%0' in reduction(...) is not a variable declared before the loop")       \
  X(RegionArrayShadowed, Error,                                               \
    "the loop's body declares another '%0'; rename that one: the name of a "   \
    "region(...) array must mean the array throughout the body")               \
  X(ReductionShadowed, Error,                                                  \
    "the loop's body declares another '%0'; rename that one: the name of a "   \
    "reduction(...) variable must mean the variable throughout the body")      \
  X(ReductionBadType, Error,                                                   \
    "'%0' has type '%1', which reduction(%2: ...) cannot combine; %2 takes "   \
    "%3")                                                                      \
  X(InnerLoopVariableOutside, Error,                                           \
    "the inner loop's variable '%0' is a global or static variable; each "     \
    "thread needs its own copy, and the value the program sees after the "     \
    "loop would not be the sequential one: declare it in the 'for' "           \
    "(for (int %0 = ...)) or in the body")                                     \
  X(InnerLoopVariableReadFirst, Error,                                         \
    "'%0' is the inner loop's variable, declared before the loop, and the "    \
    "body uses it here before it assigns it (or where an assignment may not "  \
    "have run); PROACT gives each thread its own copy of '%0', which holds "   \
    "no value yet: assign it first, or declare the value the body needs in "   \
    "the body")                                                                \
  X(InnerLoopVariableReadAfter, Error,                                         \
    "'%0' is the inner loop's variable, declared before the loop, and the "    \
    "function %1; PROACT gives each thread its own copy of '%0', so its "      \
    "value after the loop is not the sequential one: declare it in the "       \
    "'for' (for (int %0 = ...)), and compute the value the later code needs "  \
    "after the loop")                                                          \
  X(InnerLoopVariableUse, Note, "%0 here")                            \
  X(StoreThroughOuterPointer, Error,                                           \
    "the body stores through '%0', a pointer declared before the loop; on a "  \
    "device it holds a host address, and the store would be lost or race "    \
    "with other iterations: store into a region array instead")               \
  X(AddressOfOuterVariable, Error,                                             \
    "the body takes the address of '%0', a variable declared before the "      \
    "loop; each device and thread has its own copy of '%0', and a store "      \
    "through the address would be lost or race with other iterations: copy "   \
    "'%0' into a variable declared in the body, or pass it to a parameter "    \
    "that points to const")                                                    \
  X(DeviceGlobalSpread, Error,                                                 \
    "the body uses '%0'%1, an OpenMP 'declare target' variable, which "       \
    "OpenMP keeps one copy of per device: another device's copy may hold "    \
    "another value")                                                           \
  X(DeviceGlobalWrite, Error,                                                  \
    "the body writes '%0'%1, an OpenMP 'declare target' variable: each "      \
    "device of the loop would write its own copy, and no construct gathers "  \
    "them; write the results to a region array instead")                      \
  X(DeviceGlobalRead, Warning,                                                 \
    "the body reads '%0'%1, an OpenMP 'declare target' variable: each "       \
    "device of the loop reads its own copy, which 'target update' and "       \
    "OpenMP's constructs change on one device; make it current on every "     \
    "device, or pass its value through a variable declared before the loop") \
  X(DeclareTargetArray, Error,                                                 \
    "'%0' is an OpenMP 'declare target' variable: OpenMP keeps one device "   \
    "copy of it, which PROACT's copies on every device cannot take the "      \
    "place of; leave 'declare target' off the arrays PROACT's loops and data " \
    "regions name (PROACT copies them to the devices itself)")                 \
  X(MemberArrayWhole, Error,                                                   \
    "the array member '%1' of an element of region array '%0' is used "      \
    "without a subscript (passed to a function or kept in a pointer): "       \
    "PROACT follows only the body's own element accesses; index it in the "   \
    "body ('%0[k].%1[j]')")                                                    \
  X(LabelInBody, Error,                                                        \
    "label '%0' in a '#pragma proact' loop body: the body is compiled into "  \
    "several kernels of one function, where a label may appear once; use "    \
    "'continue' or if/else instead of 'goto'")                                 \
  X(StaticInBody, Error,                                                       \
    "'%0' variable in a '#pragma proact' loop body: it would carry values "   \
    "from one iteration to the next, which run on several devices and "       \
    "threads at once; declare it before the loop, or as a plain local")        \
  X(GotoInBody, Error,                                                         \
    "'goto' in a '#pragma proact' loop body: its iterations run as kernels "  \
    "on several devices, which no jump leaves; use 'continue' or if/else, "   \
    "or set a flag and test it after the loop")                               \
  X(ExitInBody, Error,                                                         \
    "'%0' in a '#pragma proact' loop body would end the program from a "       \
    "kernel while other devices run theirs; record the condition in an "      \
    "array and call '%0' after the loop")                                      \
  X(PragmaInBody, Error,                                                       \
    "pragmas are not allowed inside a '#pragma proact' loop body")             \
  X(BadDistribute, Error, "invalid distribute(...) clause: %0")                \
  X(BadDecompose, Error, "invalid decompose(...) clause: %0")                  \
  X(ReadsNotInRegion, Error,                                                   \
    "'%0' in reads(...) is not named in region(...)")                          \
  X(BadReadsSection, Error,                                                    \
    "reads(%0[lo:len]) must give lo as an affine expression of the loop "      \
    "variable '%1' and len as a loop-invariant expression: %2")                \
  X(WholeArrayRead, Remark,                                                    \
    "'%0' is read through an index that is not affine in '%1' (%2): before "   \
    "each run of this loop every device receives all of '%0' that another "    \
    "device changed; a reads(%0[lo:len]) clause can narrow that")              \
  X(RegionArrayUnused, Warning,                                                \
    "region array '%0' is not used in the loop")                               \
  X(ProfileUnreadable, Error, "cannot read the PROACT profile '%0': %1")     \
  X(ProfileNotRegular, Error,                                                 \
    "the PROACT profile '%0' is not a regular file (%1); give the file "     \
    "proact-tune wrote")                                                      \
  X(ProfileTooLarge, Error,                                                   \
    "the PROACT profile '%0' has %1 bytes, more than the %2 a profile may "  \
    "have; give the file proact-tune wrote")                                  \
  X(ProfileMalformed, Error,                                                  \
    "PROACT profile '%0', line %1: expected 'loop FILE:LINE mech NAME chunk " \
    "BYTES threads N [id HEX]', got '%2'")                                    \
  X(UnknownPluginArg, Error,                                                  \
    "unknown PROACT plugin argument '%0'; the plugin takes "                   \
    "-fplugin-arg-proact-profile=FILE, -fplugin-arg-proact-ilp=N (N from 1 "  \
    "to 8, or gpu), -fplugin-arg-proact-mechanisms=LIST, "                    \
    "-fplugin-arg-proact-read-check=runtime|on|off, "                        \
    "-fplugin-arg-proact-openmp=spread|off and the switches of its "          \
    "warnings and remarks, -fplugin-arg-proact-Wno-NAME, -Werror=NAME, "      \
    "-Wno-error=NAME, -RNAME and -Rno-NAME (docs/user/building.md)")          \
  X(BadPluginArgValue, Error,                                                  \
    "invalid value '%0' of PROACT plugin argument '%1': expected %2")         \
  X(UnknownDiagName, Error,                                                   \
    "plugin argument '%0' names no PROACT %1; the %1s are %2, and 'proact' "  \
    "names them all")                                                          \
  X(MechanismNotBuilt, Error,                                                  \
    "mech(%0) needs a kernel that -fplugin-arg-proact-mechanisms=%1 leaves "  \
    "out; add %0 to the list or remove the clause")                           \
  X(ArgumentsNotApplied, Warning,                                              \
    "plugin argument '%0' has no effect: the PROACT loops of this file (the " \
    "first is in this function) were lowered by an earlier preprocessing "    \
    "step ('clang -E', -save-temps), which clang runs without plugin "        \
    "arguments; compile the source file itself")                              \
  X(ProfileApplied, Remark, "from profile '%0': %1")                          \
  X(ProfileStale, Warning,                                                    \
    "profile '%0' has an entry for %1, measured on another version of this "  \
    "loop (its source changed since proact-tune ran); not used")             \
  X(OpenMPDirectiveNotLoop, Error,                                            \
    "'#pragma omp %0' between '#pragma proact' and its loop; only an OpenMP "  \
    "loop directive (parallel for, for, simd, parallel for simd, loop) may "  \
    "stand there, for the build without PROACT")                             \
  X(OpenMPClauseUnsupported, Error,                                            \
    "clause '%0' of '#pragma omp %1' has no PROACT equivalent: %2")            \
  X(OpenMPReductionMismatch, Error,                                            \
    "the reductions of '#pragma omp %0' and '#pragma proact' differ: %1; "     \
    "give both directives the same reduction(op: variable) clauses")          \
  X(OpenMPLinePreprocessed, Error,                                             \
    "this loop's '#pragma omp' line (between '#pragma proact' and the loop) "  \
    "cannot go through a separate preprocessing step ('clang -E', "           \
    "-save-temps), which prints it in front of the lowering; compile the "     \
    "source file itself")                                                      \
  X(ProactAfterOpenMPLoop, Error,                                              \
    "'#pragma proact' after an OpenMP loop directive; write '#pragma proact' " \
    "first, then the '#pragma omp' line, then the loop")                      \
  X(ProactInOpenMPRegion, Error,                                               \
    "'#pragma proact' inside an OpenMP construct: PROACT starts its own "      \
    "parallel and target regions, and inside a parallel region every thread " \
    "would run the whole %0; put the directive outside the '#pragma omp' "     \
    "construct")                                                               \
  X(OpenMPConstructHere, Note, "the enclosing OpenMP construct begins here")  \
  X(NoGpuVersion, Error,                                                      \
    "'%0' has no NVIDIA GPU version in clang's OpenMP device library: "        \
    "the device link of this loop would fail; compute it from creal/cimag "   \
    "with <math.h> functions (e.g. hypot(creal(z), cimag(z)) for cabs) or "   \
    "call it outside the loop")                                               \
  X(OpenMPCallInBody, Error,                                                  \
    "call to the OpenMP function '%0' inside a '#pragma proact' loop body; "   \
    "the loop's iterations must not depend on which thread runs them: the "    \
    "body runs in OpenMP target kernels of several forms on several devices, " \
    "where '%0' answers differently than in the sequential program; call it "  \
    "before or after the loop (omp_get_wtime and omp_get_wtick are allowed)")  \
  X(ProactLoopHere, Note, "the loop of this '#pragma proact'")                 \
  X(ClauseWithoutEffect, Warning,                                              \
    "clause '%0' has no effect with the memcpy mechanism, which copies each "  \
    "device's writes in one piece after the loop")                             \
  X(OpenMPSpread, Remark,                                                      \
    "'#pragma omp %0' spreads over the devices as PROACT %1")                  \
  X(OpenMPNotSpread, Remark,                                                   \
    "'#pragma omp %0' stays on one device, as OpenMP says: %1")               \
  X(SpreadAttempt, Remark, "%0")                                               \
  X(OpenMPStaysInSpreadData, Error,                                            \
    "this '#pragma omp %0' stands in a spread 'target data' region, whose "    \
    "arrays live on every device: its mappings would outlive the region; "     \
    "move it out of the region")                                               \
  X(OpenMPStaysCopies, Remark,                                                 \
    "this OpenMP target construct stays on one device inside a spread "        \
    "'target data' region: around it the region's arrays are copied whole "   \
    "to its device and taken back from there; make it spread to save the "    \
    "copies")                                                                  \
  X(SpreadDataHere, Note, "the spread 'target data' region begins here")   \
  X(SpreadPreprocessed, Warning,                                               \
    "spread mode is off in this preprocessed file ('clang -E', -save-temps): " \
    "its compilation has no include path to find <proact.h> by, so the "      \
    "OpenMP constructs stay on one device; compile the source file itself")

enum class Diag {
#define PROACT_DIAG_ENUM_(Name, Level, Text) Name,
  PROACT_DIAGNOSTICS(PROACT_DIAG_ENUM_)
#undef PROACT_DIAG_ENUM_
};

// Reports a diagnostic; the builder lets callers stream %0, %1, ... .
// The OpenMP device pass compiles the same source as the host pass: the
// plugin's warnings and remarks are reported in the host pass only, so that
// each prints once (errors stop the compilation in whichever pass comes
// first).
void setDevicePass(bool Device);

clang::DiagnosticBuilder report(clang::DiagnosticsEngine &DE,
                                clang::SourceLocation Loc, Diag D);

// While a spread construct is translated (openmp_spread.h), the errors
// and warnings report() gives become remarks of the openmp-spread switch,
// and an error marks the attempt failed: the construct then stays OpenMP.
void setSpreadTrial(bool On);
bool spreadTrialFailed();
bool inSpreadTrial();

// The user's control over the plugin's warnings and remarks, which clang's
// warning groups cannot reach (a plugin cannot add a group): each has a
// name, switched by the plugin arguments W<name>, Wno-<name>,
// Werror=<name>, Wno-error=<name>, R<name> and Rno-<name> ("proact" names
// them all). Returns false, with *Why set, for an argument of that form
// naming no warning or remark; true when it was taken or is not of that form
// (*Taken says which).
bool takeDiagnosticArg(const std::string &Arg, bool *Taken, std::string *Why);

// What follows the text of a switchable diagnostic, as clang's "[-Wname]":
// the name its switches take.
std::string switchTag(const char *Name);

// The level a PROACT warning or remark called Name is reported at, from
// Default (Warning or Remark): clang's -w, -Werror, -Wno-error,
// -Wno-everything and -Reverything, then the plugin arguments above in
// their order. Remarks are off unless asked for, like clang's -Rpass.
clang::DiagnosticIDs::Level userLevel(const clang::DiagnosticsEngine &DE,
                                      clang::DiagnosticIDs::Level Default,
                                      const char *Name);

// A custom diagnostic's ID; an ignored one stays ignored under
// -Weverything, which from clang 20 on turns on ignored custom diagnostics.
unsigned customDiagID(clang::DiagnosticsEngine &DE,
                      clang::DiagnosticIDs::Level Level,
                      const std::string &Text);

// Before parsing: the ignored form of every report() diagnostic, so that
// the states pragmas copy later hold it too.
void keepIgnoredIgnored(clang::DiagnosticsEngine &DE);

// From now on, a warning or remark identical to an earlier one (same text,
// same location) is dropped with its notes: the lowering repeats the
// loop's body in several kernels after the never-run check copy, and
// clang's warnings in the body would otherwise print once per copy.
// Idempotent for one DiagnosticsEngine; not under -verify.
void reportRepeatsOnce(clang::DiagnosticsEngine &DE);

} // namespace proact

#endif
