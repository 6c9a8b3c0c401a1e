// zve64x_vrf_lvt: the vector register file of zve64x_core for FPGAs (define SHA3ASIP_FPGA,
// set by the ECP5 flow): 32 x 128 bits in distributed (LUT) RAM instead of 4,096
// flip-flops. LUT RAM has one write port and one asynchronous read port, the register file
// two write ports (A: the instruction's write; B: the arriving load word) with byte enables
// and three read ports, so it is a live-value table (LaForest and Steffan, FPGA 2010): one
// bank per write port, each copied per read port (zve64x_vrf_banks), and per register byte one flip-flop naming the port that wrote it last (A when both
// write it in one cycle, like the flip-flop file). Reads are asynchronous and see the
// state before the clock edge, as the flip-flop file's do; the caller passes an arriving
// load word through itself. The flip-flop file stays in zve64x_core for the ASIC flows.
module zve64x_vrf_lvt (
    input  wire         clk_i,
    input  wire         a_we_i,
    input  wire [4:0]   a_addr_i,
    input  wire [15:0]  a_be_i,
    input  wire [127:0] a_data_i,
    input  wire         b_we_i,
    input  wire [4:0]   b_addr_i,
    input  wire [15:0]  b_be_i,
    input  wire [127:0] b_data_i,
    input  wire [4:0]   r0_addr_i,
    output wire [127:0] r0_data_o,
    input  wire [4:0]   r1_addr_i,
    output wire [127:0] r1_data_o,
    input  wire [4:0]   r2_addr_i,
    output wire [127:0] r2_data_o
);
    wire [15:0]  lvt    [0:31];   // byte k of register r: 1 = bank B holds it
    // the banks, one copy per read port (zve64x_vrf_banks)
    wire [127:0] r0_a, r0_b, r1_a, r1_b, r2_a, r2_b;
    zve64x_vrf_banks u_r0 (
        .clk_i(clk_i), .a_we_i(a_we_i), .a_addr_i(a_addr_i), .a_be_i(a_be_i), .a_data_i(a_data_i),
        .b_we_i(b_we_i), .b_addr_i(b_addr_i), .b_be_i(b_be_i), .b_data_i(b_data_i),
        .r_addr_i(r0_addr_i), .r_a_o(r0_a), .r_b_o(r0_b)
    );
    zve64x_vrf_banks u_r1 (
        .clk_i(clk_i), .a_we_i(a_we_i), .a_addr_i(a_addr_i), .a_be_i(a_be_i), .a_data_i(a_data_i),
        .b_we_i(b_we_i), .b_addr_i(b_addr_i), .b_be_i(b_be_i), .b_data_i(b_data_i),
        .r_addr_i(r1_addr_i), .r_a_o(r1_a), .r_b_o(r1_b)
    );
    zve64x_vrf_banks u_r2 (
        .clk_i(clk_i), .a_we_i(a_we_i), .a_addr_i(a_addr_i), .a_be_i(a_be_i), .a_data_i(a_data_i),
        .b_we_i(b_we_i), .b_addr_i(b_addr_i), .b_be_i(b_be_i), .b_data_i(b_data_i),
        .r_addr_i(r2_addr_i), .r_a_o(r2_a), .r_b_o(r2_b)
    );
    // the table: 512 flip-flops, each written by either port (A first)
    genvar gr;
    generate
        for (gr = 0; gr < 32; gr = gr + 1) begin : g_lvt
            wire [15:0] a_hit = (a_we_i && a_addr_i == gr) ? a_be_i : 16'd0;
            wire [15:0] b_hit = (b_we_i && b_addr_i == gr) ? b_be_i : 16'd0;
            reg  [15:0] q;
            always @(posedge clk_i) q <= (q & ~a_hit) | (b_hit & ~a_hit);
`ifdef RISCV_FORMAL
            initial q = 16'd0;
`endif
            assign lvt[gr] = q;
        end
    endgenerate
    function [127:0] pick(input [15:0] sel, input [127:0] va, input [127:0] vb);
        integer k;
        begin
            for (k = 0; k < 16; k = k + 1)
                pick[k * 8 +: 8] = sel[k] ? vb[k * 8 +: 8] : va[k * 8 +: 8];
        end
    endfunction
    assign r0_data_o = pick(lvt[r0_addr_i], r0_a, r0_b);
    assign r1_data_o = pick(lvt[r1_addr_i], r1_a, r1_b);
    assign r2_data_o = pick(lvt[r2_addr_i], r2_a, r2_b);
endmodule
