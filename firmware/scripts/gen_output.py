"""Where a code generator's text goes: its -o/--out argument, "-" for standard output.
Shared by rv32-sw's gen_rounds.py, rv32-zbkb's gen_permute.py and gen_constants.py."""

import sys


def write_output(out, text):
    if out == "-":
        sys.stdout.write(text)
    else:
        with open(out, "w") as f:
            f.write(text)
