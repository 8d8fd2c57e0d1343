#!/usr/bin/env python3
"""Start-up of the u8scope window, from the launch of the process to its window mapped and to its
first paint drawn, under a virtual X server (Xvfb), with or without a window manager.

Usage: tests/bench/gui/startup.py BUILD_DIR [--runs 9] [--wm openbox] [--display :57]

Files: the tour sample (no argument), a 256 MiB UTF-8 text and a 4 GiB sparse file, both made once
in $TMPDIR (or /tmp) and kept for later runs; every file is opened once before the timed runs, so
the page cache is warm. Settings go to a temporary XDG_CONFIG_HOME, the same for every run.

Two instants per run, in milliseconds after the launch:
- mapped: the X server's MapNotify for a top-level window (on the root window: the window itself
  without a window manager, the manager's frame with one), seen through libX11 without polling;
- painted: the window's own timestamp once its first paint has been drawn, written to stderr when
  U8SCOPE_STARTUP_T0 holds the launch time (app/gui/startup_trace.h), with the steps before it.
Also `u8scope --version`, launch to exit. Prints the median and the range of each.
"""
import argparse
import ctypes
import os
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

MAP_NOTIFY = 19
SUBSTRUCTURE_NOTIFY_MASK = 1 << 19


class MapWatcher:
    """MapNotify events on the root window of a display, through libX11."""

    def __init__(self, display):
        self.x = ctypes.CDLL("libX11.so.6")
        self.x.XOpenDisplay.restype = ctypes.c_void_p
        self.x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x.XDefaultRootWindow.restype = ctypes.c_ulong
        self.x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        self.x.XSelectInput.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_long]
        self.x.XConnectionNumber.argtypes = [ctypes.c_void_p]
        self.x.XPending.argtypes = [ctypes.c_void_p]
        self.x.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        self.x.XFlush.argtypes = [ctypes.c_void_p]
        self.dpy = self.x.XOpenDisplay(display.encode())
        if not self.dpy:
            raise SystemExit(f"cannot open display {display}")
        root = self.x.XDefaultRootWindow(self.dpy)
        self.x.XSelectInput(self.dpy, root, SUBSTRUCTURE_NOTIFY_MASK)
        self.x.XFlush(self.dpy)
        self.fd = self.x.XConnectionNumber(self.dpy)
        self.event = ctypes.create_string_buffer(192)  # sizeof(XEvent)

    def drain(self):
        while self.x.XPending(self.dpy):
            self.x.XNextEvent(self.dpy, self.event)

    def wait_for_map(self, timeout):
        """Seconds since the epoch at which the next MapNotify arrived, or None."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            while self.x.XPending(self.dpy):
                self.x.XNextEvent(self.dpy, self.event)
                if int.from_bytes(self.event.raw[:4], "little") == MAP_NOTIFY:
                    return time.time()
            select.select([self.fd], [], [], max(0.0, deadline - time.time()))
        return None


def make_files(folder):
    text = os.path.join(folder, "u8scope-startup-256M.txt")
    sparse = os.path.join(folder, "u8scope-startup-4G.bin")
    if not os.path.exists(text) or os.path.getsize(text) != 256 << 20:
        line = "Grüße, Κόσμε, こんにちは, Привет, 😀 — plain ASCII too.\n".encode()
        block = line * ((1 << 20) // len(line))  # whole lines, just under 1 MiB
        with open(text, "wb") as out:
            left = 256 << 20
            while left >= len(block):
                out.write(block)
                left -= len(block)
            out.write(line * (left // len(line)) + b"\n" * (left % len(line)))
    if not os.path.exists(sparse):
        with open(sparse, "wb") as out:
            out.truncate(4 << 30)
    return [("tour sample", None), ("256 MiB text", text), ("4 GiB sparse", sparse)]


def run_once(program, path, env, watcher):
    env = dict(env, U8SCOPE_STARTUP_T0=str(time.time_ns()))
    watcher.drain()
    start = int(env["U8SCOPE_STARTUP_T0"]) / 1e9
    args = [program] + ([path] if path else [])
    proc = subprocess.Popen(args, env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL)
    mapped = watcher.wait_for_map(10)
    steps = {}
    deadline = time.time() + 10
    while "first-paint" not in steps and time.time() < deadline:
        line = proc.stderr.readline().decode(errors="replace")
        if not line:
            break
        if line.startswith("u8scope startup: "):
            step, ms = line.split()[2:4]
            steps[step] = float(ms)
    proc.terminate()
    proc.wait(10)
    return (mapped - start) * 1000 if mapped else None, steps


def summary(values):
    values = [v for v in values if v is not None]
    if not values:
        return "none"
    return f"{statistics.median(values):6.0f} ms ({min(values):.0f}-{max(values):.0f})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("build_dir")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--wm", help="a window manager to run first, e.g. openbox")
    parser.add_argument("--display", default=":57")
    args = parser.parse_args()
    program = os.path.abspath(os.path.join(args.build_dir, "bin", "u8scope"))
    folder = os.environ.get("TMPDIR", "/tmp")
    files = make_files(folder)

    config = tempfile.mkdtemp(prefix="u8scope-startup-")
    env = dict(os.environ, DISPLAY=args.display, XDG_CONFIG_HOME=config, QT_QPA_PLATFORM="xcb")
    env.pop("U8SCOPE_STARTUP_T0", None)
    xvfb = subprocess.Popen(["Xvfb", args.display, "-screen", "0", "1600x1000x24", "-nolisten",
                             "tcp"], stderr=subprocess.DEVNULL)
    wm = None
    try:
        time.sleep(1)
        watcher = MapWatcher(args.display)
        if args.wm:
            wm = subprocess.Popen([args.wm], env=env, stderr=subprocess.DEVNULL)
            time.sleep(1.5)
        for _, path in files:  # warm: libraries, fonts, the files' first pages
            run_once(program, path, env, watcher)

        started = time.time()
        subprocess.run([program, "--version"], env=env, stdout=subprocess.DEVNULL, check=True)
        versions = []
        for _ in range(args.runs):
            started = time.time()
            subprocess.run([program, "--version"], env=env, stdout=subprocess.DEVNULL, check=True)
            versions.append((time.time() - started) * 1000)

        print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}; "
              f"window manager: {args.wm or 'none'}; {args.runs} runs each, warm cache")
        print(f"{'--version':14} exits after {summary(versions)}")
        for name, path in files:
            mapped, painted, steps = [], [], {}
            for _ in range(args.runs):
                m, s = run_once(program, path, env, watcher)
                mapped.append(m)
                painted.append(s.get("first-paint"))
                for step, ms in s.items():
                    steps.setdefault(step, []).append(ms)
            print(f"{name:14} mapped {summary(mapped)}, first paint {summary(painted)}")
            print(" " * 15 + "steps (median ms): " +
                  ", ".join(f"{k} {statistics.median(v):.0f}" for k, v in steps.items()))
    finally:
        if wm:
            wm.terminate()
            wm.wait()
        xvfb.terminate()
        xvfb.wait()
        shutil.rmtree(config, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
