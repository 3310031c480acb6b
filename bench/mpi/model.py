#!/usr/bin/env python3
"""Per-iteration time and parallel efficiency of a 2-D Jacobi across nodes.

The model of docs/design/multinode-model.md: an N x N float grid (strong
scaling) or N x N per GPU (weak scaling), rows split over G GPUs (P nodes,
g GPUs per node, NVLink inside a node), periodic in rows as NVIDIA's Jacobi
variants are, so every GPU has two neighbours. Variants:

  bulk          sweep, then the halo exchange (NVIDIA's `nccl`)
  mpi_overlap   boundary rows first, then two blocking MPI_Sendrecv (one
                per neighbour, in turn) while the interior runs
  nccl_overlap  boundary rows first, then one grouped NCCL send/recv to both
                neighbours while the interior runs
  proact memcpy PROACT's bulk: the loop, then the next loop pulls both
                halos (one copy issue each, then the network)
  proact        one loop over all rows; the dma agent sends each boundary
                chunk when it is final; the walk decides when:
                  in-order:    top chunk after the first wave, bottom at the end
                  edges-first: both after the first wave (a walk PROACT does
                               not have yet: what it would give)
                transport nccl (GPU to GPU) or mpi-host (staged through host
                memory on both sides)

Usage: model.py PARAMS.json [--mpi-results FILE] [--net GBPS:US,...]
                                                   tables (markdown)
       model.py --check PARAMS.json                 the model's own checks
"""
import argparse
import json
import math
import os
import re
import sys

VARIANTS = [
    ("bulk", "bulk (nccl)"),
    ("proact_memcpy_nccl", "PROACT memcpy, nccl"),
    ("mpi_overlap", "mpi_overlap"),
    ("nccl_overlap", "nccl_overlap"),
    ("proact_inorder_nccl", "PROACT in-order, nccl"),
    ("proact_inorder_host", "PROACT in-order, MPI host-staged"),
    ("proact_edges_nccl", "PROACT edges-first, nccl"),
]


def val(p, group, name):
    return p[group][name]["value"]


class Machine:
    """The numbers one evaluation uses (microseconds, bytes per us)."""

    def __init__(self, p, net_bw, net_lat, **over):
        self.rate = val(p, "gpu", "rate_gpts") * 1e3  # points per us
        self.t0 = val(p, "gpu", "loop_fixed_us")
        self.t0_8 = val(p, "gpu", "loop_fixed_8dev_us")
        self.t_hand = val(p, "gpu", "hand_iter_fixed_us")
        self.edge_kernel = val(p, "gpu", "hand_edge_kernel_us")
        self.inst = val(p, "gpu", "inst_frac")
        self.teams = val(p, "gpu", "resident_teams")
        self.tile_rows = val(p, "gpu", "tile_rows")
        self.tile_cols = val(p, "gpu", "tile_cols")
        self.issue = val(p, "agent", "copy_issue_us")
        self.agent_loop = val(p, "agent", "agent_loop_us")
        self.chunk = val(p, "agent", "chunk_bytes")
        self.d2h = val(p, "host_link", "d2h_gbps") * 1e3  # bytes per us
        o = p["mpi_host"]["send_overhead_us"]["value"]
        self.mpi_o = 0.0 if o is None else o
        self.nvl_bw = val(p, "nvlink", "bw_gbps") * 1e3
        self.nvl_lat = val(p, "nvlink", "lat_us")
        self.net_bw = net_bw * 1e3
        self.net_lat = net_lat
        for k, v in over.items():
            if not hasattr(self, k):
                raise KeyError(k)
            setattr(self, k, v)


def sweep_us(m, rows, n, fixed):
    """One sweep of rows x n points on one GPU, with a per-loop cost."""
    return fixed + rows * n / m.rate


def net_msg(m, nbytes, streams=1):
    """One GPU-to-GPU message over the network; `streams` messages leave
    the same NIC at once and share its bandwidth."""
    return m.net_lat + streams * nbytes / m.net_bw


def nvl_msg(m, nbytes):
    return m.nvl_lat + nbytes / m.nvl_bw


