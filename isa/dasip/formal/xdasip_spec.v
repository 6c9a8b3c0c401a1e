// xdasip_spec_addr: the addressing of xdasip's loads and stores for the riscv-formal
// instruction models of this folder (docs/formal.md), written from the specification
// (isa/dasip/README.md "Encodings"; s5_addr/m5_addr in src/lib.rs), not from the RTL:
//   S5 = base + 8*(5*index + imm)
//   M5 = base + 8*((index + imm) mod 5), the sum a 32-bit signed value, mod Euclidean (0..4)
// plus 4 for the high word; every sum modulo 2^32.
module xdasip_spec_addr #(
    parameter M5 = 0,
    parameter HI = 0
) (
    input  [31:0] base,
    input  [31:0] index,
    input  [31:0] imm,
    output [31:0] addr
);
    wire [31:0] lane_s5 = index * 32'd5 + imm;
    // (index + imm) mod 5, Euclidean, of the signed 32-bit sum. 16 = 1 (mod 5), so an
    // unsigned u is congruent to the sum of its eight nibbles, and the signed value
    // u - 2^32*u[31] to that sum + 4*u[31] (2^32 = 1); that sum is below 125, so the model's
    // remainder is of a 7-bit value. Written as ($signed(u) % 5 + 5) % 5, or with the four
    // bytes (256 = 1) for the nibbles, Yices gave no answer within 10-15 minutes: a
    // remainder of 32 or 11 bits against the unit's circuit (docs/formal.md).
    wire [31:0] u = index + imm;
    wire [6:0]  t = {3'd0, u[3:0]} + {3'd0, u[7:4]} + {3'd0, u[11:8]} + {3'd0, u[15:12]} +
                    {3'd0, u[19:16]} + {3'd0, u[23:20]} + {3'd0, u[27:24]} + {3'd0, u[31:28]} +
                    {4'd0, u[31], 2'b00};
    wire [31:0] lane_m5 = {29'd0, t % 7'd5};
    assign addr = base + ((M5 ? lane_m5 : lane_s5) << 3) + (HI ? 32'd4 : 32'd0);
endmodule

// xdasip_spec_ldpair: what RVFI shows of a load-high pair whose logic half reads no third
// GPR (ldhw32{s5i,m5i}.{xor64,nandxor64,mvar}: isa/dasip/README.md "Encodings"): base and
// index GPRs read, the word read at the S5/M5 + 4 address, no GPR written; OP is the
// logic half's op field (insn[18:17]). The instruction models insn_ldhw32*_<op>.v wrap it.
module xdasip_spec_ldpair #(
    parameter M5 = 0,
    parameter [1:0] OP = 2'd0
) (
    input         rvfi_valid,
    input  [31:0] rvfi_insn,
    input  [31:0] rvfi_pc_rdata,
    input  [31:0] rvfi_rs1_rdata,
    input  [31:0] rvfi_rs2_rdata,
    output        spec_valid,
    output        spec_trap,
    output [4:0]  spec_rs1_addr,
    output [4:0]  spec_rs2_addr,
    output [4:0]  spec_rd_addr,
    output [31:0] spec_rd_wdata,
    output [31:0] spec_pc_wdata,
    output [31:0] spec_mem_addr,
    output [3:0]  spec_mem_rmask,
    output [3:0]  spec_mem_wmask,
    output [31:0] spec_mem_wdata
);
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
    xdasip_spec_addr #(.M5(M5), .HI(1)) a (.base(rvfi_rs1_rdata),
        .index(index_reg == 5'd0 ? 32'd0 : rvfi_rs2_rdata), .imm({29'd0, imm}), .addr(addr));
    // mvar (op 2) has one source (s1 must be 0); xor64/nandxor64 two
    assign spec_valid = rvfi_valid && custom2 && rvfi_insn[19] == (M5 != 0) && rvfi_insn[18:17] == OP &&
                        !rvfi_insn[16] && ard < 3'd6 && d < 3'd6 && s0 < 3'd6 &&
                        (OP == 2'd2 ? s1 == 3'd0 : s1 < 3'd6);
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
