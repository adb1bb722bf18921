#!/usr/bin/env python3
"""Fails when Swift newer than the package's swift-tools-version (6.0) is used unguarded.

Package.swift says `swift-tools-version: 6.0`, so every compiler from Swift 6.0 (Xcode 16.0) on
must build the package, tests included. CI has only the newest compiler, which accepts all of
this silently; this check reads the sources for the features that Swift 6.0 lacks and fails
unless each use sits in the positive branch of an `#if compiler(>=X)` with X at least the
feature's version (a 6.0 compiler skips such a branch without parsing it).

Usage: Scripts/check-compiler-guards.py [PATH ...]     (default: Sources Tests Benchmarks Fuzz)
       Scripts/check-compiler-guards.py --self-test

The features and guards are listed in Docs/Platforms.md ("Swift compilers"). The check is
textual: comments and string literals are skipped, and a multi-line construct is caught by the
line that shows it. `swift-syntax` 600.0.1 (Swift 6.0's parser) run over the tree is the fuller
check, by hand (Docs/Platforms.md); it needs a package dependency, which CI's build cannot have.
"""

import os
import re
import sys

# (pattern, first compiler that has it, what it is)
FEATURES = [
    (re.compile(r"(?<![A-Za-z_])SendableMetatype\b"), (6, 2),
     "SendableMetatype (use FlexSendableMetatype)"),
    (re.compile(r"@inline\(always\)"), (6, 3), "@inline(always) (SE-0496)"),
    (re.compile(r"\b(UTF8Span|RawSpan|MutableSpan|MutableRawSpan|OutputSpan|OutputRawSpan)\b|\bSpan\s*[<(]"),
     (6, 2), "Span types"),
    (re.compile(r"\bInlineArray\b|\[\s*\d+\s+of\s+"), (6, 2), "InlineArray"),
    (re.compile(r"nonisolated\(nonsending\)|@concurrent\b"), (6, 2), "nonisolated(nonsending) / @concurrent"),
    (re.compile(r"\bweak\s+let\b"), (6, 2), "weak let"),
    (re.compile(r"~Escapable|@_?lifetime\b"), (6, 2), "non-escapable types"),
    (re.compile(r"^\s*(?:public\s+|package\s+|internal\s+|private\s+|fileprivate\s+)?nonisolated\s+"
                r"(?:struct|class|enum|extension|actor|protocol|final)\b"), (6, 1),
     "nonisolated on a type or extension (SE-0449)"),
    (re.compile(r"\bfunc\s+`[^`]*[^A-Za-z0-9_`][^`]*`"), (6, 2), "raw identifier (SE-0451)"),
    (re.compile(r"#require\(throws:|=\s*(?:try\s+)?#expect\(throws:"), (6, 1),
     "the value of #require/#expect(throws:) (Swift Testing 6.1; use requireThrows)"),
    (re.compile(r"(?:^|[=(,:\s])unsafe\s+[A-Za-z_&(\[]"), (6, 2), "unsafe expression (SE-0458)"),
    (re.compile(r",\s*\)"), (6, 1), "trailing comma before ')' (SE-0439)"),
]

COMPILER_IF = re.compile(r"^\s*#if\s+compiler\(\s*>=\s*(\d+)(?:\.(\d+))?\s*\)\s*$")


def strip_line(line):
    """The code of `line`: without string literals' contents and without a `//` comment."""
    line = re.sub(r'#"(?:[^"]|"(?!#))*"#', '""', line)
    line = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
    return line.split("//", 1)[0]


