// riscv-formal instruction model of xoasip `doloop` (docs/formal.md), written from
// the specification (isa/oasip/README.md, the declaration in src/lib.rs), not from the RTL.
// doloop rs1, LE: LE = pc + imm (B-type offset) is the loop's last instruction; imm must be
// a multiple of 4 and at least 4, else an illegal-instruction trap. Count x[rs1] = 0 skips
// the body (next pc LE + 4); otherwise the loop is armed (unit state) and the next pc is
// pc + 4. The loop-back at LE changes another instruction's next pc: docs/formal.md says
// how the checks treat it.
module rvfi_insn_doloop (
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

  wire [31:0] imm = {{20{rvfi_insn[31]}}, rvfi_insn[7], rvfi_insn[30:25], rvfi_insn[11:8], 1'b0};
  assign spec_valid = rvfi_valid && custom0 && funct3 == 3'b010 && rs2 == 5'd0;
  assign spec_trap = $signed(imm) < 32'sd4 || imm[1:0] != 2'b00;
  assign spec_rs1_addr = rs1;
  assign spec_pc_wdata = rvfi_rs1_rdata == 32'd0 ? rvfi_pc_rdata + imm + 32'd4 : rvfi_pc_rdata + 4;
  assign spec_rs2_addr = 0;
  assign spec_rd_addr = 0;
  assign spec_rd_wdata = 0;
  assign spec_mem_addr = 0;
  assign spec_mem_rmask = 0;
  assign spec_mem_wmask = 0;
  assign spec_mem_wdata = 0;
endmodule
