#!/usr/bin/env python3
"""The references of issue 15 point 2, measured in the same run as rankscope's own stack import.

    stack_read_floor.py RANKSCOPE_CLI BUNDLE [RUNS]

For every run it times, on a warm page cache:
  read      every stack file's bytes read by one Python thread (open, read, close), the floor
            the issue measured (no parsing);
  cat       the same files through `find stacks -type f -print0 | xargs -0 cat > /dev/null`;
  trie      a plain Python prefix tree over the rank main threads' frames of every py-spy text
            dump (the script the issue compares against: no other threads, no validation);
  import    `rankscope-cli import BUNDLE` into an empty cache folder: walk, parse every thread
            of every process, intern, SQLite, load back.
and prints the medians and import's ratio to each. A benchmark, not a test: nothing asserts.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def stack_files(bundle):
    root = os.path.join(bundle, "stacks")
    paths = []
    for folder, _, names in os.walk(root):
        for name in names:
            paths.append(os.path.join(folder, name))
    paths.sort()
    return paths


def read_all(paths):
    total = 0
    for path in paths:
        with open(path, "rb") as f:
            total += len(f.read())
    return total


def main_thread_frames(text):
    """The frames of the first process's MainThread, outermost first."""
    frames = []
    inside = False
    for line in text.splitlines():
        if line.startswith("Thread "):
            if inside:
                break
            inside = line.rstrip().endswith('"MainThread"')
            continue
        if inside:
            if line.startswith("    "):
                frames.append(line.strip())
            elif line.strip():
                break
    frames.reverse()
    return frames


def trie_of(paths):
    root = {}
    for path in paths:
        with open(path, "r", encoding="utf-8", errors="replace") as f:
            frames = main_thread_frames(f.read())
        node = root
        for frame in frames:
            child = node.get(frame)
            if child is None:
                child = node[frame] = {"": 0}
            child[""] += 1
            node = child
    return root


def timed(action):
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    cli, bundle = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    paths = stack_files(bundle)
    size = read_all(paths)  # warms the page cache as the import's own first read would not
    print(f"{len(paths)} stack files, {size / 2**20:.1f} MiB")
    results = {"read": [], "cat": [], "trie": [], "import": []}
    for _ in range(runs):
        results["read"].append(timed(lambda: read_all(paths)))
        results["cat"].append(timed(lambda: subprocess.run(
            f"find '{bundle}/stacks' -type f -print0 | xargs -0 cat > /dev/null",
            shell=True, check=True)))
        results["trie"].append(timed(lambda: trie_of(paths)))
        cache = tempfile.mkdtemp(prefix="rankscope-floor-")
        try:
            results["import"].append(timed(lambda: subprocess.run(
                [cli, "import", bundle, "--cache-dir", cache], check=True,
                stdout=subprocess.DEVNULL)))
        finally:
            shutil.rmtree(cache)
    medians = {name: statistics.median(times) for name, times in results.items()}
    for name, times in results.items():
        shown = " / ".join(f"{t:.3f}" for t in times)
        ratio = "" if name == "import" else f"   import / {name} = {medians['import'] / medians[name]:.2f}"
        print(f"{name:7s} {shown} s (median {medians[name]:.3f}){ratio}")


if __name__ == "__main__":
    main()