def first_wave_fraction(m, rows, n, k):
    """Share of a sweep after which the tiles of k rows walked first are
    final: tiles run in waves of `teams` at a time, so those rows are done
    when the waves that hold their tiles are."""
    row_blocks = math.ceil(rows / m.tile_rows)
    per_block = math.ceil(n / m.tile_cols)
    total = row_blocks * per_block
    first = math.ceil(min(k, rows) / m.tile_rows) * per_block
    return min(1.0, math.ceil(first / m.teams) * m.teams / total)


def proact_send(m, nbytes, transport, together):
    """From a boundary chunk being final to its halo being in the
    neighbour's GPU memory. The agent handles the halo's chunks one after
    another (a halo row of nbytes is ceil(nbytes / chunk) chunks)."""
    nchunks = max(1, math.ceil(nbytes / m.chunk))
    per = nbytes / nchunks
    if transport == "nccl":
        # The agent issues one NCCL send per chunk: the host pays the
        # issue; the bytes go GPU to NIC directly.
        host = nchunks * m.issue
        wire = net_msg(m, nbytes, together)
        return host + wire
    # Host-staged MPI: per chunk the sender's agent issues the copy to the
    # host and the MPI send; the first chunk's copy out and the last
    # chunk's copy in (issued by the receiver) are on the path as well.
    host = nchunks * (m.issue + m.mpi_o)
    wire = net_msg(m, nbytes, together)
    return host + per / m.d2h + wire + m.issue + per / m.d2h


