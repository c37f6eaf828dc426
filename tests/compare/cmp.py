"""Run Typst 0.15.1 and quire on the same source and compare what they report.

A result is a dict: rc (exit code), diags (list of normalized short-format lines),
text (whitespace-collapsed pdftotext output, '' on error).  Results are cached under
~/.cache/quire-compare keyed by binary identity and source, so reruns only compile changes.

    from cmp import compare_many
    rows = compare_many(quire_bin, [src1, src2, ...], root=None, jobs=4)
    for src, t, q, same in rows: ...
"""
import hashlib, json, os, re, subprocess, tempfile, shutil
from concurrent.futures import ThreadPoolExecutor

TYPST = os.path.expanduser("~/.typst-ref/bin/typst")
CACHE = os.path.expanduser("~/.cache/quire-compare")


def _bin_id(path):
    st = os.stat(path)
    return f"{path}:{st.st_size}:{st.st_mtime_ns}"


def _norm_diag(out, dirpath):
    lines = []
    for line in out.splitlines():
        line = line.rstrip()
        if not line:
            continue
        line = line.replace(dirpath + "/", "").replace(dirpath, "")
        line = re.sub(r"/[^ :]*/\.t[^/ :]*/", "", line)
        # Typst prints the path relative to the root with a leading slash sometimes.
        line = re.sub(r"^/?main\.typ", "main.typ", line)
        lines.append(line)
    return lines


def run_one(binary, src, root=None, files=None, timeout=60, place=None):
    key = hashlib.sha256((_bin_id(binary) + "\0" + (root or "") + "\0" + (place or "") + "\0" + src + json.dumps(files or {}, sort_keys=True)).encode()).hexdigest()
    cpath = os.path.join(CACHE, key[:2], key + ".json")
    if os.path.exists(cpath):
        with open(cpath) as f:
            return json.load(f)
    mainfile = None
    if place:
        d = tempfile.mkdtemp(prefix="cmp")
        fd, mainfile = tempfile.mkstemp(dir=place, prefix=".t", suffix=".typ")
        os.close(fd)
    elif root:
        base = os.path.join(root, ".t")
        os.makedirs(base, exist_ok=True)
        d = tempfile.mkdtemp(dir=base)
    else:
        d = tempfile.mkdtemp(prefix="cmp")
    try:
        main = mainfile or os.path.join(d, "main.typ")
        with open(main, "w") as f:
            f.write(src)
        for name, content in (files or {}).items():
            p = os.path.join(d, name)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w") as f:
                f.write(content)
        pdf = os.path.join(d, "out.pdf")
        cmd = [binary, "compile", "--diagnostic-format", "short", "--root", root or d,
               "--ignore-system-fonts", main, pdf]
        env = dict(os.environ, SOURCE_DATE_EPOCH="1700000000")
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env, cwd=d)
            rc, out = p.returncode, p.stderr + p.stdout
        except subprocess.TimeoutExpired:
            rc, out = 124, "TIMEOUT"
        if mainfile:
            out = out.replace(os.path.relpath(mainfile, root or d), "main.typ").replace(mainfile, "main.typ")
        diags = _norm_diag(out, d)
        text = ""
        if rc == 0 and os.path.exists(pdf):
            t = subprocess.run(["pdftotext", pdf, "-"], capture_output=True, text=True)
            text = " ".join(t.stdout.split())
        res = {"rc": rc, "diags": diags, "text": text}
    finally:
        shutil.rmtree(d, ignore_errors=True)
        if mainfile:
            os.unlink(mainfile)
    os.makedirs(os.path.dirname(cpath), exist_ok=True)
    with open(cpath, "w") as f:
        json.dump(res, f)
    return res


def same(t, q):
    return t["rc"] == q["rc"] and t["diags"] == q["diags"] and t["text"] == q["text"]


def compare_many(quire, srcs, root=None, jobs=4, files=None, places=None):
    """`files` is one dict of extra files for every source, or a list with one per source."""
    places = places or [None] * len(srcs)
    per = files if isinstance(files, list) else [files] * len(srcs)
    def both(arg):
        src, place, extra = arg
        return run_one(TYPST, src, root, extra, place=place), run_one(quire, src, root, extra, place=place)
    with ThreadPoolExecutor(jobs) as ex:
        res = list(ex.map(both, zip(srcs, places, per)))
    return [(s, t, q, same(t, q)) for s, (t, q) in zip(srcs, res)]


def show(src, t, q):
    print("=" * 70)
    print(src.rstrip())
    print("--- typst (rc %d)" % t["rc"])
    for d in t["diags"]:
        print("  " + d)
    if t["text"]:
        print("  text: " + t["text"][:400])
    print("--- quire (rc %d)" % q["rc"])
    for d in q["diags"]:
        print("  " + d)
    if q["text"]:
        print("  text: " + q["text"][:400])


def parse_args(argv, options):
    """Splits argv into (options with their values, whether --all was given, the rest);
    `options` maps each option taking a value to its default."""
    args, opt = list(argv), dict(options)
    for k in list(opt):
        if k in args:
            i = args.index(k)
            opt[k] = args[i + 1]
            del args[i:i + 2]
    show_all = "--all" in args
    return opt, show_all, [a for a in args if a != "--all"]


def split_files(src):
    """Splits a snippet into its main source and extra files: a line `>>> NAME` starts a
    file NAME (relative to the main file's folder) that runs to the next such line.
    Returns (main source, {name: text})."""
    parts = re.split(r"^>>> (\S+)\n", src, flags=re.M)
    files = {}
    for i in range(1, len(parts) - 1, 2):
        files[parts[i]] = parts[i + 1]
    return parts[0], files


def show_files(files):
    for name, text in (files or {}).items():
        print(">>> " + name)
        print(text.rstrip())


def snippets(path):
    """The snippets of a file, separated by lines `----`; `= EXPR` becomes
    `#panic(repr(EXPR))` so that its repr is compared through the error message."""
    with open(path) as f:
        parts = f.read().split("\n----\n")
    out = []
    for p in parts:
        p = p.strip("\n")
        if not p.strip():
            continue
        if p.startswith("= "):
            p = "#panic(repr(" + p[2:] + "))"
        out.append(p + "\n")
    return out
