// riscv-formal instruction model of xkeccak `kchi` (docs/formal.md), written from
// the specification (isa/xkeccak/README.md, the declaration in src/lib.rs), not from the RTL.
// kchi lane: A[lane] = chi of B's row (and iota on lane 0). What RVFI shows: no GPR read or written, next pc + 4
// (lane in bits 11:7; 25..31 do not decode).
module rvfi_insn_kchi (
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
  wire custom3 = rvfi_insn[6:0] == 7'b1111011;
  wire [2:0] funct3 = rvfi_insn[14:12];
  wire [6:0] funct7 = rvfi_insn[31:25];
  wire [4:0] rd  = rvfi_insn[11:7];
  wire [4:0] rs1 = rvfi_insn[19:15];
  wire [4:0] rs2 = rvfi_insn[24:20];

  assign spec_valid = rvfi_valid && custom3 && funct3 == 3'd3 && funct7 == 7'd0 && rs1 == 5'd0 && rs2 == 5'd0 && rd < 5'd25;
  assign spec_trap = 0;
  assign spec_pc_wdata = rvfi_pc_rdata + 4;
  assign spec_rs1_addr = 0;
  assign spec_rs2_addr = 0;
  assign spec_rd_addr = 0;
  assign spec_rd_wdata = 0;
  assign spec_mem_addr = 0;
  assign spec_mem_rmask = 0;
  assign spec_mem_wmask = 0;
  assign spec_mem_wdata = 0;
endmodule
