# sha3-asip: the two commands a newcomer needs are `make reproduce` and `make test`.
SHELL := /bin/bash
export PATH := $(HOME)/.cargo/bin:$(PATH)
CARGO ?= cargo
BIN := target/release/sha3-asip

.PHONY: all setup build firmware test test-rust test-firmware test-hw lint lint-rust lint-rtl lint-modules \
        reproduce quick check-report pnr asic formal bench-memory fuzz fuzz-diff clean test-functions-full

all: build

setup:
	@scripts/setup

build:
	$(CARGO) build --release --locked --workspace

# every design's firmware (the same build every command runs: no make, no shell inside)
firmware: build
	$(BIN) firmware

# Everything CI runs: lint, every Rust test (golden KATs, simulator, kernels on the simulator
# against the golden model, extensions, reproduce --quick), firmware under qemu vs hashlib,
# and the Verilator testbenches of the hardware cases.
test: setup build lint test-rust test-firmware test-hw
	@echo "make test: all test suites passed"

test-rust:
	$(CARGO) test --release --locked --workspace

test-firmware: build
	$(BIN) firmware --qemu

test-hw:
	$(MAKE) -C hw test

lint: lint-rust lint-rtl lint-modules

lint-rust:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --release --locked --workspace --all-targets -- -D warnings

lint-rtl:
	scripts/lint-rtl

# no import cycle among the modules of the simulator, the flow and the CLI, nor among the
# firmware harness's files (docs/architecture.md); none is tolerated
lint-modules:
	scripts/check-module-cycles --self-test
	scripts/check-module-cycles crates/sim/src crates/flow/src crates/cli/src \
	  --c firmware/harness

# then the page in headless Chromium: console errors, figures, links; report/screenshot.png.
# The hardware tasks run on a Dask LocalCluster (docs/tasks.md); HW=all adds the ASIC flow of
# every target (hours cold); DASK_SCHEDULER_ADDRESS=tcp://HOST:PORT uses a running cluster.
HW ?= fast
reproduce: setup build
	$(BIN) reproduce --out report --hw $(HW)
	scripts/check-report report

quick: setup build
	$(BIN) reproduce --quick --out report
	scripts/check-report report

check-report:
	scripts/check-report report

# opt-in: place and route of the Keccak cases and the RV32 processors on a Lattice ECP5
# (scripts/setup --pnr installs nextpnr into build/venv); results in hw/build/pnr/summary.json
pnr: setup build
	$(MAKE) -C hw pnr

# the ASIC flow (sky130 area in gate equivalents, OSU 0.18 um pre-layout timing) of every
# case, unit and processor, cached in hw/build/asic; scripts/setup --asic installs its tools
asic: setup build
	$(MAKE) -C hw asic

# riscv-formal on the RV32 core (docs/formal.md): every check of the five RV32 designs with RTL
# and the deliberate bugs, FORMAL_JOBS (2) at once, niced; writes the table in docs/formal.md
# (scripts/setup --formal installs Yosys/SymbiYosys and Yices into build/venv)
formal: setup build
	$(MAKE) -C hw formal

# every SHA-3-family function on every design for every length 0..600 and long messages,
# against the golden model (make test runs a sample of lengths: crates/flow/tests/functions.rs)
test-functions-full: build
	$(CARGO) test --release --locked -p asip-flow --test functions -- --ignored

# long differential run (docs/difftest.md): random programs per ISA flavour on qemu-user, the
# simulator and the processor RTL, compared (make test runs 100 per flavour with seed 1)
FUZZ_COUNT ?= 10000
FUZZ_JOBS ?= 2
fuzz-diff: build
	nice $(BIN) fuzz --flavour all --count $(FUZZ_COUNT) --jobs $(FUZZ_JOBS) --seed 2

# long fuzzing campaign (make test runs the same fuzz tests at scale 1, in seconds):
# instruction words and ELF files on both ISAs and the custom ones, design TOML, CLI numbers
FUZZ_SCALE ?= 200
fuzz: build
	SHA3_ASIP_FUZZ_SCALE=$(FUZZ_SCALE) $(CARGO) test --release --locked -p asip-sim --test fuzz
	SHA3_ASIP_FUZZ_SCALE=$(FUZZ_SCALE) $(CARGO) test --release --locked -p asip-extensions --test fuzz
	SHA3_ASIP_FUZZ_SCALE=$(FUZZ_SCALE) $(CARGO) test --release --locked -p asip-flow --test fuzz_design
	SHA3_ASIP_FUZZ_SCALE=$(FUZZ_SCALE) $(CARGO) test --release --locked -p sha3-asip --test fuzz_cli

# benchmark, not part of test: peak memory of `hash` on a 1 GiB input stays under 64 MiB
bench-memory: build
	scripts/bench-memory $(BIN) 1024

clean:
	$(CARGO) clean
	rm -rf report firmware/build hw/build