def iteration(m, variant, n, rows, g):
    """Time of one iteration (one sweep and its exchange) of the slowest
    GPU, `rows` rows of n floats: with g == 1 both its neighbours are on
    other nodes; with g > 1 it is a node's edge GPU, one neighbour over
    the network and one over NVLink."""
    row = 4 * n
    fixed = m.t0 if g == 1 else m.t0_8
    if variant == "bulk":
        t = sweep_us(m, rows, n, m.t_hand)
        if g == 1:
            return t + net_msg(m, row, 2)
        return t + max(net_msg(m, row), nvl_msg(m, row))
    if variant in ("mpi_overlap", "nccl_overlap"):
        # The two boundary rows' kernels are short: launch-bound.
        edge = m.edge_kernel + sweep_us(m, 2, n, 0.0)
        if variant == "mpi_overlap":
            # Two blocking Sendrecv calls, one neighbour after the other.
            if g == 1:
                xch = 2 * net_msg(m, row)
            else:
                xch = net_msg(m, row) + nvl_msg(m, row)
        else:
            xch = net_msg(m, row, 2) if g == 1 else max(net_msg(m, row),
                                                        nvl_msg(m, row))
        # The GPU does all rows' work either way; the exchange starts
        # after the boundary kernels and overlaps the interior's.
        return m.t_hand + max(sweep_us(m, rows, n, 0.0), edge + xch)
    if variant == "proact_memcpy_nccl":
        kernel = sweep_us(m, rows, n, fixed)
        if g == 1:
            return kernel + 2 * m.issue + net_msg(m, row, 2)
        return kernel + m.issue + max(net_msg(m, row), nvl_msg(m, row))
    if variant.startswith("proact"):
        transport = "nccl" if variant.endswith("nccl") else "host"
        kernel = (fixed + rows * n / m.rate * (1 + m.inst))
        body = kernel - fixed
        k = max(1, m.chunk // row)
        f_first = first_wave_fraction(m, rows, n, k)
        t_top = fixed + body * f_first
        if "edges" in variant:
            t_bot = fixed + body * first_wave_fraction(m, rows, n, 2 * k)
        else:
            t_bot = kernel
        if g == 1:
            # Both neighbours over the network; the two sends share the NIC
            # when they are in flight together.
            top_send = proact_send(m, row, transport, 1)
            together = 2 if t_bot < t_top + top_send else 1
            arrive = max(t_top + proact_send(m, row, transport, together),
                         t_bot + proact_send(m, row, transport, together))
        else:
            # The edge GPU of a node: its network neighbour's chunk is the
            # later one under the in-order walk when it is the bottom edge
            # (the slowest GPU is that one); its NVLink neighbour gets the
            # stores as they happen (inline, measured hidden on 2 GPUs).
            arrive = t_bot + proact_send(m, row, transport, 1)
        return max(kernel, arrive) + m.agent_loop
    raise ValueError(variant)


def efficiency(m, variant, n, nodes, g, weak):
    gpus = nodes * g
    rows_total = n * gpus if weak else n
    rows = rows_total / gpus
    if rows < 3:
        return float("nan"), float("nan")
    if variant.startswith("proact"):
        t1 = sweep_us(m, n, n, m.t0)
    else:
        t1 = sweep_us(m, n, n, m.t_hand)
    tg = iteration(m, variant, n, rows, g)
    if weak:
        return tg, t1 / tg
    return tg, t1 / (gpus * tg)


def table(p, g, weak, bw, lat, sizes, nodes_list, over=None):
    m = Machine(p, bw, lat, **(over or {}))
    head = "| nodes | N | " + " | ".join(v[1] for v in VARIANTS) + " |"
    out = [head, "|" + "---|" * (2 + len(VARIANTS))]
    for nodes in nodes_list:
        for n in sizes:
            cells = []
            for key, _ in VARIANTS:
                tg, e = efficiency(m, key, n, nodes, g, weak)
                cells.append("-" if math.isnan(e) else
                             "%.2f (%.0f us)" % (e, tg))
            out.append("| %d | %d | %s |" % (nodes, n, " | ".join(cells)))
    return "\n".join(out)


def load(path, mpi_results=None):
    with open(path) as f:
        p = json.load(f)
    if mpi_results:
        with open(mpi_results) as f:
            text = f.read()
        mo = re.search(r"param msg_cost_us ([0-9.]+)", text)
        if mo is None:
            print("model.py: no 'param msg_cost_us' line in %s"
                  % mpi_results, file=sys.stderr)
            sys.exit(2)
        p["mpi_host"]["send_overhead_us"]["value"] = float(mo.group(1))
    return p


def report(p, pairs=None):
    bws = p["network"]["bw_gbps"]["values"]
    lats = p["network"]["lat_us"]["values"]
    # The slow network with the long latency and the fast one with the
    # short, unless --net names the pairs.
    pairs = pairs or [(bws[0], lats[-1]), (bws[-1], lats[0])]
    fast = pairs[-1]
    print("# Predicted efficiency of a 2-D Jacobi (bench/mpi/model.py)\n")
    print("Cells: efficiency (time per iteration of the slowest GPU). "
          "Efficiency is the 1-GPU time of the same variant over G x the "
          "G-GPU time (strong) or over the G-GPU time (weak).\n")
    for g in (1, 8):
        for weak in (False, True):
            sizes = (8192, 16384, 32768) if not weak else (4096, 8192, 16384)
            for bw, lat in pairs:
                print("## %s scaling, %d GPU%s per node, network %g GB/s, "
                      "%g us per GPU\n" % ("weak" if weak else "strong", g,
                                           "s" if g > 1 else "", bw, lat))
                if weak:
                    print("N x N floats per GPU.\n")
                else:
                    print("N x N floats in all.\n")
                print(table(p, g, weak, bw, lat, sizes, (2, 16)))
                print()
    print("## The exchange schemes alone: PROACT's per-loop cost set to the "
          "hand-written variants' (%g us), agent costs kept\n"
          % val(p, "gpu", "hand_iter_fixed_us"))
    same = {"t0": val(p, "gpu", "hand_iter_fixed_us"),
            "t0_8": val(p, "gpu", "hand_iter_fixed_us")}
    for g in (1, 8):
        for bw, lat in pairs:
            print("### strong scaling, %d GPU%s per node, %g GB/s, %g us\n"
                  % (g, "s" if g > 1 else "", bw, lat))
            print(table(p, g, False, bw, lat, (8192, 16384, 32768), (2, 16),
                        same))
            print()
    print("## What makes proactive lose (strong scaling, 1 GPU per node, "
          "N = 16384, 16 nodes, %g GB/s, %g us)\n" % fast)
    print("| change | nccl_overlap | PROACT memcpy, nccl | "
          "PROACT in-order, nccl | PROACT edges-first, nccl |")
    print("|---|---|---|---|---|")
    hand = val(p, "gpu", "hand_iter_fixed_us")
    now = val(p, "agent", "agent_loop_now_us")
    cases = [
        ("as measured", {}),
        ("PROACT's loop cost as the hand-written one's (%g us)" % hand,
         {"t0": hand}),
        ("both: loop cost %g us, agent %g us per loop" % (hand, now),
         {"t0": hand, "agent_loop": now}),
        ("agent as the persistent thread on host devices (%g us per loop)"
         % now, {"agent_loop": now}),
        ("agent 3x slower per loop (115 us)",
         {"agent_loop": 3 * val(p, "agent", "agent_loop_us")}),
        ("chunk 4 KiB (16 chunks per halo row)", {"chunk": 4096}),
        ("chunk 16 KiB", {"chunk": 16384}),
        ("copy issue 3x (20 us per chunk)",
         {"issue": 3 * val(p, "agent", "copy_issue_us")}),
    ]
    for name, over in cases:
        m = Machine(p, fast[0], fast[1], **over)
        cells = []
        for key in ("nccl_overlap", "proact_memcpy_nccl",
                    "proact_inorder_nccl", "proact_edges_nccl"):
            tg, e = efficiency(m, key, 16384, 16, 1, False)
            cells.append("%.2f (%.0f us)" % (e, tg))
        print("| %s | %s |" % (name, " | ".join(cells)))
    print()
    print("## Within one node, against what was measured\n")
    m = Machine(p, val(p, "nvlink", "bw_gbps"), val(p, "nvlink", "lat_us"))
    row = 4 * 16384
    pred = m.issue + net_msg(m, row)
    print("jacobi2d N = 16384 on 2 x H200 (NVLink as the link), per loop: "
          "memcpy's pull of one halo row predicted %.1f us exposed, measured "
          "16.0 (bench/results/2026-11-23/h200x2-unified-memory-tune-apps.md: 0.032 ms per "
          "2-loop iteration over the elided run). dma's agent cost is fitted "
          "to the same run, so it does not check the model.\n" % pred)
    print("## Smallest N (strong, 1 GPU per node, 2 nodes, %g GB/s, %g us) "
          "at which each variant reaches efficiency 0.8\n" % fast)
    m = Machine(p, fast[0], fast[1])
    print("| variant | N |")
    print("|---|---|")
    for key, name in VARIANTS:
        found = "-"
        for e2 in range(9, 18):
            n = 2 ** e2
            if efficiency(m, key, n, 2, 1, False)[1] >= 0.8:
                found = str(n)
                break
        print("| %s | %s |" % (name, found))


def check(p, params_path):
    """The model's own checks; any failure exits 1."""
    fails = []

    def expect(cond, what):
        if not cond:
            fails.append(what)

    # Every parameter names its kind and a source; measured ones name a
    # file of this repository (or DESIGN.md) that exists.
    root = os.path.normpath(os.path.join(os.path.dirname(params_path),
                                         "..", ".."))
    for group, items in p.items():
        if group == "about":
            continue
        for name, d in items.items():
            expect(d.get("kind") in ("measured", "fitted", "assumption"),
                   "%s.%s: kind" % (group, name))
            expect(bool(d.get("source")), "%s.%s: source" % (group, name))
            if d.get("kind") in ("measured", "fitted"):
                path = d["source"].split(" ")[0].rstrip(";,")
                if not path.startswith("/"):
                    path = os.path.join(root, path)
                expect(os.path.exists(path), "%s.%s: source %s missing"
                       % (group, name, path))
    bw, lat = 50.0, 2.0
    free = Machine(p, 1e12, 0.0, t0=0.0, t0_8=0.0, t_hand=0.0, issue=0.0,
                   edge_kernel=0.0,
                   agent_loop=0.0, nvl_lat=0.0, nvl_bw=1e15, d2h=1e15,
                   mpi_o=0.0, inst=0.0)
    for key, _ in VARIANTS:
        for g in (1, 8):
            for weak in (False, True):
                e = efficiency(free, key, 16384, 16, g, weak)[1]
                expect(abs(e - 1.0) < 1e-6, "free network: %s g=%d weak=%s "
                       "efficiency %.6f, not 1" % (key, g, weak, e))
    m = Machine(p, bw, lat)
    for n in (4096, 16384, 65536):
        for g in (1, 8):
            t = {k: efficiency(m, k, n, 16, g, False)[0] for k, _ in VARIANTS}
            # Overlap costs at most its boundary kernels' launch.
            expect(t["nccl_overlap"] <= t["bulk"] + m.edge_kernel + 1e-9,
                   "nccl_overlap slower than bulk at N=%d g=%d" % (n, g))
            expect(t["proact_edges_nccl"] <= t["proact_inorder_nccl"] + 1e-9,
                   "edges-first slower than in-order at N=%d g=%d" % (n, g))
            expect(t["proact_inorder_nccl"] <= t["proact_inorder_host"] + 1e-9,
                   "GPU-direct slower than host-staged at N=%d g=%d" % (n, g))
    # More latency or less bandwidth never helps.
    for key, _ in VARIANTS:
        prev = None
        for l in (0.0, 2.0, 5.0, 20.0):
            e = efficiency(Machine(p, bw, l), key, 16384, 16, 1, False)[1]
            expect(prev is None or e <= prev + 1e-12,
                   "%s: efficiency rises with latency" % key)
            prev = e
        prev = None
        for b in (200.0, 50.0, 25.0, 5.0):
            e = efficiency(Machine(p, b, lat), key, 16384, 16, 1, False)[1]
            expect(prev is None or e <= prev + 1e-12,
                   "%s: efficiency rises as bandwidth falls" % key)
            prev = e
    # Chunks finer than a row cost the agent one issue each.
    coarse = Machine(p, bw, lat, chunk=65536)
    fine = Machine(p, bw, lat, chunk=4096)
    a = iteration(coarse, "proact_inorder_nccl", 16384, 16384, 1)
    b = iteration(fine, "proact_inorder_nccl", 16384, 16384, 1)
    expect(abs((b - a) - 15 * coarse.issue) < 1e-6,
           "16 chunks per row cost %.3f us more, not 15 issues" % (b - a))
    # Overlap hides a large exchange behind a long sweep: at N = 65536
    # weak scaling the overlapped variants are within 1% of the sweep.
    slow = Machine(p, 25.0, 5.0)
    for key in ("nccl_overlap", "proact_edges_nccl"):
        e = efficiency(slow, key, 65536, 16, 1, True)[1]
        expect(e > 0.99, "%s at N=65536 weak: %.4f" % (key, e))
    # And the in-order walk exposes the last chunk's send: one message.
    t_in = iteration(m, "proact_inorder_nccl", 65536, 65536, 1)
    kern = m.t0 + 65536 * 65536 / m.rate
    exp = kern + m.issue + net_msg(m, 4 * 65536) + m.agent_loop
    expect(abs(t_in - exp) < 1e-6, "in-order tail %.3f, expected %.3f"
           % (t_in, exp))
    for f in fails:
        print("FAIL: " + f)
    print("model checks: %d failed" % len(fails))
    return 1 if fails else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("params")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--mpi-results", help="mpi_chunks output: takes its "
                    "fitted per-message cost")
    ap.add_argument("--net", help="network settings to tabulate instead of "
                    "the parameter file's, as GBPS:US[,GBPS:US...] (e.g. "
                    "the L and B mpi_chunks or nccl-tests measured)")
    a = ap.parse_args()
    p = load(a.params, a.mpi_results)
    if a.check:
        return check(p, a.params)
    pairs = None
    if a.net:
        try:
            pairs = [tuple(float(x) for x in item.split(":"))
                     for item in a.net.split(",")]
        except ValueError:
            pairs = []
        if not pairs or any(len(q) != 2 or q[0] <= 0 or q[1] < 0
                            for q in pairs):
            print("model.py: --net wants GBPS:US pairs with GBPS > 0 and "
                  "US >= 0, got %r" % a.net, file=sys.stderr)
            return 2
    report(p, pairs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
