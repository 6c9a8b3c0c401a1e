// riscv-formal instruction model of xoasip `remv` (docs/formal.md), written from
// the specification (isa/oasip/README.md, the declaration in src/lib.rs), not from the RTL.
// remv rd, rs1, imm: tmp = x[rs1] + imm (32 bits); x[rd] = tmp mod 5 for tmp in [-9, 9],
// else an illegal-instruction trap.
module rvfi_insn_remv (
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
  wire [4:0] rd  = rvfi_insn[11:7];
  wire [4:0] rs1 = rvfi_insn[19:15];
  wire [4:0] rs2 = rvfi_insn[24:20];
  wire [2:0] funct3 = rvfi_insn[14:12];
  wire [6:0] funct7 = rvfi_insn[31:25];
  wire custom0 = rvfi_insn[6:0] == 7'b0001011;

  wire [31:0] imm = {{20{rvfi_insn[31]}}, rvfi_insn[31:20]};
  wire signed [31:0] tmp = rvfi_rs1_rdata + imm;
  wire in_range = tmp >= -32'sd9 && tmp <= 32'sd9;
  wire [31:0] m = tmp <= -32'sd6 ? tmp + 32'd10 : tmp < 0 ? tmp + 32'd5 : tmp >= 32'sd5 ? tmp - 32'd5 : tmp;
  assign spec_valid = rvfi_valid && custom0 && funct3 == 3'b000;
  assign spec_trap = !in_range;
  assign spec_rs1_addr = rs1;
  assign spec_rd_addr = rd;
  assign spec_rd_wdata = rd ? m : 32'd0;
  assign spec_pc_wdata = rvfi_pc_rdata + 4;
  assign spec_rs2_addr = 0;
  assign spec_mem_addr = 0;
  assign spec_mem_rmask = 0;
  assign spec_mem_wmask = 0;
  assign spec_mem_wdata = 0;
endmodule
