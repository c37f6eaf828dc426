#!/usr/bin/env python3
"""fulldiff.py QUIRE FILE... [--all]: like evaldiff but compares the full (human) diagnostics,
hints and underlines included. Exit code and stderr only (no PDF text). Extra files as in evaldiff ('>>> NAME' lines)."""
import sys, os, subprocess, tempfile, shutil, hashlib, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cmp import show_files, snippets, split_files
from concurrent.futures import ThreadPoolExecutor
TYPST = os.path.expanduser("~/.typst-ref/bin/typst")
CACHE = os.path.expanduser("~/.cache/quire-compare-full")

def run(binary, src, files=None, env=None):
    st = os.stat(binary)
    key = hashlib.sha256(f"{binary}:{st.st_size}:{st.st_mtime_ns}\0{src}\0{json.dumps(files or {}, sort_keys=True)}".encode()).hexdigest()
    cp = os.path.join(CACHE, key + ".json")
    if os.path.exists(cp):
        return json.load(open(cp))
    d = tempfile.mkdtemp(prefix="fd")
    try:
        open(os.path.join(d, "main.typ"), "w").write(src)
        for name, content in (files or {}).items():
            p = os.path.join(d, name)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            open(p, "w").write(content)
        e = dict(os.environ, SOURCE_DATE_EPOCH="1700000000", NO_COLOR="1")
        e.update(env or {})
        try:
            p = subprocess.run([binary, "compile", "--root", d, "--ignore-system-fonts", "main.typ", "out.pdf"],
                               capture_output=True, text=True, timeout=60, cwd=d, env=e)
            res = {"rc": p.returncode, "out": (p.stderr + p.stdout).replace(d, "")}
        except subprocess.TimeoutExpired:
            res = {"rc": 124, "out": "TIMEOUT"}
    finally:
        shutil.rmtree(d, ignore_errors=True)
    os.makedirs(CACHE, exist_ok=True)
    json.dump(res, open(cp, "w"))
    return res

def main():
    args = sys.argv[1:]
    show_all = "--all" in args
    global notrace
    notrace = "--notrace" in args
    args = [a for a in args if a not in ("--all", "--notrace")]
    q, files = args[0], args[1:]
    pairs = [split_files(s) for f in files for s in snippets(f)]
    srcs = [p[0] for p in pairs]
    with ThreadPoolExecutor(3) as ex:
        res = list(ex.map(lambda p: (run(TYPST, p[0], p[1]), run(q, p[0], p[1])), pairs))
    n = 0
    def strip(r):
        if not notrace:
            return r
        out, skip = [], False
        for line in r["out"].split("\n"):
            if line.startswith("  while ") or line.startswith("  while\t"):
                skip = True
                continue
            if skip and line.startswith("    "):
                skip = False
                continue
            skip = False
            out.append(line)
        return {"rc": r["rc"], "out": "\n".join(out).rstrip()}
    for (s, fs), (t, qq) in zip(pairs, res):
        t, qq = strip(t), strip(qq)
        ok = t == qq
        n += ok
        if show_all or not ok:
            print("=" * 70); print(s.rstrip()); show_files(fs)
            print("--- typst (rc %d)" % t["rc"]); print(t["out"].rstrip())
            print("--- quire (rc %d)" % qq["rc"]); print(qq["out"].rstrip())
    print(f"agree {n}/{len(srcs)}")

if __name__ == "__main__":
    main()
