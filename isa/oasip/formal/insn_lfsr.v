// riscv-formal instruction model of xoasip `lfsr` (docs/formal.md), written from
// the specification (isa/oasip/README.md, the declaration in src/lib.rs), not from the RTL.
// lfsr rd, rs1: x[rd] = ((x[rs1] << 1) ^ (x[rs1] & 0x80 ? 0x71 : 0)) & 0xff.
module rvfi_insn_lfsr (
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

  wire [31:0] v = ((rvfi_rs1_rdata << 1) ^ (rvfi_rs1_rdata[7] ? 32'h71 : 32'h0)) & 32'hff;
  assign spec_valid = rvfi_valid && custom0 && funct3 == 3'b001 && funct7 == 7'd4 && rs2 == 5'd0;
  assign spec_trap = 0;
  assign spec_rs1_addr = rs1;
  assign spec_rd_addr = rd;
  assign spec_rd_wdata = rd ? v : 32'd0;
  assign spec_pc_wdata = rvfi_pc_rdata + 4;
  assign spec_rs2_addr = 0;
  assign spec_mem_addr = 0;
  assign spec_mem_rmask = 0;
  assign spec_mem_wmask = 0;
  assign spec_mem_wdata = 0;
endmodule
