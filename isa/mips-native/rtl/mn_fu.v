// mn_fu: the xmipsnative functional unit (seed 000, Table 1, Fig. 1): andnot (an inverter
// on the ALU's first operand), rot1/rot2 (two shifters and the Most/Least registers),
// mfleast. op_i: 0 andnot, 1 rot1, 2 rot2, 3 mfleast, taken when valid_i.
// rs_i / rt_i are the GPR operands; rd_o is the result of andnot / rot2 (new Most) /
// mfleast. Most and Least update at the clock edge of a valid rot1 / rot2.
module mn_fu (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        valid_i,
    input  wire [1:0]  op_i,
    input  wire [31:0] rs_i,
    input  wire [31:0] rt_i,
    output reg  [31:0] rd_o,
    output wire [31:0] most_o,
    output wire [31:0] least_o
);
    localparam OP_ANDNOT = 2'd0, OP_ROT1 = 2'd1, OP_ROT2 = 2'd2, OP_MFLEAST = 2'd3;

    reg  [31:0] most_q, least_q;
    wire [31:0] l, r;
    wire        is_rot2 = (op_i == OP_ROT2);
    // rot1: n < 32 -> Most = l, Least = r; n >= 32 -> Least = l, Most = r
    // rot2: n < 32 -> Least |= l, Most |= r; n >= 32 -> Most |= l, Least |= r
    wire        l_to_most = (rt_i[5] == is_rot2);
    wire [31:0] m_part = l_to_most ? l : r;
    wire [31:0] s_part = l_to_most ? r : l;
    wire [31:0] most_d = is_rot2 ? (most_q | m_part) : m_part;
    wire [31:0] least_d = is_rot2 ? (least_q | s_part) : s_part;

    mn_shift u_shift (.x_i(rs_i), .k_i(rt_i[4:0]), .l_o(l), .r_o(r));

    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            most_q <= 32'd0;
            least_q <= 32'd0;
        end else if (valid_i && (op_i == OP_ROT1 || op_i == OP_ROT2)) begin
            most_q <= most_d;
            least_q <= least_d;
        end
    end

    always @(*) begin
        case (op_i)
            OP_ANDNOT:  rd_o = ~rs_i & rt_i;
            OP_ROT2:    rd_o = most_d;
            OP_MFLEAST: rd_o = least_q;
            default:    rd_o = 32'd0;
        endcase
    end

    assign most_o = most_q;
    assign least_o = least_q;
endmodule
