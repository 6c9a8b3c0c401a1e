// riscv-formal instruction model of xdasip `ldhw32m5i_xor64` (docs/formal.md), written from
// the specification (isa/dasip/README.md, the declaration in src/lib.rs), not from the RTL.
// ldhw32m5i.xor64 (a VLIW pair: the load half, then the logic half on the aux
// registers). What RVFI shows: base and index GPRs read, the word read at the
// M5 + 4 address, no GPR written.
module rvfi_insn_ldhw32m5i_xor64 (
  input                                 rvfi_valid,
  input  [`RISCV_FORMAL_ILEN   - 1 : 0] rvfi_insn,
  input  [`RISCV_FORMAL_XLEN   - 1 : 0] rvfi_pc_rdata,
  input  [`RISCV_FORMAL_XLEN   - 1 : 0] rvfi_rs1_rdata,
  input  [`RISCV_FORMAL_XLEN   - 1 : 0] rvfi_rs2_rdata,
  input  [`RISCV_FORMAL_XLEN   - 1 : 0] rvfi_mem_rdata,
`ifdef RISCV_FORMAL_CSR_MISA
  input  [`RISCV_FORMAL_XLEN   - 1 : 0] rvfi_csr_misa_rdata,
  output [`RISCV_FORMAL_XLEN   - 1 : 0] spec_csr_misa_rmask,
`endif
  output                                spec_valid,
  output                                spec_trap,
  output [                       4 : 0] spec_rs1_addr,
  output [                       4 : 0] spec_rs2_addr,
  output [                       4 : 0] spec_rd_addr,
  output [`RISCV_FORMAL_XLEN   - 1 : 0] spec_rd_wdata,
  output [`RISCV_FORMAL_XLEN   - 1 : 0] spec_pc_wdata,
  output [`RISCV_FORMAL_XLEN   - 1 : 0] spec_mem_addr,
  output [`RISCV_FORMAL_XLEN/8 - 1 : 0] spec_mem_rmask,
  output [`RISCV_FORMAL_XLEN/8 - 1 : 0] spec_mem_wmask,
  output [`RISCV_FORMAL_XLEN   - 1 : 0] spec_mem_wdata
);
`ifdef RISCV_FORMAL_CSR_MISA
  assign spec_csr_misa_rmask = 0;
`endif
  // the pair's spec, shared by the six load-high pairs without a third GPR (xdasip_spec.v)
  xdasip_spec_ldpair #(.M5(1), .OP(2'd0)) spec (
      .rvfi_valid(rvfi_valid), .rvfi_insn(rvfi_insn), .rvfi_pc_rdata(rvfi_pc_rdata),
      .rvfi_rs1_rdata(rvfi_rs1_rdata), .rvfi_rs2_rdata(rvfi_rs2_rdata),
      .spec_valid(spec_valid), .spec_trap(spec_trap), .spec_rs1_addr(spec_rs1_addr),
      .spec_rs2_addr(spec_rs2_addr), .spec_rd_addr(spec_rd_addr), .spec_rd_wdata(spec_rd_wdata),
      .spec_pc_wdata(spec_pc_wdata), .spec_mem_addr(spec_mem_addr),
      .spec_mem_rmask(spec_mem_rmask), .spec_mem_wmask(spec_mem_wmask),
      .spec_mem_wdata(spec_mem_wdata));
endmodule
