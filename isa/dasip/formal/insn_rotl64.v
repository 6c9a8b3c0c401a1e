// riscv-formal instruction model of xdasip `rotl64` (docs/formal.md), written from
// the specification (isa/dasip/README.md, the declaration in src/lib.rs), not from the RTL.
// rotl64: ar[d] = rotl64(ar[s0], x[rs] mod 64), rs in bits 24:20 (aux registers ar0..ar5: 5-bit fields, 6..31 do not decode). What RVFI
// shows: no memory or GPR written, next pc + 4, the amount register read; the aux registers are unit
// state RVFI does not carry.
module rvfi_insn_rotl64 (
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
  wire custom1 = rvfi_insn[6:0] == 7'b0101011;
  wire [2:0] funct3 = rvfi_insn[14:12];
  wire [6:0] funct7 = rvfi_insn[31:25];
  wire [4:0] ard  = rvfi_insn[11:7];
  wire [4:0] ars0 = rvfi_insn[19:15];
  wire [4:0] ars1 = rvfi_insn[24:20];

  assign spec_valid = rvfi_valid && custom1 && funct3 == 3'b000 && funct7 == 7'd1 && ard < 5'd6 && ars0 < 5'd6;
  assign spec_trap = 0;
  assign spec_pc_wdata = rvfi_pc_rdata + 4;
  assign spec_rs2_addr = ars1;   // the amount register
  assign spec_rs1_addr = 0;
  assign spec_rd_addr = 0;
  assign spec_rd_wdata = 0;
  assign spec_mem_addr = 0;
  assign spec_mem_rmask = 0;
  assign spec_mem_wmask = 0;
  assign spec_mem_wdata = 0;
endmodule
