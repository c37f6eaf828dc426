#!/usr/bin/env python3
"""docex.py QUIRE [--all] [--only SUBSTR] [--dirs foundations,visualize,...] [-j N]

Extracts the ```example blocks of the reference docs (doc comments of typst-library
0.15.1's sources in the cargo registry), compiles each with Typst and quire, and reports
disagreements.  Lines starting with '>>>' are compiled (marker removed), '<<<' lines
are dropped.  Snippet ids are 'relative/path.rs#N'.
"""
import glob, os, re, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cmp import compare_many, parse_args, show

SRC = glob.glob(os.path.expanduser("~/.cargo/registry/src/*/typst-library-0.15.1/src"))[0]


def examples():
    out = []
    for path in sorted(glob.glob(SRC + "/**/*.rs", recursive=True)):
        rel = os.path.relpath(path, SRC)
        doc = []
        for line in open(path, encoding="utf-8"):
            s = line.strip()
            m = re.match(r"^(///|//!)( ?)(.*)$", s)
            doc.append(m.group(3) if m else None)
        n, i = 0, 0
        while i < len(doc):
            if doc[i] is not None and doc[i].strip().startswith("```example"):
                body, i = [], i + 1
                while i < len(doc) and doc[i] is not None and not doc[i].strip().startswith("```"):
                    body.append(doc[i])
                    i += 1
                lines = []
                for b in body:
                    if b.startswith("<<<"):
                        continue
                    if b.startswith(">>>"):
                        b = b[3:].lstrip(" ") if b[3:4] == " " else b[3:]
                    lines.append(b)
                n += 1
                out.append((f"{rel}#{n}", "\n".join(lines) + "\n"))
            i += 1
    return out


def main():
    opt, show_all, args = parse_args(sys.argv[1:], {"--only": None, "--dirs": None, "-j": "4"})
    quire = args[0]
    ex = examples()
    if opt["--dirs"]:
        dirs = opt["--dirs"].split(",")
        ex = [e for e in ex if e[0].split("/")[0] in dirs]
    if opt["--only"]:
        ex = [e for e in ex if opt["--only"] in e[0]]
    rows = compare_many(quire, [s for _, s in ex], jobs=int(opt["-j"]))
    agree, bad = 0, []
    for (name, _), (src, t, q, ok) in zip(ex, rows):
        agree += ok
        if show_all or not ok:
            print(f"\n##### {name}")
            show(src, t, q)
            if not ok:
                bad.append(name)
    print("\ndisagree:", " ".join(bad))
    print(f"agree {agree}/{len(rows)}")


if __name__ == "__main__":
    main()
