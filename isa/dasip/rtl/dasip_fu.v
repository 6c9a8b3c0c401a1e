// xdasip functional unit: auxiliary register file + 64-bit logic unit/rotator + step-5 /
// mod-5 address unit, driven by decoded control (one instruction per cycle).
//   logic op:   ar[d] = f(ar[d], ar[s0], ar[s1], amt)
//   load half:  ar[ard][hi ? 63:32 : 31:0] = mem_rdata
//   store half: mem_wdata = hi ? ar[ard][63:32] : ar[ard][31:0]
//   load pair:  the load half, then the logic op on the updated registers (chained: logic
//               operands that name ard see the loaded half)
//   store pair: the store half reads ar[ard] before the logic op writes.
module dasip_fu (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        lg_en_i,
    input  wire [1:0]  lg_op_i,
    input  wire [2:0]  lg_d_i,
    input  wire [2:0]  lg_s0_i,
    input  wire [2:0]  lg_s1_i,
    input  wire [5:0]  lg_amt_i,
    input  wire        mem_en_i,
    input  wire        mem_ld_i,
    input  wire        mem_hi_i,
    input  wire        mem_m5_i,
    input  wire [2:0]  mem_ard_i,
    input  wire [31:0] mem_base_i,
    input  wire [31:0] mem_index_i,
    input  wire [5:0]  mem_imm_i,
    input  wire [31:0] mem_rdata_i,
    output wire [31:0] mem_addr_o,
    output wire [31:0] mem_wdata_o
);
    wire [63:0] rd_s0, rd_s1, rd_d, rd_st;
    wire [63:0] lg_res;
    wire        ld = mem_en_i & mem_ld_i;

    dasip_auxrf u_rf (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .ra0_i(lg_s0_i), .ra1_i(lg_s1_i), .ra2_i(lg_d_i), .ra3_i(mem_ard_i),
        .rd0_o(rd_s0), .rd1_o(rd_s1), .rd2_o(rd_d), .rd3_o(rd_st),
        .wl_en_i(lg_en_i), .wl_addr_i(lg_d_i), .wl_data_i(lg_res),
        .wm_en_i(ld), .wm_addr_i(mem_ard_i), .wm_hi_i(mem_hi_i), .wm_data_i(mem_rdata_i)
    );

    // chaining: the loaded half replaces that half of any logic operand naming ard
    function [63:0] fwd;
        input [63:0] v;
        input [2:0]  r;
        input        hit_en;
        input        hi;
        input [2:0]  ard;
        input [31:0] data;
        begin
            fwd = v;
            if (hit_en && r == ard) begin
                if (hi) fwd[63:32] = data;
                else    fwd[31:0]  = data;
            end
        end
    endfunction

    dasip_logic u_logic (
        .op_i(lg_op_i),
        .d_i(fwd(rd_d, lg_d_i, ld, mem_hi_i, mem_ard_i, mem_rdata_i)),
        .s0_i(fwd(rd_s0, lg_s0_i, ld, mem_hi_i, mem_ard_i, mem_rdata_i)),
        .s1_i(fwd(rd_s1, lg_s1_i, ld, mem_hi_i, mem_ard_i, mem_rdata_i)),
        .amt_i(lg_amt_i),
        .res_o(lg_res)
    );

    dasip_agu u_agu (
        .base_i(mem_base_i), .index_i(mem_index_i), .imm_i(mem_imm_i),
        .m5_i(mem_m5_i), .high_i(mem_hi_i), .addr_o(mem_addr_o)
    );

    assign mem_wdata_o = mem_hi_i ? rd_st[63:32] : rd_st[31:0];
endmodule
