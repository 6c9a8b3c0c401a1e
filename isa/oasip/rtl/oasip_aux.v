// oasip_aux: the 64-bit auxiliary register with its rotator (pack, rotl, extlw).
//   pack_i: aux = {hi_i, lo_i}
//   rotl_i: aux = rotl64(aux, amt_i); rot_hi_o = the rotated aux[63:32] (same cycle)
//   lo_o  : aux[31:0] (extlw)
// Reset (synchronous, active low) clears aux, as the simulator starts with aux = 0.
module oasip_aux (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        pack_i,
    input  wire        rotl_i,
    input  wire [31:0] hi_i,
    input  wire [31:0] lo_i,
    input  wire [5:0]  amt_i,
    output wire [31:0] rot_hi_o,
    output wire [31:0] lo_o
);
    reg [63:0] aux_q;
    reg [63:0] aux_d;
    reg [63:0] rot;

    // 6-stage barrel rotator (left by 1, 2, 4, 8, 16, 32)
    always @(*) begin
        rot = aux_q;
        if (amt_i[0]) rot = {rot[62:0], rot[63]};
        if (amt_i[1]) rot = {rot[61:0], rot[63:62]};
        if (amt_i[2]) rot = {rot[59:0], rot[63:60]};
        if (amt_i[3]) rot = {rot[55:0], rot[63:56]};
        if (amt_i[4]) rot = {rot[47:0], rot[63:48]};
        if (amt_i[5]) rot = {rot[31:0], rot[63:32]};
    end

    assign rot_hi_o = rot[63:32];
    assign lo_o     = aux_q[31:0];

    always @(*) begin
        aux_d = aux_q;
        if (pack_i)
            aux_d = {hi_i, lo_i};
        else if (rotl_i)
            aux_d = rot;
    end

    always @(posedge clk_i or negedge rst_ni)
        if (!rst_ni)
            aux_q <= 64'd0;
        else
            aux_q <= aux_d;
endmodule
