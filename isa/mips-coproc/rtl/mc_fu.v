// mc_fu: the xmipscop coprocessor (seed 000, Table 2, Fig. 2): five 32-bit auxiliary
// registers Au0..Au4 (written by lwau from the load data), the Co-ALU, and the Least
// register kept by rot for swleast. op_i: 0 lwau, 1 xor5, 2 chi, 3 rot, 4 swleast, taken
// when valid_i; idx_i = instruction bits [18:16] (Au index of lwau, Chi index).
// st_data_o is the store data of xor5 / chi / rot (Most) / swleast; the core's regular
// ALU computes the address and performs the load or store.
module mc_fu (
    input  wire         clk_i,
    input  wire         rst_ni,
    input  wire         valid_i,
    input  wire [2:0]   op_i,
    input  wire [2:0]   idx_i,
    input  wire [31:0]  ld_data_i,
    output reg  [31:0]  st_data_o,
    output wire [159:0] au_o,
    output wire [31:0]  least_o
);
    localparam OP_LWAU = 3'd0, OP_XOR5 = 3'd1, OP_CHI = 3'd2, OP_ROT = 3'd3,
               OP_SWLEAST = 3'd4;

    reg  [31:0] au_q [0:4];
    reg  [31:0] least_q;
    wire [31:0] xor5_v, chi_v, most_v, least_v;
    wire [159:0] au = {au_q[4], au_q[3], au_q[2], au_q[1], au_q[0]};
    integer i;

    mc_coalu u_alu (.au_i(au), .idx_i(idx_i), .xor5_o(xor5_v), .chi_o(chi_v),
                    .most_o(most_v), .least_o(least_v));

    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            for (i = 0; i < 5; i = i + 1)
                au_q[i] <= 32'd0;
            least_q <= 32'd0;
        end else if (valid_i) begin
            if (op_i == OP_LWAU && idx_i <= 3'd4)
                au_q[idx_i] <= ld_data_i;
            if (op_i == OP_ROT)
                least_q <= least_v;
        end
    end

    always @(*) begin
        case (op_i)
            OP_XOR5:    st_data_o = xor5_v;
            OP_CHI:     st_data_o = chi_v;
            OP_ROT:     st_data_o = most_v;
            OP_SWLEAST: st_data_o = least_q;
            default:    st_data_o = 32'd0;
        endcase
    end

    assign au_o = au;
    assign least_o = least_q;
endmodule
