#!/usr/bin/env python3
"""Builds the audit's false-alarm corpus: real, correct multilingual files from Debian's archive
(translation catalogues, program sources and scripts with non-English comments, strings and
identifiers, multilingual documentation), outside the repository.

Each package of PACKAGES is fetched with `apt-get download` (Debian's archive only), unpacked
with `dpkg-deb -x`; gettext catalogues (.mo) are read back into .po with msgunfmt; every file of a
text or code extension that holds non-ASCII UTF-8 is kept. Files are split into two halves by a
hash of their content: "tune" (looked at while writing the rules) and "heldout" (only counted;
never tune on it). Writes OUT/tune/PACKAGE__DIR/NAME and OUT/heldout/PACKAGE__DIR/NAME, keeping
the files' own names (the audit picks its profile from them), and prints how many files each half
holds.

Usage: build_audit_corpus.py [--out DIR]   (default /work/audit-corpus)
"""
import argparse
import hashlib
import os
import subprocess
import sys
import tempfile

# Fixed, so that the corpus does not change with what else is installed. Chosen for their
# catalogues in many languages and sources with non-ASCII text (vim's runtime: menus, keymaps
# and help in many languages; mc: skins, help and syntax files; the rest: catalogues).
PACKAGES = ["vim-runtime", "mc-data", "iso-codes", "xkb-data", "gettext", "coreutils", "bash",
            "tar", "grep", "sed", "findutils", "diffutils", "dpkg", "apt", "gnupg-l10n",
            "util-linux-locales", "debconf-i18n", "tasksel-data", "libc-l10n", "e2fsprogs-l10n",
            "aptitude-common", "man-db", "procps", "psmisc", "nano", "wget", "less",
            "python3-babel", "ruby-i18n", "php-symfony-translation", "libqt5core5a",
            "git-man", "gnome-shell-common", "network-manager-l10n", "xfce4-session"]
TEXT_EXTENSIONS = {".po", ".pot", ".txt", ".md", ".rst", ".html", ".xml", ".json", ".yml", ".yaml",
                   ".ini", ".properties", ".desktop", ".c", ".h", ".cc", ".cpp", ".hpp", ".py",
                   ".rb", ".php", ".js", ".ts", ".java", ".kt", ".cs", ".go", ".rs", ".swift",
                   ".sh", ".sql", ".pl", ".pm", ".lua", ".vim", ".el", ".tcl", ".mo"}


def keep(path):
    return os.path.splitext(path)[1].lower() in TEXT_EXTENSIONS


def non_ascii_utf8(data):
    if all(b < 0x80 for b in data):
        return False
    try:
        data.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def store(out, package, rel, data, counts):
    digest = hashlib.sha256(data).hexdigest()
    half = "tune" if int(digest[:8], 16) % 2 == 0 else "heldout"
    # A folder per package directory, the file under its own name: the audit picks its profile
    # from the name ("README.cs" is a Czech README, "x.cs" C#), as it does in a real tree.
    folder = (package + "__" + os.path.dirname(rel).replace("/", "_"))[-120:]
    dest = os.path.join(out, half, folder, os.path.basename(rel))
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with open(dest, "wb") as f:
        f.write(data)
    counts[half] += 1


def unpack(package, work, out, counts):
    subprocess.run(["apt-get", "download", package], cwd=work, check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    debs = [d for d in os.listdir(work) if d.startswith(package + "_") and d.endswith(".deb")]
    if not debs:
        print(f"{package}: not downloaded", file=sys.stderr)
        return
    root = os.path.join(work, package)
    subprocess.run(["dpkg-deb", "-x", os.path.join(work, debs[0]), root], check=True)
    for dirpath, _, files in os.walk(root):
        for name in files:
            path = os.path.join(dirpath, name)
            if os.path.islink(path) or not keep(name):
                continue
            rel = os.path.relpath(path, root)
            if name.endswith(".mo"):
                done = subprocess.run(["msgunfmt", path], capture_output=True, check=False)
                data, rel = done.stdout, rel[:-3] + ".po"
            else:
                with open(path, "rb") as f:
                    data = f.read()
            if non_ascii_utf8(data):
                store(out, package, rel, data, counts)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default="/work/audit-corpus")
    args = parser.parse_args()
    counts = {"tune": 0, "heldout": 0}
    for half in counts:
        os.makedirs(os.path.join(args.out, half), exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        for package in PACKAGES:
            unpack(package, work, args.out, counts)
    print(f"tune: {counts['tune']} files, heldout: {counts['heldout']} files")


if __name__ == "__main__":
    main()
