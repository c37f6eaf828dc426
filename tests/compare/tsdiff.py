#!/usr/bin/env python3
"""tsdiff.py QUIRE PATH... [--all] [--only SUBSTR] [--root DIR] [-j N]

Runs every test of Typst-style suite files (`--- name attrs ---` headers) through Typst
0.15.1 and quire and compares exit code, short diagnostics and the PDF's text.  PATHs
are suite files or folders.  Tests run in the folder of their file (relative imports
work); the root is --root, else the nearest ancestor folder named 'tests' or
the current folder.  `html` tests are skipped.  A prelude defines test() and print().
"""
import os, re, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cmp import compare_many, parse_args, show

PRELUDE = (
    '#let test(a, b) = if a != b { panic("test failed: " + repr(a) + " != " + repr(b)) }\n'
    '#let test-repr(a, b) = if repr(a) != repr(b) { panic("test failed: " + repr(a) + " != " + repr(b)) }\n'
    '#let print(..args) = none\n'
    '#set page(width: 120pt, height: auto, margin: 10pt)\n'
    '#set text(size: 10pt)\n'
)
HEADER = re.compile(r"^--- ([a-z0-9-]+)((?: [a-z]+)*) ---$")


def tests_of(path):
    out, name, attrs, body = [], None, "", []
    for line in open(path, encoding="utf-8").read().split("\n"):
        m = HEADER.match(line)
        if m:
            if name:
                out.append((name, attrs, "\n".join(body)))
            name, attrs, body = m.group(1), m.group(2).split(), []
        elif name:
            body.append(line)
    if name:
        out.append((name, attrs, "\n".join(body)))
    return out


def root_of(path, given):
    if given:
        return given
    p = os.path.abspath(path)
    while p != "/":
        if os.path.basename(p) == "tests":
            return p
        p = os.path.dirname(p)
    return os.getcwd()


def main():
    opt, show_all, args = parse_args(sys.argv[1:], {"--only": None, "--root": None, "-j": "4"})
    quire, paths = args[0], args[1:]
    files = []
    for p in paths:
        if os.path.isdir(p):
            for dp, _, fs in os.walk(p):
                files += [os.path.join(dp, f) for f in sorted(fs) if f.endswith(".typ") and not f.startswith(".t")]
        else:
            files.append(p)
    by_root = {}
    for f in sorted(files):
        for name, attrs, body in tests_of(f):
            if "html" in attrs and "paged" not in attrs:
                continue
            if opt["--only"] and opt["--only"] not in name:
                continue
            by_root.setdefault(root_of(f, opt["--root"]), []).append((name, PRELUDE + body + "\n", os.path.dirname(os.path.abspath(f))))
    total = agree = 0
    bad = []
    for root, items in by_root.items():
        rows = compare_many(quire, [s for _, s, _ in items], root=root, jobs=int(opt["-j"]), places=[p for _, _, p in items])
        for (name, _, _), (src, t, q, ok) in zip(items, rows):
            total += 1
            agree += ok
            if show_all or not ok:
                print(f"\n##### {name}")
                show(src[len(PRELUDE):], t, q)
                if not ok:
                    bad.append(name)
    print("\ndisagree:", " ".join(bad))
    print(f"agree {agree}/{total}")


if __name__ == "__main__":
    main()
