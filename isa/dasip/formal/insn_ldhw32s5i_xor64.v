// riscv-formal instruction model of xdasip `ldhw32s5i_xor64` (docs/formal.md), written from
// the specification (isa/dasip/README.md, the declaration in src/lib.rs), not from the RTL.
// ldhw32s5i.xor64 (a VLIW pair: the load half, then the logic half on the aux
// registers). What RVFI shows: base and index GPRs read, the word read at the
// S5 + 4 address, no GPR written.
module rvfi_insn_ldhw32s5i_xor64 (
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
  wire custom2 = rvfi_insn[6:0] == 7'b1011011;
  // fields: imm 31:29 (unsigned lane offset), rs1 28:26 (0: x0, 1..7: x9..x15), rs0 25:23
  // (x8..x15), ard 22:20, m5 19, op 18:17, st 16, s1/rs 15:13, s0 12:10, d 9:7
  wire [2:0] imm = rvfi_insn[31:29];
  wire [2:0] f_rs1 = rvfi_insn[28:26];
  wire [2:0] f_rs0 = rvfi_insn[25:23];
  wire [2:0] ard = rvfi_insn[22:20];
  wire [2:0] s1 = rvfi_insn[15:13];
  wire [2:0] s0 = rvfi_insn[12:10];
  wire [2:0] d = rvfi_insn[9:7];
  wire [4:0] base_reg = {2'b01, f_rs0};
  wire [4:0] index_reg = f_rs1 == 3'd0 ? 5'd0 : {2'b01, f_rs1};
  wire [31:0] addr;
  xdasip_spec_addr #(.M5(0), .HI(1)) a (.base(rvfi_rs1_rdata),
      .index(index_reg == 5'd0 ? 32'd0 : rvfi_rs2_rdata), .imm({29'd0, imm}), .addr(addr));
  assign spec_valid = rvfi_valid && custom2 && rvfi_insn[19] == 1'b0 && rvfi_insn[18:17] == 2'd0 &&
                      !rvfi_insn[16] && ard < 3'd6 && d < 3'd6 && s0 < 3'd6 && s1 < 3'd6;
  assign spec_rs1_addr = base_reg;
  assign spec_rs2_addr = index_reg;
  assign spec_rd_addr = 0;
  assign spec_rd_wdata = 0;
  assign spec_pc_wdata = rvfi_pc_rdata + 4;
  assign spec_mem_addr = {addr[31:2], 2'b00};
  assign spec_mem_rmask = 4'b1111;
  assign spec_mem_wmask = 0;
  assign spec_mem_wdata = 0;
  assign spec_trap = addr[1:0] != 2'b00;
endmodule
