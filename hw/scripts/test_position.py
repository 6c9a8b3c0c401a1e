#!/usr/bin/env python3
"""Synthesis does not depend on where lines are (docs/hardware.md "Caching"): the rv32-ref
processor and seed 004's Case I, once as they are and once with every file shifted by blank
lines, an unused module read first and the top's port list moved into an `include, give the
same canonical RTLIL (what
every flow reads: targets.yosys_read), the same cache key and byte-identical mapped
netlists (ECP5 synth_ecp5 for the processor, the ASIC flow's generic gates for the case).
`make -C hw test-position`; about a minute (Yosys)."""
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common as C  # noqa: E402
import targets as T  # noqa: E402


def shifted(t, tmp):
    """A copy of target t whose files all start lower and have blank lines inside, that reads
    an unused module first (it takes Yosys's first automatic names), and whose top module's
    port list is in an `include file."""
    os.makedirs(tmp)
    files = []
    for i, p in enumerate(t["files"]):
        with open(p) as f:
            text = f.read()
        text = "\n" * (3 + i) + text.replace(";\n", ";\n\n\n", 5 + i)
        if i == 0:
            text = UNUSED + text
        m = re.search(rf"module {t['top']}\s*#\((.*?)\n\) \(\n(.*?)\n\);\n", text, re.S)
        if m:  # the top: its port list into top_ports.vh
            with open(os.path.join(tmp, "top_ports.vh"), "w") as f:
                f.write("\n\n" + m.group(2) + "\n")
            text = text[:m.start(2)] + '`include "top_ports.vh"' + text[m.end(2):]
        files.append(os.path.join(tmp, f"{i:02d}_{os.path.basename(p)}"))
        with open(files[-1], "w") as f:
            f.write(text)
    return dict(t, name=t["name"] + " shifted", files=files, include_dirs=[tmp] + t["include_dirs"])


UNUSED = """module position_unused (input clk_i, input [7:0] a_i, b_i, output reg [7:0] q_o);
  always @(posedge clk_i) if (a_i > b_i) q_o <= a_i + b_i; else if (a_i[0]) q_o <= a_i & b_i; else q_o <= 8'd0;
endmodule
"""


def read(p):
    with open(p) as f:
        return f.read()


def netlist(t, tmp, commands):
    """sha256 of the netlist the commands write (net.out) from the target's canonical RTLIL."""
    os.makedirs(tmp, exist_ok=True)
    with open(os.path.join(tmp, "s.ys"), "w") as f:
        f.write("\n".join(T.yosys_read(t) + commands) + "\n")
    r = C.run(["yosys", "-q", "s.ys"], cwd=tmp)
    if r.returncode != 0 or not os.path.exists(os.path.join(tmp, "net.out")):
        raise AssertionError(f"yosys failed in {tmp}: {(r.stdout + r.stderr)[-400:]}")
    with open(os.path.join(tmp, "net.out"), "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


class Position(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="position-")
        self.old_build, C.BUILD = C.BUILD, os.path.join(self.tmp, "build")  # a fresh key memo

    def tearDown(self):
        C.BUILD = self.old_build
        shutil.rmtree(self.tmp, ignore_errors=True)

    def check(self, t, commands):
        s = shifted(t, os.path.join(self.tmp, "shifted"))
        self.assertTrue(any("`include \"top_ports.vh\"" in read(p) for p in s["files"]))
        self.assertNotEqual(T.source_key(t), T.source_key(s))  # the text did change
        self.assertEqual(read(T.canonical_il(t)), read(T.canonical_il(s)))
        self.assertEqual(T.key(t), T.key(s))
        self.assertEqual(netlist(t, os.path.join(self.tmp, "a"), commands),
                         netlist(s, os.path.join(self.tmp, "b"), commands))

    def test_processor(self):
        t, why = T.rtl_files("rv32-ref")
        if t is None:
            self.fail(why)
        self.check(t, [f"synth_ecp5 -top {t['top']} -json net.out"])

    def test_keccak_case(self):
        t = T.case_target("I")
        self.check(t, [f"synth -flatten -top {t['top']}", "abc -fast -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX",
                       "opt_clean", "write_verilog -noattr net.out"])

    def test_fpga_define(self):
        """The ECP5 flow's define (pnr.DEFINES) leaves a design whose sources do not use it as
        it was (same canonical RTLIL, same key: its cached results stay), and changes the
        vector processor's (the register file in LUT RAM)."""
        import pnr
        for name, used in (("rv32-ref", False), ("rv32-v", True)):
            t, why = T.rtl_files(name)
            if t is None:
                self.fail(why)
            f, why = T.rtl_files(name, defines=pnr.DEFINES)
            if f is None:
                self.fail(why)
            self.assertEqual(f["defines"], pnr.DEFINES)
            # the FPGA-only files (the LUT RAM register file) are read with the define only
            self.assertEqual(len(f["files"]) > len(t["files"]), used, name)
            self.assertFalse(any("vrf_lvt" in p for p in t["files"]), name)
            self.assertNotEqual(T.source_key(t), T.source_key(f))
            same = read(T.canonical_il(t)) == read(T.canonical_il(f))
            self.assertEqual(same, not used, name)
            self.assertEqual(T.key(t) == T.key(f), not used, name)
            self.assertEqual("zve64x_vrf_lvt" in read(T.canonical_il(f)), used, name)


if __name__ == "__main__":
    unittest.main()
