#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# Writes the seed corpus of fuzz target trace (tests/fuzz/trace/): small
# CTF stream files in the layout of trace.metadata (one packet: header,
# context, events with the large event header, fields byte-aligned, little
# endian), each a short story the sink knows: calibration, a block, raise
# -> entry -> flow -> chip ops -> action -> service -> exit, on one or two
# simulated CPUs. A real trace's packets are megabytes; these are a few
# hundred bytes. Run it from anywhere; it rewrites the seed-*.ctf files.
import os
import struct
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
META = open(os.path.join(HERE, "trace.metadata"), encoding="ascii").read()
UUID = uuid.UUID(META.split('uuid = "', 1)[1].split('"', 1)[0]).bytes

IDS = {"raise": 0, "service": 1, "entry": 2, "exit": 3, "flow": 4,
       "chip_op": 5, "action_entry": 6, "action_exit": 7, "pending": 8,
       "replay": 9, "resend": 10, "spurious_disable": 11, "disable": 12,
       "enable": 13, "affinity": 14, "block_begin": 15, "block_end": 16,
       "calibrate": 17}


def u32(v):
    return struct.pack("<I", v & 0xffffffff)


def u64(v):
    return struct.pack("<Q", v & 0xffffffffffffffff)


def s(v):
    return v.encode() + b"\0"


def fields(name, *a):
    f = {
        "raise": lambda irq, dev, seq, late: u32(irq) + u32(dev) + u64(seq) + u64(late),
        "service": lambda irq, dev, first, count: u32(irq) + u32(dev) + u64(first) + u64(count),
        "entry": lambda cpu, irq: u32(cpu) + u32(irq),
        "exit": lambda cpu, irq: u32(cpu) + u32(irq),
        "flow": lambda irq, flow: u32(irq) + s(flow),
        "chip_op": lambda irq, op, chip: u32(irq) + u32(op) + s(chip),
        "action_entry": lambda irq, i: u32(irq) + u32(i),
        "action_exit": lambda irq, i, ret: u32(irq) + u32(i) + u32(ret),
        "pending": lambda irq, st: u32(irq) + u32(st),
        "disable": lambda irq, d: u32(irq) + u32(d),
        "enable": lambda irq, d: u32(irq) + u32(d),
        "block_begin": lambda sc, de, ch, b: s(sc) + s(de) + s(ch) + u32(b),
        "block_end": lambda sc, de, ch, b: s(sc) + s(de) + s(ch) + u32(b),
        "calibrate": lambda i: u32(i),
    }[name]
    return f(*a)


def packet(events, cpu, t0=1_000_000_000, discarded=0, seq=0):
    body = b""
    t = t0
    for dt, name, *a in events:
        t += dt
        body += struct.pack("<HI", IDS[name], t & 0xffffffff)
        body += fields(name, *a)
    size = 32 + 52 + len(body)
    head = u32(0xC1FC1FC1) + UUID + u32(0) + u64(cpu)
    ctx = (u64(t0) + u64(t) + u64(size * 8) + u64(size * 8) + u64(seq) +
           u64(discarded) + u32(cpu))
    return head + ctx + body


def irq(cpu, n, dev=0, flow="edge", chip="ioapic", ops=(4, 8)):
    ev = [(50, "raise", 1, dev, n, 0), (300, "entry", cpu, 1),
          (20, "flow", 1, flow)]
    ev += [(30, "chip_op", 1, ops[0], chip)]
    ev += [(20, "action_entry", 1, 0), (40, "service", 1, dev, n, 1),
           (60, "action_exit", 1, 0, 1)]
    ev += [(30, "chip_op", 1, o, chip) for o in ops[1:]]
    ev += [(20, "exit", cpu, 1)]
    return ev


def calib(n):
    return [(25, "calibrate", i) for i in range(n)]


def block(sc, design, chip, b, body):
    return ([(10, "block_begin", sc, design, chip, b)] + body +
            [(10, "block_end", sc, design, chip, b)])


seeds = {
    "seed-one-irq.ctf": packet(
        calib(4) + block("s", "flow", "ioapic", 0, irq(0, 1)), 0),
    "seed-edge-block.ctf": packet(
        calib(8) + block("ioapic-edge", "flow", "ioapic", 0,
                         irq(0, 1) + irq(0, 2) + irq(0, 3)), 0),
    "seed-do-irq.ctf": packet(
        calib(2) + block("i8259-level", "do_irq", "i8259", 1,
                         irq(1, 1, flow="", chip="i8259", ops=(6, 7)) +
                         [(5, "pending", 1, 4), (5, "disable", 1, 1),
                          (5, "enable", 1, 0)] +
                         irq(1, 2, flow="", chip="i8259", ops=(6, 7))), 1),
    "seed-unmatched.ctf": packet(
        block("gic", "flow", "gic", 0,
              [(10, "entry", 0, 1), (10, "entry", 1, 2),
               (10, "service", 9, 9, 1, 3), (10, "exit", 0, 7)] +
              irq(1, 5, flow="fasteoi", chip="gic", ops=(8,))), 1,
        discarded=3, seq=2),
}
for name, data in seeds.items():
    with open(os.path.join(HERE, "trace", name), "wb") as f:
        f.write(data)
    print(name, len(data))
