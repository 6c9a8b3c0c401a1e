#!/usr/bin/env python3
"""`make -C hw test-formal` (part of `make test`): a small real instance of `make formal`
(docs/formal.md): five riscv-formal checks of rv32-zbkb (a Zbkb instruction through the
extension port, a multiply through the ALTOPS stand-in, a load, the pc chain, the illegal
instruction) must pass, and the deliberate bug `zbkb-andn` must make insn_andn fail; the
same for xkeccak's kput on rv32-xkeccak (a custom instruction against its model).
About a minute (plus about 1.5 min once per machine while the WebAssembly Yosys is compiled
into ~/.cache/YoWASP). Needs `scripts/setup --formal` and the CLI (cargo build --release)."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common as C  # noqa: E402

CHECKS = ["insn_andn_ch0", "insn_mulh_ch0", "insn_lw_ch0", "pc_fwd_ch0", "ill_ch0"]


class Formal(unittest.TestCase):
    def test_checks_pass_and_a_deliberate_bug_is_caught(self):
        with tempfile.TemporaryDirectory(prefix="formal-") as tmp:
            out = os.path.join(tmp, "summary.json")
            r = subprocess.run([sys.executable, os.path.join(C.HW, "scripts", "formal.py"),
                                "--design", "rv32-zbkb", "--with-bugs", "--json", out,
                                "--checks", "^(" + "|".join(CHECKS) + ")$"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            sys.stdout.write(r.stdout)
            self.assertEqual(r.returncode, 0, r.stdout)
            with open(out) as fh:
                res = json.load(fh)["results"]
        plain = {x["check"]: x["status"] for x in res if not x["bug"]}
        self.assertEqual(plain, {c: "PASS" for c in CHECKS})
        bugs = [(x["bug"], x["check"], x["status"]) for x in res if x["bug"]]
        self.assertEqual(bugs, [("zbkb-andn", "insn_andn_ch0", "FAIL")])

    def test_a_custom_instruction_model_holds_and_catches_its_bug(self):
        # xkeccak's kput against its model written from isa/xkeccak (docs/formal.md)
        with tempfile.TemporaryDirectory(prefix="formal-") as tmp:
            out = os.path.join(tmp, "summary.json")
            r = subprocess.run([sys.executable, os.path.join(C.HW, "scripts", "formal.py"),
                                "--design", "rv32-xkeccak", "--with-bugs", "--json", out,
                                "--checks", "^insn_kput_ch0$"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            sys.stdout.write(r.stdout)
            self.assertEqual(r.returncode, 0, r.stdout)
            with open(out) as fh:
                res = json.load(fh)["results"]
        self.assertEqual([(x["bug"], x["check"], x["status"]) for x in res],
                         [(None, "insn_kput_ch0", "PASS"),
                          ("xkeccak-kput", "insn_kput_ch0", "FAIL")])

    def test_a_bug_whose_line_is_gone_is_a_clear_error(self):
        r = subprocess.run([sys.executable, os.path.join(C.HW, "scripts", "formal.py"),
                            "--design", "rv32-ref", "--bug", "zbkb-andn", "--list"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertEqual(r.stderr.strip(),
                         "error: --bug zbkb-andn: zbkb_unit.v is not a source of rv32-ref")


if __name__ == "__main__":
    unittest.main()
