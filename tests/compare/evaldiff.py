#!/usr/bin/env python3
"""evaldiff.py QUIRE FILE... [--all] [-j N]

Each FILE holds snippets separated by lines of exactly '----'.  A snippet whose text
starts with '= ' is an expression: it becomes '#panic(repr(EXPR))' so that the repr
is compared byte for byte through the error message.  A line '>>> NAME' inside a snippet starts an
extra file NAME next to the main file (up to the next such line), for imports and
includes.  Prints the disagreeing snippets (all with --all) and a summary 'agree N/M'.
"""
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cmp import compare_many, parse_args, show, show_files, snippets, split_files


def main():
    opt, show_all, args = parse_args(sys.argv[1:], {"-j": "4"})
    jobs = int(opt["-j"])
    quire, files = args[0], args[1:]
    pairs = [split_files(s) for f in files for s in snippets(f)]
    srcs, extra = [p[0] for p in pairs], [p[1] for p in pairs]
    rows = compare_many(quire, srcs, jobs=jobs, files=extra)
    n = 0
    for (src, t, q, ok), fs in zip(rows, extra):
        n += ok
        if show_all or not ok:
            show(src, t, q)
            show_files(fs)
    print(f"agree {n}/{len(rows)}")


if __name__ == "__main__":
    main()
