# sha3-asip: the two commands a newcomer needs are `make reproduce` and `make test`.
SHELL := /bin/bash
export PATH := $(HOME)/.cargo/bin:$(PATH)
CARGO ?= cargo
BIN := target/release/sha3-asip

.PHONY: all setup build firmware test test-rust test-hw lint reproduce quick clean

all: build

setup:
	@scripts/setup

build:
	$(CARGO) build --release --locked --workspace

firmware:
	$(MAKE) -C firmware

test: setup build
	$(CARGO) test --release --locked --workspace
	@echo "make test: all test suites passed"

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --release --workspace --all-targets -- -D warnings

reproduce: setup build
	$(BIN) reproduce --out report

clean:
	$(CARGO) clean
	rm -rf build report firmware/build hw/build
