// riscv-formal instruction model of xdasip `ldlw32s5i` (docs/formal.md), written from
// the specification (isa/dasip/README.md, the declaration in src/lib.rs), not from the RTL.
// ldlw32s5i ard, rs0, rs1, imm: ar[ard][31:0] = mem32[S5]. What RVFI shows: the
// two GPRs read, the word read at that address, no GPR written (ard is an aux register).
module rvfi_insn_ldlw32s5i (
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

  // S5 = x[rs0] + 8*(5*x[rs1] + imm), M5 = x[rs0] + 8*((x[rs1] + imm) mod 5) (Euclidean,
  // the sum a 32-bit signed value), + 4 for the high word; imm = bits 30:25 signed, bit 31 = m5
  wire [4:0] rs0 = rvfi_insn[19:15];
  wire [4:0] rs1 = rvfi_insn[24:20];
  wire [31:0] addr;
  xdasip_spec_addr #(.M5(0), .HI(0)) a (.base(rvfi_rs1_rdata), .index(rvfi_rs2_rdata),
      .imm({{26{rvfi_insn[30]}}, rvfi_insn[30:25]}), .addr(addr));
  assign spec_valid = rvfi_valid && custom1 && funct3 == 3'b100 && rvfi_insn[31] == 1'b0 && ard < 5'd6;
  assign spec_rs1_addr = rs0;
  assign spec_rs2_addr = rs1;
  assign spec_rd_addr = 0;
  assign spec_rd_wdata = 0;
  assign spec_pc_wdata = rvfi_pc_rdata + 4;
  assign spec_mem_addr = {addr[31:2], 2'b00};
  assign spec_mem_rmask = 4'b1111;
  assign spec_mem_wmask = 0;
  assign spec_mem_wdata = 0;
  assign spec_trap = addr[1:0] != 2'b00;   // RISCV_FORMAL_ALIGNED_MEM: a misaligned word traps
endmodule
