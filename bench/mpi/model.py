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
                chunk when it is final, one chunk after another; the walk
                decides when:
                  in-order:    top chunk after the first wave, bottom at the
                               end (PROACT before issue 48)
                  edges-first: both after the waves that hold the pushed
                               chunks' tiles (the readiness kernels today)
                transport nccl (GPU to GPU) or mpi-host (staged through host
                memory on both sides)

Two parameter sets: `after` (params.json's values, the default) and
`before` (the values the model used before issue 48, kept in each
parameter's "before" entry).

Usage: model.py PARAMS.json [--set after|before] [--mpi-results FILE]
                [--net GBPS:US,...]          tables (markdown)
       model.py --check PARAMS.json          the model's own checks
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
    ("proact_edges_host", "PROACT edges-first, MPI host-staged"),
]
SETS = ("after", "before")


def val(p, group, name, pset="after"):
    d = p[group][name]
    if pset == "before" and "before" in d:
        return d["before"]["value"]
    return d["value"]


class Machine:
    """The numbers one evaluation uses (microseconds, bytes per us)."""

    def __init__(self, p, net_bw, net_lat, pset="after", **over):
        if pset not in SETS:
            raise ValueError(pset)
        v = lambda g, n: val(p, g, n, pset)
        self.pset = pset
        self.rate = v("gpu", "rate_gpts") * 1e3  # points per us
        self.t0 = v("gpu", "loop_fixed_us")
        self.t0_8 = v("gpu", "loop_fixed_8dev_us")
        # None: the whole fixed cost comes before the sweep's first block.
        self.host_pre = v("gpu", "host_pre_us")
        self.kernel_pre = v("gpu", "kernel_pre_us")
        self.kernel_post = v("gpu", "kernel_post_us")
        self.t_hand = v("gpu", "hand_iter_fixed_us")
        self.edge_kernel = v("gpu", "hand_edge_kernel_us")
        self.inst = v("gpu", "inst_frac")
        self.teams = v("gpu", "resident_teams")
        self.tile_rows = v("gpu", "tile_rows")
        self.tile_cols = v("gpu", "tile_cols")
        self.nvl_free = bool(v("gpu", "nvlink_halo_free"))
        self.issue = v("agent", "copy_issue_us")
        self.agent_loop = v("agent", "agent_loop_us")
        self.pull_wait = v("agent", "pull_wait_us")
        self.chunk = v("agent", "chunk_bytes")
        self.d2h = v("host_link", "d2h_gbps") * 1e3  # bytes per us
        o = v("mpi_host", "send_overhead_us")
        self.mpi_o = 0.0 if o is None else o
        self.nvl_bw = v("nvlink", "bw_gbps") * 1e3
        self.nvl_lat = v("nvlink", "lat_us")
        self.net_bw = net_bw * 1e3
        self.net_lat = net_lat
        # Set only by the gap decomposition: the halo's chunks final at this
        # time after the loop's start, whatever the walk.
        self.halo_at = None
        # Set only by the sensitivity line: the part of the fixed cost
        # after the sweep's last block.
        self.early = 0.0
        for k, x in over.items():
            if not hasattr(self, k):
                raise KeyError(k)
            setattr(self, k, x)


def sweep_us(m, rows, n, fixed):
    """One sweep of rows x n points on one GPU, with a per-loop cost."""
    return fixed + rows * n / m.rate


def net_msg(m, nbytes, streams=1):
    """One GPU-to-GPU message over the network; `streams` messages leave
    the same NIC at once and share its bandwidth."""
    return m.net_lat + streams * nbytes / m.net_bw


def nvl_msg(m, nbytes):
    return m.nvl_lat + nbytes / m.nvl_bw


def tiles(m, rows, n):
    """Column-walk tiles of a part of rows x n points."""
    return math.ceil(rows / m.tile_rows) * math.ceil(n / m.tile_cols)


def first_wave_fraction(m, rows, n, k):
    """Share of a sweep after which the tiles of k rows walked first are
    final: tiles run in waves of `teams` at a time, so those rows are done
    when the waves that hold their tiles are. A part that fits in one wave
    finishes every row at its end, whatever the order."""
    total = tiles(m, rows, n)
    first = math.ceil(min(k, rows) / m.tile_rows) * math.ceil(n / m.tile_cols)
    return min(1.0, math.ceil(first / m.teams) * m.teams / total)


def pre_sweep(m, fixed):
    """Time from the loop's start to the sweep's first blocks: the whole
    fixed cost, less `early`, the part of it that may come after the
    sweep's last block (0: the two-H200 runs agree with 0; see the
    report's sensitivity line). The cost more devices add (fixed - t0) is
    before the blocks: the slowest GPU's kernel may be launched last."""
    return fixed - min(m.early, fixed)


def halo_ready(m, rows, n, fixed, edges):
    """When the top and the bottom halo's chunks are final, from the loop's
    start, and the kernel's end."""
    body = rows * n / m.rate * (1 + m.inst)
    kernel = fixed + body
    if m.halo_at is not None:
        return m.halo_at, m.halo_at, kernel
    pre = pre_sweep(m, fixed)
    k = max(1, m.chunk // (4 * n))
    t_top = pre + body * first_wave_fraction(m, rows, n, k)
    if edges:
        t_bot = pre + body * first_wave_fraction(m, rows, n, 2 * k)
        t_top = t_bot
    else:
        t_bot = pre + body
    return t_top, t_bot, kernel


def send_parts(m, nbytes, link):
    """A halo's cost on the agent (issued one chunk after another: a halo
    row of nbytes is ceil(nbytes / chunk) chunks) and its time on the way
    once issued, as a function of how many network messages share the NIC."""
    nchunks = max(1, math.ceil(nbytes / m.chunk))
    per = nbytes / nchunks
    if link == "nvl":
        return nchunks * m.issue, lambda streams: nvl_msg(m, nbytes)
    if link == "nccl":
        # The agent issues one NCCL send per chunk: the host pays the
        # issue; the bytes go GPU to NIC directly.
        return nchunks * m.issue, lambda streams: net_msg(m, nbytes, streams)
    # Host-staged MPI: per chunk the sender's agent issues the copy to the
    # host and the MPI send; the first chunk's copy out and the last
    # chunk's copy in (issued by the receiver) are on the path as well.
    return (nchunks * (m.issue + m.mpi_o),
            lambda streams: per / m.d2h + net_msg(m, nbytes, streams)
            + m.issue + per / m.d2h)


def agent_arrival(m, halos, nbytes, transport):
    """The time the last halo is in its reader's memory. halos: (ready,
    link) pairs; the agent takes them in the order they become final, one
    after another. Two network messages in flight together share the NIC."""
    t_agent = -math.inf
    sent = []
    for ready, link in sorted(halos, key=lambda h: h[0]):
        host, wire = send_parts(m, nbytes, transport if link == "net" else
                                "nvl")
        t_agent = max(ready, t_agent) + host
        sent.append((t_agent, link, wire))
    net = [s for s in sent if s[1] == "net"]
    streams = 1
    if len(net) == 2 and net[1][0] < net[0][0] + net[0][2](1):
        streams = 2
    return max(t + wire(streams if link == "net" else 1)
               for t, link, wire in sent)


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
            return kernel + 2 * m.issue + net_msg(m, row, 2) + m.pull_wait
        return (kernel + m.issue + max(net_msg(m, row), nvl_msg(m, row))
                + m.pull_wait)
    if variant.startswith("proact"):
        transport = "nccl" if variant.endswith("nccl") else "host"
        t_top, t_bot, kernel = halo_ready(m, rows, n, fixed,
                                          "edges" in variant)
        if g == 1:
            halos = [(t_top, "net"), (t_bot, "net")]
        elif m.nvl_free:
            # Its NVLink neighbour gets the stores as they happen (inline);
            # the network neighbour's chunk is the later one.
            halos = [(t_bot, "net")]
        else:
            # The edge GPU of a node: under the in-order walk its network
            # neighbour's chunk is the later one (the slowest GPU is that
            # one); edges first, the agent takes it second.
            halos = [(t_top, "nvl"), (t_bot, "net")]
        arrive = agent_arrival(m, halos, row, transport)
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


def cell(m, key, n, nodes, g, weak=False):
    tg, e = efficiency(m, key, n, nodes, g, weak)
    return "-" if math.isnan(e) else "%.2f (%.0f us)" % (e, tg)


def table(p, g, weak, bw, lat, sizes, nodes_list, over=None, pset="after"):
    m = Machine(p, bw, lat, pset, **(over or {}))
    head = "| nodes | N | " + " | ".join(v[1] for v in VARIANTS) + " |"
    out = [head, "|" + "---|" * (2 + len(VARIANTS))]
    for nodes in nodes_list:
        for n in sizes:
            cells = [cell(m, key, n, nodes, g, weak) for key, _ in VARIANTS]
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
        d = p["mpi_host"]["send_overhead_us"]
        d["value"] = float(mo.group(1))
        d.pop("before", None)
    return p


# The gap between PROACT (edges first, through NCCL) and nccl_overlap, one
# cost at a time replaced by the hand-written variant's, in this order.
def gap_steps(m, g):
    fixed = m.t0 if g == 1 else m.t0_8
    return [
        ("fixed cost per loop: %.0f -> %g us (the hand-written one's)"
         % (fixed, m.t_hand), {"t0": m.t_hand, "t0_8": m.t_hand}),
        ("readiness instrumentation: kernel +%.0f%% -> 0" % (100 * m.inst),
         {"inst": 0.0}),
        ("agent per loop: %g -> 0 us" % m.agent_loop, {"agent_loop": 0.0}),
        ("copy issue per chunk: %g -> 0 us" % m.issue, {"issue": 0.0}),
        ("halo lateness: final after the first wave -> after the boundary "
         "kernels (%g us)" % m.edge_kernel, {"halo_at": "edge"}),
    ]


def gap_table(p, bw, lat, n, nodes, g, pset="after"):
    base = Machine(p, bw, lat, pset)
    rows = n / (nodes * g)
    # The hand-written boundary rows are done this long after the
    # iteration's start.
    edge = base.t_hand + base.edge_kernel + sweep_us(base, 2, n, 0.0)
    ref = efficiency(base, "nccl_overlap", n, nodes, g, False)
    now = efficiency(base, "proact_edges_nccl", n, nodes, g, False)
    out = ["| step | alone: PROACT's time | cumulative: PROACT's time "
           "(efficiency) | of the gap |", "|---|---|---|---|"]
    out.append("| PROACT edges-first | %.1f us | %.1f us (%.2f) | |"
               % (now[0], now[0], now[1]))
    acc = {}
    prev = now[0]
    gap = now[0] - ref[0]
    for name, over in gap_steps(base, g):
        over = {k: (edge if x == "edge" else x) for k, x in over.items()}
        alone = Machine(p, bw, lat, pset, **over)
        acc.update(over)
        cum = Machine(p, bw, lat, pset, **acc)
        ta = iteration(alone, "proact_edges_nccl", n, rows, g)
        tc, ec = efficiency(cum, "proact_edges_nccl", n, nodes, g, False)
        out.append("| %s | %.1f us | %.1f us (%.2f) | %.0f%% |"
                   % (name, ta, tc, ec, 100 * (prev - tc) / gap if gap else 0))
        prev = tc
    out.append("| remaining | | | %.0f%% |"
               % (100 * (prev - ref[0]) / gap if gap else 0))
    out.append("| nccl_overlap | | %.1f us (%.2f) | |" % (ref[0], ref[1]))
    return "\n".join(out)


def kernel_span_fraction(m, n, devices, shared, edges=True):
    """The measured quantity of bench/halo_ready.py: the latest pushed
    chunk's time as a fraction of its kernel's host-timed span, for a
    jacobi2d of n x n split over `devices` parts. shared: the parts are
    logical devices of one GPU, whose kernels share its SMs: the later
    kernel's blocks run after the other's (one at a time, in the model)."""
    rows = n / devices
    body = rows * n / m.rate * (1 + m.inst)
    k = max(1, m.chunk // (4 * n))
    f = first_wave_fraction(m, rows, n, k) if edges else 1.0
    before = body if shared else 0.0
    span = m.kernel_pre + before + body + m.kernel_post
    return (m.kernel_pre + before + f * body) / span


def full_tables(p, pairs, pset):
    for g in (1, 8):
        for weak in (False, True):
            if g > 1 and weak:
                continue
            sizes = (8192, 16384, 32768) if not weak else (4096, 8192, 16384)
            for bw, lat in pairs:
                print("## %s scaling, %d GPU%s per node, network %g GB/s, "
                      "%g us per GPU (%s)\n"
                      % ("weak" if weak else "strong", g,
                         "s" if g > 1 else "", bw, lat, pset))
                if weak:
                    print("N x N floats per GPU.\n")
                else:
                    print("N x N floats in all.\n")
                print(table(p, g, weak, bw, lat, sizes, (2, 16), pset=pset))
                print()


def report(p, pairs=None, only=None):
    bws = p["network"]["bw_gbps"]["values"]
    lats = p["network"]["lat_us"]["values"]
    # The slow network with the long latency and the fast one with the
    # short, unless --net names the pairs.
    pairs = pairs or [(bws[0], lats[-1]), (bws[-1], lats[0])]
    fast = pairs[-1]
    if only:
        print("# Predicted efficiency of a 2-D Jacobi, parameter set %s "
              "(bench/mpi/model.py)\n" % only)
        full_tables(p, pairs, only)
        return
    print("# Predicted efficiency of a 2-D Jacobi (bench/mpi/model.py)\n")
    print("Cells: efficiency (time per iteration of the slowest GPU). "
          "Efficiency is the 1-GPU time of the same variant over G x the "
          "G-GPU time (strong) or over the G-GPU time (weak). Model "
          "predictions, not measurements.\n")
    print("## Before and after issue 48 (strong scaling, %g GB/s, %g us)\n"
          % fast)
    print("before: the parameters the model used before (PROACT's walk "
          "in order); after: today's (edges first). Cells: before -> "
          "after.\n")
    print("| GPUs per node | nodes | N | nccl_overlap | mpi_overlap | bulk | "
          "PROACT memcpy | PROACT proactive (in-order -> edges-first) |")
    print("|---|---|---|---|---|---|---|---|")
    mb = Machine(p, fast[0], fast[1], "before")
    ma = Machine(p, fast[0], fast[1], "after")
    for g in (1, 8):
        for nodes in (2, 16):
            for n in (8192, 16384, 32768):
                cells = []
                for kb, ka in (("nccl_overlap",) * 2, ("mpi_overlap",) * 2,
                               ("bulk",) * 2, ("proact_memcpy_nccl",) * 2,
                               ("proact_inorder_nccl", "proact_edges_nccl")):
                    b, a = cell(mb, kb, n, nodes, g), cell(ma, ka, n, nodes, g)
                    cells.append(a if a == b else "%s -> %s" % (b, a))
                print("| %d | %d | %d | %s |" % (g, nodes, n, " | ".join(cells)))
    print()
    full_tables(p, pairs, "after")
    hand = val(p, "gpu", "hand_iter_fixed_us")
    print("## The exchange schemes alone: PROACT's per-loop cost set to the "
          "hand-written variants' (%g us), its other costs kept\n" % hand)
    same = {"t0": hand, "t0_8": hand}
    for g in (1, 8):
        bw, lat = fast
        print("### strong scaling, %d GPU%s per node, %g GB/s, %g us\n"
              % (g, "s" if g > 1 else "", bw, lat))
        print(table(p, g, False, bw, lat, (8192, 16384, 32768), (2, 16),
                    same))
        print()
    for g in (1, 8):
        for nodes, n in ((16, 16384), (2, 16384)):
            print("## The gap to nccl_overlap, %d GPU%s per node, %d nodes, "
                  "N = %d, %g GB/s, %g us\n"
                  % (g, "s" if g > 1 else "", nodes, n, fast[0], fast[1]))
            print("Each cost of PROACT's (edges first, through NCCL) replaced "
                  "by the hand-written variant's: alone, and in turn in this "
                  "order; 'of the gap' is each step's share of PROACT's time "
                  "less nccl_overlap's.\n")
            print(gap_table(p, fast[0], fast[1], n, nodes, g))
            print()
    early = ma.t0 - ma.host_pre - ma.kernel_pre
    print("## Sensitivity: the halo leaving when its chunk is stamped "
          "(1 GPU per node, %g GB/s, %g us)\n" % fast)
    print("The model takes the halo to leave after the loop's whole fixed "
          "cost and the waves that hold it. If the last %.1f us of the fixed "
          "cost came after the sweep's last block (the host seeing the "
          "kernel end, then PROACT's own end of loop) and the agent sent a "
          "chunk as soon as the device stamps it:\n" % early)
    print("| nodes | N | in-order | edges-first | in-order, halo at its stamp "
          "| edges-first, halo at its stamp |")
    print("|---|---|---|---|---|---|")
    me = Machine(p, fast[0], fast[1], early=early)
    for nodes, n in ((16, 8192), (16, 16384), (16, 32768), (2, 16384)):
        print("| %d | %d | %s | %s | %s | %s |" % (
            nodes, n, cell(ma, "proact_inorder_nccl", n, nodes, 1),
            cell(ma, "proact_edges_nccl", n, nodes, 1),
            cell(me, "proact_inorder_nccl", n, nodes, 1),
            cell(me, "proact_edges_nccl", n, nodes, 1)))
    print()
    print("## When the halo's chunks are final (the first wave)\n")
    print("Measured by bench/halo_ready.py: the latest pushed chunk as a "
          "fraction of its kernel's host-timed span. The model: the part's "
          "tiles run in waves of %d; the chunks walked first are final after "
          "the waves that hold them; the span adds %g us before the first "
          "blocks and %g after the last (fitted to the two two-H200 rows). "
          "Logical devices of one GPU ('shared'): the later kernel's blocks "
          "run after the other's.\n" % (ma.teams, ma.kernel_pre,
                                       ma.kernel_post))
    print("| record | measured | model |")
    print("|---|---|---|")
    for name, d in p["edges_first"].items():
        pred = kernel_span_fraction(ma, d["n"], d["devices"],
                                    d.get("shared", 0))
        print("| %s (%s) | %.3f | %.3f |" % (name, d["source"].split(" ")[0]
                                              .split("/")[-1], d["value"],
                                              pred))
    print("\nThe same model for the configurations above: tiles of the "
          "slowest GPU, waves, and the share of its sweep after which both "
          "halos' chunks are final (edges first; in order: 1.0 for the "
          "bottom one).\n")
    print("| GPUs | N | rows per GPU | tiles | waves | halos final after |")
    print("|---|---|---|---|---|---|")
    for gpus in (2, 16, 128):
        for n in (8192, 16384, 32768):
            rows = n / gpus
            t = tiles(ma, rows, n)
            k = max(1, ma.chunk // (4 * n))
            print("| %d | %d | %.0f | %d | %.1f | %.2f |"
                  % (gpus, n, rows, t, t / ma.teams,
                     first_wave_fraction(ma, rows, n, 2 * k)))
    print()
    print("## Within one node, against what was measured\n")
    m = Machine(p, ma.nvl_bw / 1e3, ma.nvl_lat)
    n, rows = 16384, 8192
    body = rows * n / m.rate
    pm = m.issue + nvl_msg(m, 4 * n) + m.pull_wait
    t_top, t_bot, kernel = halo_ready(m, rows, n, m.t0, False)
    pd = (m.inst * body + max(0.0, t_bot + m.issue + nvl_msg(m, 4 * n)
                               - kernel) + m.agent_loop)
    early = m.t0 - m.host_pre - m.kernel_pre
    me = Machine(p, ma.nvl_bw / 1e3, ma.nvl_lat, early=early)
    t_top, t_bot, kernel = halo_ready(me, rows, n, me.t0, False)
    pe = (me.inst * body + max(0.0, t_bot + me.issue + nvl_msg(me, 4 * n)
                                - kernel) + me.agent_loop)
    print("jacobi2d N = 16384 on 2 x H200 (NVLink as the link), exposed per "
          "loop over the elided run: memcpy predicted %.1f us, measured 16.5 "
          "and 22.5; dma (in-order walk, the runs before the edges-first "
          "merge) predicted %.1f us, measured 51.5 and 49.5 "
          "(bench/results/2026-11-29/h200x2-poll-fix-apps.md and "
          "h200x2-after-split-apps.md: 0.033 / 0.045 and 0.103 / 0.099 ms "
          "per 2-loop iteration). The agent and pull costs are fitted to "
          "loop_cost's tiny loops, not to these runs. Were the last "
          "%.1f us of the loop's fixed cost after the sweep's last block "
          "(loop_fixed_us less host_pre_us and kernel_pre_us), with the "
          "halo leaving when the device stamps its chunk, dma would be "
          "predicted at %.1f us: the runs say the halo leaves at the loop's "
          "end, as the model takes it.\n" % (pm, pd, early, pe))
    print("## Smallest N (strong, 1 GPU per node, 2 nodes, %g GB/s, %g us) "
          "at which each variant reaches efficiency 0.8\n" % fast)
    print("| variant | before | after |")
    print("|---|---|---|")
    for key, name in VARIANTS:
        found = []
        for m in (mb, ma):
            f = "-"
            for e2 in range(9, 18):
                n = 2 ** e2
                if efficiency(m, key, n, 2, 1, False)[1] >= 0.8:
                    f = str(n)
                    break
            found.append(f)
        print("| %s | %s | %s |" % (name, found[0], found[1]))


def check(p, params_path):
    """The model's own checks; any failure exits 1."""
    fails = []

    def expect(cond, what):
        if not cond:
            fails.append(what)

    # Every parameter names its kind and a source, in both sets; measured
    # and fitted ones name a file of this repository that exists.
    root = os.path.normpath(os.path.join(os.path.dirname(params_path),
                                         "..", ".."))

    def sourced(d, what):
        expect(d.get("kind") in ("measured", "fitted", "assumption"),
               "%s: kind" % what)
        expect(bool(d.get("source")), "%s: source" % what)
        if d.get("kind") in ("measured", "fitted"):
            path = d["source"].split(" ")[0].rstrip(";,")
            if not path.startswith("/"):
                path = os.path.join(root, path)
            expect(os.path.exists(path), "%s: source %s missing"
                   % (what, path))

    for group, items in p.items():
        if group == "about":
            continue
        for name, d in items.items():
            sourced(d, "%s.%s" % (group, name))
            if "before" in d:
                sourced(d["before"], "%s.%s (before)" % (group, name))
    bw, lat = 50.0, 2.0
    for pset in SETS:
        free = Machine(p, 1e12, 0.0, pset, t0=0.0, t0_8=0.0, t_hand=0.0,
                       issue=0.0, edge_kernel=0.0, agent_loop=0.0,
                       pull_wait=0.0, nvl_lat=0.0, nvl_bw=1e15, d2h=1e15,
                       mpi_o=0.0, inst=0.0)
        for key, _ in VARIANTS:
            for g in (1, 8):
                for weak in (False, True):
                    e = efficiency(free, key, 16384, 16, g, weak)[1]
                    expect(abs(e - 1.0) < 1e-6, "%s: free network: %s g=%d "
                           "weak=%s efficiency %.6f, not 1"
                           % (pset, key, g, weak, e))
        m = Machine(p, bw, lat, pset)
        for n in (4096, 16384, 65536):
            for g in (1, 8):
                t = {k: efficiency(m, k, n, 16, g, False)[0]
                     for k, _ in VARIANTS}
                # Overlap costs at most its boundary kernels' launch.
                expect(t["nccl_overlap"] <= t["bulk"] + m.edge_kernel + 1e-9,
                       "%s: nccl_overlap slower than bulk at N=%d g=%d"
                       % (pset, n, g))
                for tr in ("nccl", "host"):
                    expect(t["proact_edges_" + tr]
                           <= t["proact_inorder_" + tr] + 1e-9,
                           "%s: edges-first slower than in-order (%s) at "
                           "N=%d g=%d" % (pset, tr, n, g))
                expect(t["proact_inorder_nccl"]
                       <= t["proact_inorder_host"] + 1e-9,
                       "%s: GPU-direct slower than host-staged at N=%d g=%d"
                       % (pset, n, g))
        # More latency or less bandwidth never helps.
        for key, _ in VARIANTS:
            prev = None
            for l in (0.0, 2.0, 5.0, 20.0):
                e = efficiency(Machine(p, bw, l, pset), key, 16384, 16, 1,
                               False)[1]
                expect(prev is None or e <= prev + 1e-12,
                       "%s: %s: efficiency rises with latency" % (pset, key))
                prev = e
            prev = None
            for b in (200.0, 50.0, 25.0, 5.0):
                e = efficiency(Machine(p, b, lat, pset), key, 16384, 16, 1,
                               False)[1]
                expect(prev is None or e <= prev + 1e-12,
                       "%s: %s: efficiency rises as bandwidth falls"
                       % (pset, key))
                prev = e
        # Chunks finer than a row cost the agent one issue each.
        coarse = Machine(p, bw, lat, pset, chunk=65536)
        fine = Machine(p, bw, lat, pset, chunk=4096)
        a = iteration(coarse, "proact_inorder_nccl", 16384, 16384, 1)
        b = iteration(fine, "proact_inorder_nccl", 16384, 16384, 1)
        expect(abs((b - a) - 15 * coarse.issue) < 1e-6,
               "%s: 16 chunks per row cost %.3f us more, not 15 issues"
               % (pset, b - a))
        # Overlap hides a large exchange behind a long sweep: at N = 65536
        # weak scaling the overlapped variants are within 1% of the sweep.
        slow = Machine(p, 25.0, 5.0, pset)
        for key in ("nccl_overlap", "proact_edges_nccl"):
            e = efficiency(slow, key, 65536, 16, 1, True)[1]
            cap = 1.0 if key == "nccl_overlap" else 1.0 / (1 + slow.inst)
            expect(e > 0.99 * cap, "%s: %s at N=65536 weak: %.4f"
                   % (pset, key, e))
        # The in-order walk exposes the last chunk's send: one message after
        # the sweep's last block.
        n = 65536
        t_in = iteration(m, "proact_inorder_nccl", n, n, 1)
        body = n * n / m.rate * (1 + m.inst)
        kern = m.t0 + body
        exp = max(kern, pre_sweep(m, m.t0) + body + m.issue
                  + net_msg(m, 4 * n)) + m.agent_loop
        expect(abs(t_in - exp) < 1e-6, "%s: in-order tail %.3f, expected %.3f"
               % (pset, t_in, exp))
        # Edges first, both halos ready at once: the agent issues them in
        # turn, so the later leaves one issue after the first (a part of
        # one wave, whose halos are final at its end: nothing hides them;
        # an issue outlasts the first message, which then has the NIC to
        # itself).
        n, rows = 16384, 64
        t_top, t_bot, kern = halo_ready(m, rows, n, m.t0, True)
        expect(t_top == t_bot, "%s: edges-first halos at different times"
               % pset)
        expect(m.issue > net_msg(m, 4 * n), "%s: the check's premise" % pset)
        t_e = iteration(m, "proact_edges_nccl", n, rows, 1)
        exp = max(kern, t_bot + 2 * m.issue + net_msg(m, 4 * n)) \
            + m.agent_loop
        expect(abs(t_e - exp) < 1e-6, "%s: edges-first %.3f, expected %.3f"
               % (pset, t_e, exp))
        # Without an issue cost both leave at once and share the NIC.
        m0 = Machine(p, bw, lat, pset, issue=0.0)
        t_top, t_bot, kern = halo_ready(m0, rows, n, m0.t0, True)
        t_e = iteration(m0, "proact_edges_nccl", n, rows, 1)
        exp = max(kern, t_bot + net_msg(m0, 4 * n, 2)) + m0.agent_loop
        expect(abs(t_e - exp) < 1e-6, "%s: two halos at once %.3f, expected "
               "%.3f" % (pset, t_e, exp))
        # memcpy pulls after the loop: one copy issue per halo, the wait,
        # the messages (one network and one NVLink one at 8 per node).
        for g in (1, 8):
            t_m = iteration(m, "proact_memcpy_nccl", n, 1024, g)
            fixed = m.t0 if g == 1 else m.t0_8
            kern = sweep_us(m, 1024, n, fixed)
            exp = kern + m.pull_wait + (
                2 * m.issue + net_msg(m, 4 * n, 2) if g == 1 else
                m.issue + max(net_msg(m, 4 * n), nvl_msg(m, 4 * n)))
            expect(abs(t_m - exp) < 1e-6, "%s: memcpy g=%d %.3f, expected "
                   "%.3f" % (pset, g, t_m, exp))
    # The waves: a part in one wave finishes every row at its end; one of
    # many waves finishes its first wave's rows after 1/waves of it.
    m = Machine(p, bw, lat)
    expect(first_wave_fraction(m, 100, 2048, 16) == 1.0,
           "a one-wave part's first rows final before its end")
    t = tiles(m, 8192, 16384)
    f = first_wave_fraction(m, 8192, 16384, 16)
    expect(abs(f - m.teams / t) < 1e-12, "first wave of %d tiles: %.4f, "
           "not %.4f" % (t, f, m.teams / t))
    # The kernel-span fractions the after set was fitted to come back, and
    # the logical-device ones (not fitted) within 0.05.
    for name, d in p["edges_first"].items():
        pred = kernel_span_fraction(m, d["n"], d["devices"],
                                    d.get("shared", 0))
        tol = 0.05 if d.get("shared") else 0.01
        expect(abs(pred - d["value"]) <= tol, "%s: model %.3f, measured %.3f"
               % (name, pred, d["value"]))
    # The before set gives the tables published before issue 48
    # (docs/design/multinode-model.md at that time): 16 nodes, N = 16384,
    # one GPU per node, 50 GB/s, 2 us; and 8 GPUs per node.
    mb = Machine(p, 50.0, 2.0, "before")
    for key, g, want in (("nccl_overlap", 1, (49, 0.81)),
                         ("bulk", 1, (54, 0.74)),
                         ("proact_memcpy_nccl", 1, (90, 0.46)),
                         ("proact_inorder_nccl", 1, (120, 0.34)),
                         ("proact_inorder_host", 1, (132, 0.31)),
                         ("proact_inorder_nccl", 8, (281, 0.15)),
                         ("proact_memcpy_nccl", 8, (246, 0.17))):
        nodes = 16 if g == 1 else 2
        tg, e = efficiency(mb, key, 16384, nodes, g, False)
        expect(round(tg) == want[0] and round(e, 2) == want[1],
               "before: %s g=%d: %.0f us %.2f, published %d us %.2f"
               % (key, g, tg, e, want[0], want[1]))
    # The gap decomposition ends at nccl_overlap (one GPU per node).
    for g in (1, 8):
        text = gap_table(p, bw, lat, 16384, 16, g)
        mo = re.search(r"\| remaining \| \| \| (-?\d+)%", text)
        expect(mo is not None and abs(int(mo.group(1))) <= 2,
               "gap decomposition g=%d leaves %s of the gap"
               % (g, mo.group(1) if mo else "?"))
    for f in fails:
        print("FAIL: " + f)
    print("model checks: %d failed" % len(fails))
    return 1 if fails else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("params")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--set", choices=SETS, default=None,
                    help="print only the full tables of one parameter set")
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
    report(p, pairs, a.set)
    return 0


if __name__ == "__main__":
    sys.exit(main())
