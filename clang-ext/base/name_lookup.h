/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// What a name in a loop body means where the pragma stands: a type, a
// variable declared before the loop, or something else. The body is read as
// tokens before it is parsed, so only Sema, which has parsed everything up
// to the pragma, knows that `real t` declares t when `real` is a typedef, or
// that `s += x` updates a variable of the enclosing function.
#ifndef PROACT_CLANG_EXT_NAME_LOOKUP_H
#define PROACT_CLANG_EXT_NAME_LOOKUP_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Token.h"
#include <set>
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
}

namespace proact {

enum class NameKind {
  Unknown,  // no Sema (clang -E): nothing is known
  Type,     // a typedef, visible at the pragma
  Variable, // a variable (local, parameter or global) visible there
  Other     // a function, an enumerator, or nothing by that name
};

// The kind of a variable's type, for reduction(...): which operators can
// combine it.
enum class ValueKind {
  Unknown, // no Sema, or not a single variable
  Integer, // integer, enum or _Bool
  Real,    // float, double, long double
  Complex, // _Complex
  Other    // a pointer, a struct, an array, ...
};

// Where the parser stands relative to OpenMP constructs.
enum class OpenMPPlace {
  Unknown,       // no Sema (clang -E)
  Outside,       // in no OpenMP construct
  AfterLoopLine, // right after a '#pragma omp' loop directive's line
  Inside         // in an OpenMP construct's statement (or right after a
                 // non-loop directive's line)
};

// The parser's place now; *Construct: where the innermost enclosing
// construct begins, when Sema knows it (invalid otherwise).
OpenMPPlace openMPPlace(clang::SourceLocation *Construct);

// Set by the plugin's action when the compilation parses (not under -E).
void setLookupInstance(clang::CompilerInstance *CI);

// What proact__host_code() (codegen.h) is in this compilation: "1" in the
// host pass, "0" in a device pass, so that CodeGen drops the other pass's
// walk without emitting it; under -E, where the text may be compiled by
// either pass, the call itself.
const char *hostCodeTest();

// Whether this compilation is a device pass for a CPU target (the host
// devices of `-fopenmp-targets=x86_64-...`), whose kernels need none of a
// GPU's groups of iterations; false under -E.
bool cpuDevicePass();

// Whether this compilation is the host pass of a build whose offload
// targets are all CPUs (`-fopenmp-targets=x86_64-...`, not -E): every
// device of its kernels runs the plain kernel alone (ilp.h,
// oneKernelPerLoop).
bool hostPassForCpusOnly();

// Whether this device pass's host pass (its `-fopenmp-host-ir-file-path`)
// holds a global whose name contains Marker: what a device pass knows of
// the host pass's choices, which change the kernels both must emit alike.
bool hostPassMarked(const char *Marker);

// Whether the plugin lowers for this compilation itself (false under -E,
// whose text either pass may compile).
bool lowersForCompile();

// Looks up identifier token T in the parser's current scope.
NameKind lookupName(const clang::Token &T);

// The type of the variable identifier token T names, its spelling in
// *Spelling (for a diagnostic).
ValueKind lookupValueKind(const clang::Token &T, std::string *Spelling);

// What identifier token T names, as a value: a variable's type, a
// function's result, a typedef's type (Unknown without Sema or for
// anything else).
ValueKind lookupKind(const clang::Token &T);
// The element type's kind of the array or pointer variable T names (Other
// for another variable), the variable's type spelled in *Spelling.
ValueKind lookupElementKind(const clang::Token &T, std::string *Spelling);

// Whether Base.Members[0].Members[1]... (Base: a variable's identifier
// token) is a pointer: a struct's pointer member, the type it points to
// spelled in *Pointee. False without Sema and where a step is not a struct
// member known by that name.
bool memberIsPointer(const clang::Token &Base,
                     const std::vector<std::string> &Members,
                     std::string *Pointee);

// Whether Array[k].Members[0].Members[1]... (Array: a pointer or array
// variable's identifier token) is an array member of the element, which
// the program would use as a pointer. False without Sema.
bool elementMemberIsArray(const clang::Token &Array,
                          const std::vector<std::string> &Members);

// Whether parameter Index of the function identifier token T names points
// to a const-qualified type (false as well without Sema, for a name that is
// not a function, or past its parameters).
// Whether the struct or union variable T names (Element: the elements of
// the array or pointer variable T names) holds a pointer at any depth.
bool structHoldsPointer(const clang::Token &T, bool Element);
// Whether Array[k].Members[0]... is a pointer, or an array of pointers.
bool elementMemberIsPointer(const clang::Token &Array,
                            const std::vector<std::string> &Members);
// Whether a member on the path Members of the elements of the array or
// pointer variable Array names is a bit-field (which has no address).
bool elementMemberIsBitField(const clang::Token &Array,
                             const std::vector<std::string> &Members);
// Whether the elements of the array or pointer variable T names (through
// every dimension) are structs (not unions).
bool elementIsStruct(const clang::Token &T);
// Whether the elements of the array or pointer variable T names (through
// every dimension of an array) are pointers.
bool elementIsPointer(const clang::Token &T);
bool paramPointsToConst(const clang::Token &T, unsigned Index);

// The shape of the array or pointer variable an identifier names, as Sema
// knows it at the pragma (multidim.h).
struct ArrayShape {
  bool Known = false;  // Sema names a variable by it
  bool Object = false; // an array, whose size the compiler knows (not a
                       // pointer)
  bool Local = false;  // of automatic storage (a local or a parameter)
  bool DeclareTarget = false; // OpenMP 'declare target' gave it a device copy
  int Rank = 0;        // 0: neither an array nor a pointer; 1: T *p or
                       // T a[n]; 2: T a[n][m] or T (*p)[m]; ...
  // Dimensions 2 .. Rank: a constant extent (Constant, Value), or a
  // variable-length one, its size expression printed in Text and the
  // variable it names, when it is one (Var, compared with lookupDecl).
  struct Extent {
    bool Constant = false;
    unsigned long long Value = 0;
    std::string Text;
    const void *Var = nullptr;
  };
  std::vector<Extent> Inner;
  std::string Type; // the variable's type, spelled
};
ArrayShape lookupArrayShape(const clang::Token &T);

// Whether the loop body Body names, or calls a function that (through the
// functions it calls, where their bodies are known) names, a global that
// OpenMP keeps one copy of per device and code may change: a 'declare
// target' variable that is not constant, other than those Named (the
// directive's arrays, an error of their own). Var: its name; Via: the function
// called, "" when the body names it; At: where; Writes: the body or the
// function stores to it (the first such global is reported, else the
// first named).
bool findDeviceGlobal(const std::vector<clang::Token> &Body,
                      const std::set<std::string> &Named, std::string &Var,
                      std::string &Via, clang::SourceLocation &At,
                      bool &Writes);

// The declaration identifier token T names (nullptr: none, or no Sema), to
// compare with ArrayShape::Extent::Var.
const void *lookupDecl(const clang::Token &T);

// The width in bits of the integer type of the variable or typedef T
// names; 0 for anything else or without Sema.
unsigned lookupIntegerBits(const clang::Token &T);
// Whether that type is an unsigned integer type of at least int's width
// (one the usual conversions make a comparison's type).
bool lookupIntegerUnsigned(const clang::Token &T);
// The postfix expression that starts at Toks[B] (a variable followed by
// members and subscripts, or a call): *End gets the index past it; returns
// 0 when its type is a signed integer or one that promotes to int, 1 when
// it is an unsigned integer of at least int's width, -1 when it is not an
// integer or not known.
int lookupPostfixUnsigned(const std::vector<clang::Token> &Toks, size_t B,
                          size_t *End);

// The value of the enumerator identifier token T names; false for anything
// else.
bool lookupEnumerator(const clang::Token &T, long long &V);

// Whether the parser stands outside any function (at file scope); false
// without Sema.
bool atFileScope();

} // namespace proact

#endif
