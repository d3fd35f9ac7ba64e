#!/usr/bin/env python3
"""Soak test of `gesturelab record` (driven by tools/soak; see there for the figures).

Starts the recorder on 127.0.0.1 (port 0) over a generated store of --samples samples,
runs --clients clients of --ops operations each (saves, relabels and deletes at random),
asks for a training every --train-every seconds, polls GET /api/state throughout, then
checks the store against the log of acknowledged operations and prints the figures.

Ownership makes the expected store exact: each client edits only samples it owns (a
share of the generated ones and those it saved), so every owned sample's fate follows
from its owner's acknowledged operations in order. A shared pool (--shared of the
generated samples) is edited by every client at once; there only the invariants are
checked: a sample is under at most one label, one whose delete was acknowledged is gone,
one that is gone had an acknowledged delete (nothing lost, nothing resurrected).

Exit status: 0 all checks and goals met; 1 a check or goal failed; 2 the run itself
failed (server did not start, overall deadline passed).
"""
import argparse
import http.client
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time

LABELS = ["a", "b", "c", "d", "e"]


def sample_json(label, rng, subject):
    """A random walk of 40-100 points with times, drifting by label (like tools/killtest)."""
    k = LABELS.index(label) if label in LABELS else 0
    n = rng.randint(40, 100)
    x, y, t = rng.random() * 200, rng.random() * 200, 0.0
    points = []
    for _ in range(n):
        x += (rng.random() - 0.5) * 10 + k - 2
        y += (rng.random() - 0.5) * 10 + (k % 3) - 1
        t += 0.01
        points.append([round(x, 2), round(y, 2), round(t, 3)])
    return {"format": "gesturelab.sample/1", "label": label, "subject": subject,
            "meta": {"device": "mouse", "recorder": "soak"}, "strokes": [points]}


def make_store(root, count, rng):
    """Writes `count` samples as STORE/LABEL/ID.json; returns [(label, id)]."""
    out = []
    base = 1_700_000_000_000
    for i in range(count):
        label = LABELS[i % len(LABELS)]
        sid = f"{base + i}-soak-{i:05d}"
        os.makedirs(os.path.join(root, label), exist_ok=True)
        with open(os.path.join(root, label, sid + ".json"), "w") as f:
            json.dump(sample_json(label, rng, f"s{i % 7}"), f)
        out.append((label, sid))
    return out


def store_content(root):
    """{id: [labels it is found under]} for every sample file in the store."""
    found = {}
    for label in os.listdir(root):
        folder = os.path.join(root, label)
        if label.startswith(".") or not os.path.isdir(folder):
            continue
        for name in os.listdir(folder):
            if name.startswith(".") or not name.endswith(".json"):
                continue
            found.setdefault(name[:-5], []).append(label)
    return found


