// mips_div: the divider of mips_core's HI/LO unit (div, divu), one quotient bit per cycle
// (restoring radix-2), working beside the pipeline: a division started in EX in cycle t
// (start_i) latches the operand magnitudes, iterates in cycles t+1 .. t+32 and corrects
// the signs in cycle t+33 (done_o, quo_o / rem_o valid: HI/LO are written at its end), so
// an mflo in EX reads the result in cycle t+34 at the earliest: the mips5 model's
// latency.div = 34. busy_o is set in cycles t+1 .. t+33; the core starts no division and
// writes no HI/LO while it is (every HI/LO instruction waits in EX).
// Results as the simulator (and qemu-mipsel) define the UNPREDICTABLE cases: x / 0 gives
// LO = x, HI = 0; INT_MIN / -1 gives LO = INT_MIN, HI = 0.
module mips_div (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        start_i,
    input  wire        signed_i,
    input  wire [31:0] a_i,       // dividend (rs)
    input  wire [31:0] b_i,       // divisor (rt)
    output wire        busy_o,
    output wire        done_o,
    output wire [31:0] quo_o,
    output wire [31:0] rem_o
);
    reg         busy_q;
    reg  [5:0]  cnt_q;       // 32 .. 1: iterations left; 0: the correction cycle
    reg  [31:0] rem_q, quo_q, dvs_q;
    reg         neg_q_q, neg_r_q, zero_q;

    wire        a_neg = signed_i & a_i[31];
    wire        b_neg = signed_i & b_i[31];
    wire [31:0] a_mag = a_neg ? (32'd0 - a_i) : a_i;
    wire [31:0] b_mag = b_neg ? (32'd0 - b_i) : b_i;

    wire [31:0] shifted  = {rem_q[30:0], quo_q[31]};
    wire [32:0] diff     = {1'b0, shifted} - {1'b0, dvs_q};
    wire        fits     = ~diff[32];

    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            busy_q  <= 1'b0;
            cnt_q   <= 6'd0;
            rem_q   <= 32'd0;
            quo_q   <= 32'd0;
            dvs_q   <= 32'd0;
            neg_q_q <= 1'b0;
            neg_r_q <= 1'b0;
            zero_q  <= 1'b0;
        end else if (start_i) begin
            busy_q  <= 1'b1;
            cnt_q   <= 6'd32;
            rem_q   <= 32'd0;
            quo_q   <= a_mag;
            dvs_q   <= b_mag;
            neg_q_q <= a_neg ^ b_neg;
            neg_r_q <= a_neg;
            zero_q  <= (b_i == 32'd0);
        end else if (busy_q) begin
            if (cnt_q == 6'd0) begin
                busy_q <= 1'b0;
            end else begin
                rem_q <= fits ? diff[31:0] : shifted;
                quo_q <= {quo_q[30:0], fits};
                cnt_q <= cnt_q - 6'd1;
            end
        end
    end

    assign busy_o = busy_q;
    assign done_o = busy_q && (cnt_q == 6'd0);
    // x / 0: every step fits (the divisor is 0), so the remainder register ends holding the
    // dividend's magnitude, and the remainder's sign correction gives x back (LO = x)
    wire [31:0] rem_s = neg_r_q ? (32'd0 - rem_q) : rem_q;
    assign quo_o  = zero_q ? rem_s : (neg_q_q ? (32'd0 - quo_q) : quo_q);
    assign rem_o  = zero_q ? 32'd0 : rem_s;
endmodule
