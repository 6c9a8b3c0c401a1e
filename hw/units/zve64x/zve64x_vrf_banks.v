// zve64x_vrf_banks: one read port's copy of zve64x_vrf_lvt's two banks (32 x 128 bits each,
// LUT RAM on an FPGA): bank A written by write port A, bank B by write port B, both read at
// r_addr_i (asynchronous). zve64x_vrf_lvt has one per read port, so that each memory has one
// write and one read port, as LUT RAM does (Yosys would make the copies itself, but its
// SAT-based `share` pass first tries to merge the read ports of one memory: on rv32-v-keccakr
// it grew past 16 GB and was killed). keep_hierarchy: the memories' read ports stay out of
// `share` and the rest of synthesis of the unit around them (it analysed 955,008 activation
// patterns of one read port of the flattened unit before it was stopped).
(* keep_hierarchy *)
module zve64x_vrf_banks (
    input  wire         clk_i,
    input  wire         a_we_i,
    input  wire [4:0]   a_addr_i,
    input  wire [15:0]  a_be_i,
    input  wire [127:0] a_data_i,
    input  wire         b_we_i,
    input  wire [4:0]   b_addr_i,
    input  wire [15:0]  b_be_i,
    input  wire [127:0] b_data_i,
    input  wire [4:0]   r_addr_i,
    output wire [127:0] r_a_o,
    output wire [127:0] r_b_o
);
    reg  [127:0] bank_a [0:31];
    reg  [127:0] bank_b [0:31];
    integer b;
    always @(posedge clk_i) begin
        for (b = 0; b < 16; b = b + 1) begin
            if (a_we_i && a_be_i[b]) bank_a[a_addr_i][b * 8 +: 8] <= a_data_i[b * 8 +: 8];
            if (b_we_i && b_be_i[b]) bank_b[b_addr_i][b * 8 +: 8] <= b_data_i[b * 8 +: 8];
        end
    end
    assign r_a_o = bank_a[r_addr_i];
    assign r_b_o = bank_b[r_addr_i];
`ifdef RISCV_FORMAL
    // the simulations' start: every register zero, as the simulator's
    integer r;
    initial
        for (r = 0; r < 32; r = r + 1) begin
            bank_a[r] = 128'd0;
            bank_b[r] = 128'd0;
        end
`endif
endmodule