class Server:
    def __init__(self, binary, store, extra):
        self.out = tempfile.NamedTemporaryFile(prefix="soak-out-", delete=False)
        self.err = tempfile.NamedTemporaryFile(prefix="soak-err-", delete=False)
        self.proc = subprocess.Popen([binary, "record", "--store", store, "--host", "127.0.0.1", "--port", "0"] + extra,
                                     stdout=self.out, stderr=self.err)
        self.port = None
        deadline = time.time() + 60
        while time.time() < deadline and self.proc.poll() is None:
            text = open(self.out.name, errors="replace").read()
            marker = "Listening on http://127.0.0.1:"
            if marker in text:
                self.port = int(text.split(marker, 1)[1].split("/", 1)[0])
                break
            time.sleep(0.05)
        if self.port is None:
            self.stop()
            raise RuntimeError("the recorder did not start:\n" + open(self.err.name, errors="replace").read())

    def peak_rss_kib(self):
        try:
            with open(f"/proc/{self.proc.pid}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            return None
        return None

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for f in (self.out, self.err):
            try:
                os.unlink(f.name)
            except OSError:
                pass


def request(port, method, path, body=None, timeout=120):
    """(status, parsed JSON or None); status None when the connection failed."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        headers = {"Host": f"127.0.0.1:{port}"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        conn.request(method, path, body=data, headers=headers)
        r = conn.getresponse()
        raw = r.read()
        try:
            return r.status, json.loads(raw)
        except ValueError:
            return r.status, None
    except (OSError, http.client.HTTPException):
        return None, None
    finally:
        conn.close()


def definite_nothing(status):
    """An answer that says the operation did nothing (a 4xx, or 503 overload)."""
    return status is not None and (400 <= status < 500 or status == 503)


def percentile(values, p):
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--samples", type=int, default=1000)
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--ops", type=int, default=50)
    ap.add_argument("--shared", type=int, default=50, help="generated samples every client edits at once")
    ap.add_argument("--train-every", type=float, default=2.0)
    ap.add_argument("--think", type=float, default=0.8,
                    help="each client waits up to this many seconds (uniform) before each operation, "
                         "so the run spans many trainings (about ops x think / 2 seconds)")
    ap.add_argument("--poll-every", type=float, default=0.05)
    ap.add_argument("--p99-goal", type=float, default=0.2)
    ap.add_argument("--rss-goal-mb", type=float, default=300)
    ap.add_argument("--deadline", type=float, default=900, help="seconds before the run is abandoned")
    ap.add_argument("--seed", type=int, default=30)
    ap.add_argument("--log", help="write the acknowledged-operation log here (JSON lines)")
    ap.add_argument("--keep", action="store_true", help="keep the store")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="gesturelab-soak-")
    store = os.path.join(work, "store")
    started = time.time()
    initial = make_store(store, args.samples, rng)
    shared = set(sid for _, sid in initial[:args.shared])
    # Owned samples: client -> {id: label}; expected fate of every owned id.
    owned = [dict() for _ in range(args.clients)]
    for i, (label, sid) in enumerate(initial[args.shared:]):
        owned[i % args.clients][sid] = label
    print(f"soak: store of {len(initial)} samples in {store} ({time.time() - started:.1f} s); "
          f"{args.clients} clients x {args.ops} operations, {len(shared)} samples shared by all", flush=True)

    server = Server(args.bin, store, [])
    print(f"soak: recorder pid {server.proc.pid} on 127.0.0.1:{server.port}", flush=True)
    port = server.port
    lock = threading.Lock()
    log = []            # acknowledged operations, in acknowledgement order
    unknown = []        # operations whose outcome is not known (no answer, 5xx)
    counts = {"save": 0, "relabel": 0, "delete": 0, "refused": 0}
    latencies = []
    trainings = []
    stop = threading.Event()

    def record(entry, status):
        with lock:
            if status == 200:
                log.append(entry)
            elif definite_nothing(status):
                counts["refused"] += 1
            else:
                unknown.append(dict(entry, status=status))

    def client(index):
        r = random.Random(args.seed * 1000 + index)
        mine = owned[index]           # id -> current label (acknowledged)
        uncertain = set()
        shared_ids = sorted(shared)
        for op in range(args.ops):
            time.sleep(r.random() * args.think)
            choice = r.random()
            if choice < 0.4 or not mine:
                label = r.choice(LABELS)
                status, body = request(port, "POST", "/api/samples", sample_json(label, r, f"c{index}"))
                entry = {"client": index, "op": "save", "label": label, "t": time.time()}
                if status == 200 and body:
                    entry["id"] = body.get("id")
                    entry["label"] = body.get("label", label)
                    mine[entry["id"]] = entry["label"]
                record(entry, status)
                with lock:
                    counts["save"] += 1
                continue
            on_shared = r.random() < 0.25
            if on_shared:
                sid = r.choice(shared_ids)
                # Where it is now is not known to this client: ask the store listing is racy,
                # so guess among the labels (a wrong guess is a 404, which does nothing).
                current = r.choice(LABELS)
            else:
                candidates = sorted(set(mine) - uncertain)
                if not candidates:
                    continue
                sid = r.choice(candidates)
                current = mine[sid]
            if choice < 0.7:
                new = r.choice([l for l in LABELS if l != current])
                status, _ = request(port, "POST", f"/api/samples/{current}/{sid}/relabel", {"label": new})
                entry = {"client": index, "op": "relabel", "id": sid, "from": current, "to": new,
                         "shared": on_shared, "t": time.time()}
                if not on_shared:
                    if status == 200:
                        mine[sid] = new
                    elif not definite_nothing(status):
                        uncertain.add(sid)
                record(entry, status)
                with lock:
                    counts["relabel"] += 1
            else:
                status, _ = request(port, "DELETE", f"/api/samples/{current}/{sid}")
                entry = {"client": index, "op": "delete", "id": sid, "label": current, "shared": on_shared, "t": time.time()}
                if not on_shared:
                    if status == 200:
                        del mine[sid]
                    elif not definite_nothing(status):
                        uncertain.add(sid)
                record(entry, status)
                with lock:
                    counts["delete"] += 1
        with lock:
            owned_uncertain.update(uncertain)

    owned_uncertain = set()

    def poller():
        while not stop.is_set():
            t0 = time.monotonic()
            status, _ = request(port, "GET", "/api/state", timeout=30)
            took = time.monotonic() - t0
            with lock:
                latencies.append(took if status == 200 else float("inf"))
            stop.wait(max(0.0, args.poll_every - took))

    def trainer():
        def one():
            t0 = time.monotonic()
            status, body = request(port, "POST", "/api/train", timeout=300)
            with lock:
                trainings.append((status, time.monotonic() - t0))
        threads = []
        while True:
            t = threading.Thread(target=one, daemon=True)
            t.start()
            threads.append(t)
            if stop.wait(args.train_every):
                break
        for t in threads:
            t.join(timeout=120)

    poll_thread = threading.Thread(target=poller, daemon=True)
    train_thread = threading.Thread(target=trainer, daemon=True)
    poll_thread.start()
    train_thread.start()
    clients = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(args.clients)]
    t_start = time.time()
    for c in clients:
        c.start()
    abandoned = False
    for c in clients:
        c.join(timeout=max(0.0, args.deadline - (time.time() - started)))
        if c.is_alive():
            abandoned = True
    ops_seconds = time.time() - t_start
    stop.set()
    train_thread.join(timeout=150)
    poll_thread.join(timeout=35)
    peak_kib = server.peak_rss_kib()
    server.stop()
    if abandoned:
        print("soak: FAILED — the clients did not finish before the deadline", file=sys.stderr)
        return 2

    if args.log:
        with open(args.log, "w") as f:
            for e in log:
                f.write(json.dumps(e) + "\n")

    # The store against the log.
    content = store_content(store)
    problems = []
    duplicated = {sid: labels for sid, labels in content.items() if len(labels) > 1}
    for sid, labels in sorted(duplicated.items()):
        problems.append(f"DUPLICATED {sid} under {labels}")
    expected = {}
    for index in range(args.clients):
        for sid, label in owned[index].items():
            expected[sid] = label
    # Owned samples deleted with an acknowledgement must be gone; kept ones exactly where expected.
    acked_deleted_owned = {e["id"] for e in log if e["op"] == "delete" and not e.get("shared")}
    for sid in sorted(acked_deleted_owned):
        if sid in content and sid not in owned_uncertain:
            problems.append(f"RESURRECTED {sid}: delete acknowledged, found under {content[sid]}")
    for sid, label in sorted(expected.items()):
        if sid in owned_uncertain:
            continue
        where = content.get(sid)
        if not where:
            problems.append(f"LOST {sid}: expected under {label}")
        elif where != [label]:
            problems.append(f"MISPLACED {sid}: expected under {label}, found under {where}")
    # Shared samples: a delete acknowledged → gone; gone → some delete acknowledged.
    deleted_shared = {e["id"] for e in log if e["op"] == "delete" and e.get("shared")}
    unknown_shared = {e.get("id") for e in unknown if e.get("shared")}
    for sid in sorted(shared):
        if sid in deleted_shared and sid in content:
            problems.append(f"RESURRECTED shared {sid}: delete acknowledged, found under {content[sid]}")
        if sid not in content and sid not in deleted_shared and sid not in unknown_shared:
            problems.append(f"LOST shared {sid}: gone without an acknowledged delete")
    known = set(expected) | shared | acked_deleted_owned | owned_uncertain
    extra = [sid for sid in content if sid not in known]
    unacked_saves = sum(1 for e in unknown if e["op"] == "save")
    if len(extra) > unacked_saves:
        problems.append(f"{len(extra)} samples in the store no acknowledged save explains "
                        f"(only {unacked_saves} unanswered saves): {extra[:5]}")
    deletes_of_shared = sum(1 for e in log if e["op"] == "delete" and e.get("shared"))
    if deletes_of_shared != len(deleted_shared):
        problems.append(f"{deletes_of_shared - len(deleted_shared)} shared sample(s) deleted twice with an acknowledgement each")

    finite = [l for l in latencies if l != float("inf")]
    failed_polls = len(latencies) - len(finite)
    p50, p99 = percentile(latencies, 50), percentile(latencies, 99)
    peak_mb = (peak_kib or 0) / 1024
    ok_trainings = sum(1 for s, _ in trainings if s == 200)
    print(f"soak: {sum(counts[k] for k in ('save', 'relabel', 'delete'))} operations in {ops_seconds:.1f} s "
          f"({counts['save']} saves, {counts['relabel']} relabels, {counts['delete']} deletes); "
          f"{len(log)} acknowledged, {counts['refused']} answered as doing nothing (404/409/503), {len(unknown)} unanswered or 5xx")
    waits = sorted(w for s, w in trainings if s == 200)
    print(f"soak: {len(trainings)} training requests ({ok_trainings} answered 200"
          + (f", answered after {percentile(waits, 50):.1f} s median, {waits[-1]:.1f} s at most" if waits else "") + ")")
    print(f"soak: store: {len(content)} samples; {len(problems)} problem(s) against the acknowledged log")
    for p in problems[:30]:
        print("  " + p)
    for e in unknown[:10]:
        print(f"  unanswered: {e}")
    print(f"soak: GET /api/state latency over {len(latencies)} polls: p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
          f"max {max(latencies) * 1000 if latencies else float('nan'):.1f} ms ({failed_polls} failed) — goal p99 ≤ {args.p99_goal * 1000:.0f} ms")
    print(f"soak: server peak RSS (VmHWM) {peak_mb:.1f} MB — goal ≤ {args.rss_goal_mb:.0f} MB")
    goals = []
    if p99 > args.p99_goal:
        goals.append("p99 latency")
    if peak_kib is None or peak_mb > args.rss_goal_mb:
        goals.append("peak RSS")
    if problems:
        goals.append("store consistency")
    if not args.keep:
        subprocess.run(["rm", "-rf", work])
    else:
        print(f"soak: store kept in {store}")
    if goals:
        print("soak: FAILED: " + ", ".join(goals), file=sys.stderr)
        return 1
    print("soak: PASSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
