#!/usr/bin/env python3
"""Peak memory of importing each hostile fixture with rankscope-cli (docs/reliability.md).

Writes every hostile input the tests make in code to OUT as a bundle, imports each one with
`rankscope-cli import BUNDLE --cache-dir ...` under `/usr/bin/time -f '%M %e'`, and prints a
Markdown table: fixture, what it is, size on disk, peak RSS, wall time, exit status and the
first problem the import reports. The inputs are:

- the hand-made hostile seeds of every fuzz target (tests/fuzz/HostileSeeds.cpp), written by
  the replay programs (`fuzz_TARGET_replay --write-seeds`), each placed where its format lives
  in a bundle (stacks/, traces/, logs/, job.json, fr/) or, for the archive target, imported as
  the bundle itself;
- the bundles of tst_hostile_times and, at full size, of tst_extreme_counts and
  tst_extreme_bundle (world size 10^9, a stack dump over its cap and one just under it, log
  lines of 256 MiB and 4 GiB, 10^8 trace events, a million archive entries, 100,000 log files,
  a Flight Recorder dump of 10^6 entries, ...);
- the broken fixtures of tests/fixtures (cut and malformed traces, dumps and job.json).

usage: hostile_memory.py BUILD OUT [--only PART-OF-A-NAME] [--limit-mb 1024]

(--only extreme, --only kineto_trace/, --only fixtures/hostile-times: the rows whose fixture
name contains it; a seed name alone needs its target, kineto_trace/zstd.)

BUILD is a normal build folder with rankscope-cli and the replay programs built:
  cmake --build BUILD --target rankscope-cli rankscope_fuzz_replays
OUT receives the bundles (about 2 GB, mostly sparse or compressed) and the caches. The exit
status is 1 when an import peaks above --limit-mb or exits with status 1 (an internal error).
"""
import argparse
import gzip
import os
import shutil
import struct
import subprocess
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "tests", "fixtures")
TARGETS = ["pyspy_text", "pyspy_json", "folded", "pystack", "kineto_trace", "log_lines",
           "job_manifest", "archive", "flight_recorder"]
TINY_STACK = b'Thread 0x1 (idle): "MainThread"\n    f (a.py:1)\n'


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def gzip_member(data, level=1):
    return gzip.compress(data, compresslevel=level, mtime=0)


# --- the fuzz targets' hostile seeds, placed in bundles -------------------------------------

def seed_bundles(build, out, only):
    """Yields (name, description, bundle path) for every hostile seed of every target."""
    for target in TARGETS:
        if only and only not in target and not only.startswith(target + "/"):
            continue
        replay = os.path.join(build, "tests", "fuzz", f"fuzz_{target}_replay")
        seeds = os.path.join(out, "seeds", target)
        shutil.rmtree(seeds, ignore_errors=True)
        subprocess.run([replay, "--write-seeds", seeds], check=True)
        for seed in sorted(os.listdir(seeds)):
            src = os.path.join(seeds, seed)
            plain = seed[len("hostile-"):] if seed.startswith("hostile-") else seed
            name = f"{target}/{plain}"
            if target == "archive":
                yield name, "archive", src
                continue
            bundle = os.path.join(out, "bundles", target, plain)
            shutil.rmtree(bundle, ignore_errors=True)
            with open(src, "rb") as f:
                data = f.read()
            if target in ("pyspy_text", "pyspy_json", "folded", "pystack"):
                write(os.path.join(bundle, "stacks", "rank0", plain), data)
            elif target == "kineto_trace":
                write(os.path.join(bundle, "traces", "rank0", plain), data)
            elif target == "log_lines":
                write(os.path.join(bundle, "logs", "rank0", plain), data)
            elif target == "job_manifest":
                write(os.path.join(bundle, "job.json"), data)
                write(os.path.join(bundle, "stacks", "rank0.txt"), TINY_STACK)
            elif target == "flight_recorder":
                ext = os.path.splitext(plain)[1]
                write(os.path.join(bundle, "fr", "nccl_trace_rank_0" + ext), data)
            yield name, target.replace("_", " ") + " seed", bundle