def check_text(path, text):
    """Yields (line number, message) for each unguarded use in `text`."""
    # Each open #if: (guarding version or None, in its positive branch).
    stack = []
    lines = text.split("\n")
    in_block_comment = False
    in_multiline_string = False
    previous_code = ""
    for number, raw in enumerate(lines, 1):
        line = raw
        if in_multiline_string:
            if '"""' in line:
                in_multiline_string = False
                line = '""' + line.split('"""', 1)[1]
            else:
                continue
        if line.count('"""') % 2 == 1:
            in_multiline_string = True
            line = line.split('"""', 1)[0] + '""'
        if in_block_comment:
            if "*/" not in line:
                continue
            in_block_comment = False
            line = line.split("*/", 1)[1]
        if "/*" in line and "*/" not in line.split("/*", 1)[1]:
            in_block_comment = True
            line = line.split("/*", 1)[0]
        stripped = strip_line(line).strip()
        match = COMPILER_IF.match(stripped)
        if match:
            stack.append(((int(match.group(1)), int(match.group(2) or 0)), True))
            continue
        if stripped.startswith("#if"):
            stack.append((None, True))
            continue
        if stripped.startswith("#elseif") or stripped.startswith("#else"):
            if stack:
                stack[-1] = (stack[-1][0], False)
            continue
        if stripped.startswith("#endif"):
            if stack:
                stack.pop()
            continue
        code = strip_line(line)
        guard = max((v for v, positive in stack if v is not None and positive), default=(6, 0))
        for pattern, version, what in FEATURES:
            found = pattern.search(code)
            if what.startswith("trailing comma") and not found:
                # A comma ending the previous line, and this one opening with ')'.
                found = previous_code.rstrip().endswith(",") and code.lstrip().startswith(")")
            if found and version > guard:
                yield number, "%s needs Swift %d.%d: put it under #if compiler(>=%d.%d)" % (
                    what, version[0], version[1], version[0], version[1])
        if code.strip():
            previous_code = code


def check_paths(paths):
    problems = 0
    for root in paths:
        files = [root] if root.endswith(".swift") else [
            os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.endswith(".swift")]
        for path in sorted(files):
            with open(path, encoding="utf-8", errors="replace") as handle:
                for number, message in check_text(path, handle.read()):
                    print("%s:%d: %s" % (path, number, message))
                    problems += 1
    return problems


SELF_TEST = [
    ("protocol P: SendableMetatype {}", 1),
    ("#if compiler(>=6.2)\nprotocol P: SendableMetatype {}\n#else\nprotocol P {}\n#endif", 0),
    ("#if compiler(>=6.2)\nlet a = 1\n#else\nprotocol P: SendableMetatype {}\n#endif", 1),
    ("#if compiler(>=6.1)\nprotocol P: SendableMetatype {}\n#endif", 1),
    ("protocol P: FlexSendableMetatype {}", 0),
    ("// SendableMetatype in a comment", 0),
    ('let s = "SendableMetatype in a string"', 0),
    ("@inline(always) func f() {}", 1),
    ("#if compiler(>=6.3)\n  @inline(always)\n#else\n  @inline(__always)\n#endif\nfunc f() {}", 0),
    ("f(a,\n  b,\n)", 1),
    ("f(a, b,)", 1),
    ("let x = [\n  1,\n  2,\n]", 0),
    ("let e = try #require(throws: E.self) { try f() }", 1),
    ("let e = try requireThrows(E.self) { try f() }", 0),
    ("#expect(throws: E.self) { try f() }", 0),
    ("nonisolated struct S {}", 1),
    ("nonisolated(unsafe) static var x = 0", 0),
    ("@Test func `decodes a value`() {}", 1),
    ("let v: InlineArray<3, Int> = [1, 2, 3]", 1),
    ("let p = unsafe pointer.pointee", 1),
    ("let x = unsafeBitCast(a, to: B.self)", 0),
    ("func f(_ s: Span<UInt8>) {}", 1),
    ("let text = \"\"\"\n  f(a,\n  )\n  \"\"\"", 0),
    ("f(\n  a,\n  \"\"\"\n  text\n  \"\"\"),", 0),
    ("#if compiler(>=6.2)  // UTF8Span\nlet s: UTF8Span\n#endif", 0),
]


def self_test():
    failures = 0
    for text, expected in SELF_TEST:
        found = len(list(check_text("<self-test>", text)))
        if found != expected:
            print("self-test: expected %d finding(s), got %d, in:\n%s\n" % (expected, found, text))
            failures += 1
    print("self-test: %d of %d cases as expected" % (len(SELF_TEST) - failures, len(SELF_TEST)))
    return failures


def main(argv):
    if argv[1:] == ["--self-test"]:
        return 1 if self_test() else 0
    paths = argv[1:] or [p for p in ("Sources", "Tests", "Benchmarks", "Fuzz") if os.path.isdir(p)]
    problems = check_paths(paths)
    print("compiler guards: %d unguarded use(s) of Swift newer than 6.0" % problems)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