# --- full-size extreme counts (tst_extreme_counts, tst_extreme_bundle, issue 13 class 4) ----

def tar_header(name, size):
    h = bytearray(512)
    h[0:len(name)] = name.encode()
    h[100:108] = b"0000644\0"
    h[108:116] = b"0000000\0"
    h[116:124] = b"0000000\0"
    h[124:136] = b"%011o\0" % size
    h[136:148] = b"14000000000\0"
    h[156:157] = b"0"
    h[257:263] = b"ustar\0"
    h[263:265] = b"00"
    h[148:156] = b"        "
    h[148:155] = b"%06o\0" % sum(h)
    return bytes(h)


def make_extreme(out, wanted):
    """Yields (name, description, bundle path) for the full-size extreme inputs (made when
    wanted(name) and not there yet)."""
    base = os.path.join(out, "extreme")

    b = os.path.join(base, "world-1e9")
    if wanted("extreme/world-1e9") and not os.path.exists(b):
        write(os.path.join(b, "job.json"),
              b'{"world_size": 1000000000, "ranks": [{"rank": 2147483648}, {"rank": 0}]}')
        write(os.path.join(b, "stacks", "rank0.txt"), TINY_STACK)
        write(os.path.join(b, "stacks", "rank2147483648.txt"), TINY_STACK)
    yield "extreme/world-1e9", "job.json: world_size 10^9, a rank 2^31 (also a file's name)", b

    b = os.path.join(base, "job-1M-ranks")
    if wanted("extreme/job-1M-ranks") and not os.path.exists(b):
        ranks = ",".join('{"rank":%d,"node":"n%d"}' % (i, i // 8) for i in range(1_000_000))
        write(os.path.join(b, "job.json"), ('{"world_size":1000000,"ranks":[%s]}' % ranks).encode())
        write(os.path.join(b, "stacks", "rank0.txt"), TINY_STACK)
    yield "extreme/job-1M-ranks", "job.json listing 10^6 ranks (30 MB)", b

    b = os.path.join(base, "stack-over-cap")
    if wanted("extreme/stack-over-cap") and not os.path.exists(b):
        write(os.path.join(b, "stacks", "rank0.txt"), TINY_STACK)
        huge = os.path.join(b, "stacks", "rank1.txt")
        write(huge, b"Thread 0x1 (idle)\n")
        os.truncate(huge, (64 << 20) + 1)  # sparse: over kMaxStackFileBytes
    yield "extreme/stack-over-cap", "a stack dump of 64 MiB + 1 byte (sparse)", b

    b = os.path.join(base, "stack-2M-threads")
    if wanted("extreme/stack-2M-threads") and not os.path.exists(b):
        thread = b'Thread 0x%X (idle): "w"\n    f (a.py:1)\n'
        path = os.path.join(b, "stacks", "rank0.txt")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        limit = (64 << 20) - 4096
        with open(path, "wb") as f:
            f.write(b"Process 1: python train.py\nPython v3.10.12\n\n")
            size, i = 0, 0
            while size < limit:
                line = thread % (0x1000 + i)
                f.write(line)
                size += len(line)
                i += 1
    yield "extreme/stack-2M-threads", "a py-spy dump just under the 64 MiB cap: 1.6 M threads", b

    b = os.path.join(base, "log-line-256MiB")
    if wanted("extreme/log-line-256MiB") and not os.path.exists(b):
        path = os.path.join(b, "logs", "rank0.log")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(b"2024-05-01 12:00:00,000 INFO start\n2024-05-01 12:00:01,000 INFO ")
            chunk = b"x" * (1 << 20)
            for _ in range(256):
                f.write(chunk)
            f.write(b"\n2024-05-01 12:00:02,000 WARNING end\n")
    yield "extreme/log-line-256MiB", "a log with one 256 MiB line", b

    b = os.path.join(base, "log-line-4GiB.gz")
    if wanted("extreme/log-line-4GiB.gz") and not os.path.exists(b):
        path = os.path.join(b, "logs", "rank0.log.gz")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            z = zlib.compressobj(1, zlib.DEFLATED, 31)
            f.write(z.compress(b"2024-05-01 12:00:00,000 INFO start\n2024-05-01 12:00:01,000 I "))
            chunk = b"x" * (16 << 20)
            for _ in range(256):
                f.write(z.compress(chunk))
            f.write(z.compress(b"\n2024-05-01 12:00:02,000 WARNING end\n"))
            f.write(z.flush())
    yield "extreme/log-line-4GiB.gz", "a 4 MB gzip log that unpacks to one 4 GiB line", b

    b = os.path.join(base, "trace-1e8-events")
    if wanted("extreme/trace-1e8-events") and not os.path.exists(b):
        block = b'{"ph":"X","name":"k","ts":1,"dur":0},' * 65536
        member = gzip_member(block)
        with_blocks = 100_000_000 // 65536 + 1
        path = os.path.join(b, "traces", "rank0.json.gz")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(gzip_member(b'{"traceEvents":['))
            for _ in range(with_blocks):
                f.write(member)
            f.write(gzip_member(b'{"ph":"i","ts":2}],"baseTimeNanoseconds":1000}'))
    yield ("extreme/trace-1e8-events",
           "a gzip trace of 10^8 zero-length events (3.7 GB unpacked)", b)

    b = os.path.join(base, "trace-4M-events")
    if wanted("extreme/trace-4M-events") and not os.path.exists(b):
        block = b'{"ph":"i","ts":1},' * 65536
        member = gzip_member(block)
        path = os.path.join(b, "traces", "rank0.json.gz")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(gzip_member(b'{"traceEvents":['))
            for _ in range((1 << 22) // 65536 + 2):
                f.write(member)
            f.write(gzip_member(b'{"ph":"i","ts":2}],"baseTimeNanoseconds":1000}'))
    yield "extreme/trace-4M-events", "a trace just over the 2^22 event cap (tst_extreme_counts)", b

    b = os.path.join(base, "archive-1M-entries.tar.gz")
    if wanted("extreme/archive-1M-entries.tar.gz") and not os.path.exists(b):
        with open(b, "wb") as f:
            z = zlib.compressobj(1, zlib.DEFLATED, 31)
            f.write(z.compress(tar_header("bundle/stacks/rank0.txt", len(TINY_STACK)) +
                               TINY_STACK.ljust(512, b"\0")))
            parts = []
            for i in range(1_000_000):
                parts.append(tar_header("bundle/logs/r%d.log" % i, 0))
                if len(parts) == 4096:
                    f.write(z.compress(b"".join(parts)))
                    parts = []
            f.write(z.compress(b"".join(parts) + b"\0" * 1024))
            f.write(z.flush())
    yield "extreme/archive-1M-entries.tar.gz", "a tar.gz of 10^6 empty members", b

    b = os.path.join(base, "logs-100k-files")
    if wanted("extreme/logs-100k-files") and not os.path.exists(b):
        write(os.path.join(b, "stacks", "rank0.txt"), TINY_STACK)
        for i in range(100_000):
            write(os.path.join(b, "logs", "d%d" % (i // 1000), "rank%d.log" % (i % 262144)),
                  b"2024-05-01 12:00:00,000 INFO step %d\n" % i)
    yield "extreme/logs-100k-files", "a folder bundle of 100,000 one-line logs", b

    b = os.path.join(base, "fr-1M-entries")
    if wanted("extreme/fr-1M-entries") and not os.path.exists(b):
        sys.path.insert(0, os.path.join(ROOT, "tests", "bench"))
        import make_fr_dumps
        import pickle
        write(os.path.join(b, "fr", "nccl_trace_rank_0"),
              pickle.dumps(make_fr_dumps.dump(0, 1_000_000, 16), protocol=2))
    yield "extreme/fr-1M-entries", "a Flight Recorder pickle of 10^6 entries (make_fr_dumps.py)", b

    b = os.path.join(base, "fr-memo-1M-entries")
    if wanted("extreme/fr-memo-1M-entries") and not os.path.exists(b):
        entry = {"record_id": 1, "pg_id": 0, "process_group": ("0", "default_pg"),
                 "collective_seq_id": 1, "profiling_name": "nccl:all_reduce",
                 "time_created_ns": 1_760_000_000_000_000_000, "state": "scheduled"}
        import pickle
        one = pickle.dumps(entry, protocol=2)[2:-1]  # the dict's opcodes, no PROTO/STOP
        # PROTO 2, dict, "entries", EMPTY_LIST, MARK, the entry, BINPUT 200, BINGET 200 x 10^6,
        # APPENDS, SETITEM, STOP: each reference is a whole entry for two bytes of input.
        body = (b"\x80\x02}X\x07\x00\x00\x00versionX\x04\x00\x00\x002.10s"
                b"X\x07\x00\x00\x00entries](" + one + b"q\xc8" + b"h\xc8" * 1_000_000 +
                b"es.")
        write(os.path.join(b, "fr", "nccl_trace_rank_0.pkl"), body)
    yield ("extreme/fr-memo-1M-entries",
           "a 2 MB pickle whose entries list repeats one memoized entry 10^6 times", b)


# --- tst_hostile_times and the broken fixtures -----------------------------------------------

def make_fixture_bundles(out):
    base = os.path.join(out, "fixtures")
    b = os.path.join(base, "hostile-times")
    shutil.rmtree(b, ignore_errors=True)
    write(os.path.join(b, "logs", "rank0.log"),
          b"2024-05-01 12:00:00,000 INFO start\n2300-01-01 00:00:00,000 INFO far future\n"
          b" iteration        1/  1000 | elapsed time per iteration (ms): 1e25 | lm loss: 2.5 |\n"
          b"2024-05-01 12:00:05,000 WARNING end\n")
    write(os.path.join(b, "traces", "rank0.json"),
          b'{"distributedInfo":{"rank":0},"traceEvents":['
          b'{"ph":"X","name":"long","cat":"cpu_op","pid":0,"tid":1,'
          b'"ts":1714564800000100,"dur":9000000000000000},'
          b'{"ph":"X","name":"late","cat":"cpu_op","pid":0,"tid":1,"ts":9223372036854775,"dur":1}]}')
    write(os.path.join(b, "job.json"),
          b'{"world_size":1,"ranks":[{"rank":0,"local_rank":18446744073709551615}],'
          b'"clock_offsets_ns":{"0":1000000000000000000,"1":-1000000000000000000,'
          b'"2":18446744073709551615}}')
    yield "fixtures/hostile-times", "tst_hostile_times: a log dated 2300, dur 9e18, offsets 10^18", b

    groups = [
        ("broken-traces", "tests/fixtures/traces: cut, malformed, wrong types",
         [("traces", f) for f in sorted(os.listdir(os.path.join(FIXTURES, "traces")))], "traces"),
        ("broken-stacks", "tests/fixtures/stacks: malformed and cut dumps, UTF-16, junk",
         [("stacks", f) for f in sorted(os.listdir(os.path.join(FIXTURES, "stacks")))
          if os.path.isfile(os.path.join(FIXTURES, "stacks", f))], "stacks"),
    ]
    for name, what, files, layer in groups:
        b = os.path.join(base, name)
        shutil.rmtree(b, ignore_errors=True)
        for i, (folder, f) in enumerate(files):
            with open(os.path.join(FIXTURES, folder, f), "rb") as src:
                write(os.path.join(b, layer, "rank%d" % i, f), src.read())
        yield "fixtures/" + name, what, b
    b = os.path.join(base, "job-broken")
    shutil.rmtree(b, ignore_errors=True)
    with open(os.path.join(FIXTURES, "bundle", "job_broken.json"), "rb") as src:
        write(os.path.join(b, "job.json"), src.read())
    write(os.path.join(b, "stacks", "rank0.txt"), TINY_STACK)
    yield "fixtures/job-broken", "tests/fixtures/bundle/job_broken.json", b
    b = os.path.join(base, "fr-refused")
    shutil.rmtree(b, ignore_errors=True)
    with open(os.path.join(FIXTURES, "flight_recorder", "refused_p2_bytes.pkl"), "rb") as src:
        write(os.path.join(b, "fr", "nccl_trace_rank_0.pkl"), src.read())
    yield "fixtures/fr-refused", "tests/fixtures/flight_recorder/refused_p2_bytes.pkl", b


# --- measuring ------------------------------------------------------------------------------

def disk_size(path):
    """Bytes allocated on disk (sparse files count what they use), and apparent bytes."""
    used = apparent = 0
    if os.path.isfile(path):
        st = os.stat(path)
        return st.st_blocks * 512, st.st_size
    for folder, _, files in os.walk(path):
        for f in files:
            st = os.stat(os.path.join(folder, f))
            used += st.st_blocks * 512
            apparent += st.st_size
    return used, apparent


def human(n):
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1000 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1000
    return str(n)


def first_problem(stdout, stderr):
    lines = stdout.splitlines()
    problems = []
    for i, line in enumerate(lines):
        if line.startswith("problems") or line.startswith("Problems"):
            problems = [x.strip() for x in lines[i + 1:] if x.strip()]
            break
    if not problems:
        problems = [x for x in stderr.splitlines() if x.strip() and not x[0].isdigit()]
    if not problems:
        return "no problem"
    text = problems[0].replace("|", "\\|")
    if len(text) > 140:
        text = text[:137] + "..."
    more = f" (+{len(problems) - 1} more)" if len(problems) > 1 else ""
    return text + more


def measure(cli, name, bundle, out):
    cache = os.path.join(out, "cache", name.replace("/", "_"))
    shutil.rmtree(cache, ignore_errors=True)
    os.makedirs(cache)
    timing = os.path.join(out, "time.txt")
    proc = subprocess.run(["/usr/bin/time", "-o", timing, "-f", "%M %e", cli, "import", bundle,
                           "--cache-dir", cache], capture_output=True, text=True,
                          errors="replace")
    with open(timing) as f:
        rss_kb, wall = f.read().split()[-2:]
    shutil.rmtree(cache, ignore_errors=True)
    said = first_problem(proc.stdout, proc.stderr).replace(out + "/", "OUT/")
    return int(rss_kb), float(wall), proc.returncode, said


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build")
    parser.add_argument("out")
    parser.add_argument("--only", default="")
    parser.add_argument("--limit-mb", type=int, default=1024)
    args = parser.parse_args()
    build, out = os.path.abspath(args.build), os.path.abspath(args.out)
    cli = os.path.join(build, "bin", "rankscope-cli")
    os.makedirs(out, exist_ok=True)

    def every():
        yield from make_fixture_bundles(out)
        yield from make_extreme(out, lambda name: args.only in name)
        yield from seed_bundles(build, out, args.only)

    print("| fixture | what it is | size | peak RSS | wall | status: first problem |")
    print("|---|---|---|---|---|---|")
    worst = 0
    failed = False
    for name, what, bundle in every():
        if args.only not in name:
            continue
        used, apparent = disk_size(bundle)
        size = human(apparent) + ("" if used >= apparent * 0.9 else f" ({human(used)} on disk)")
        rss_kb, wall, status, problem = measure(cli, name, bundle, out)
        worst = max(worst, rss_kb)
        failed |= status == 1 or rss_kb > args.limit_mb * 1024
        print(f"| `{name}` | {what} | {size} | {rss_kb / 1024:.0f} MB | {wall:.1f} s | "
              f"{status}: {problem} |", flush=True)
    print(f"\nhighest peak: {worst / 1024:.0f} MB (limit {args.limit_mb} MB)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
