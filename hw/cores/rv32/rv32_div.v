// rv32_div: iterative RV32M divider (div, divu, rem, remu), one quotient bit per cycle
// (restoring radix-2). The instruction occupies the execute stage for L cycles, the
// start cycle being cycle 1; done_o and result_o are valid in cycle L.
//
// EARLY_OUT = 0: fixed L = 34 for every operand (the zscale timing model):
//   cycle 1      start: operand magnitudes latched (sign handling) and the first quotient
//                bit, which needs no subtraction (the divisor fits the dividend's top bit
//                only if it is 0 or 1: compares of the operands)
//   cycles 2-32  the other 31 iterations
//   cycle 33     the result selected (quotient or remainder) and sign-corrected
//   cycle 34     done: the result, from a register
// EARLY_OUT = 1: the divide path of Rocket's MulDiv as the open Z-scale instantiated it
// (earlyOut; the zscale-eo timing model, asip_sim::timing::early_out_div_cycles):
//   start (1), NEG_IN (1 if a signed operand is negative), NORM (1: the early out skips
//   the leading quotient bits known to be zero), 32 - skip iterations, MOVE (1 for
//   rem/remu), NEG_OUT (1 if the result is negated), DONE (1).
// Results follow the RISC-V spec: x/0 = all ones, x%0 = x, MIN/-1 = MIN, MIN%-1 = 0.
// docs/timing-models.md, "Divider: fixed radix-2 and early-out", derives L.
module rv32_div #(
    parameter EARLY_OUT = 0   // 0: fixed 34-cycle radix-2; 1: Rocket-MulDiv-style early-out
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        start_i,   // first cycle of a div/rem in EX; a_i/b_i/op_i valid now only
    input  wire [1:0]  op_i,      // funct3[1:0]: 0 div, 1 divu, 2 rem, 3 remu
    input  wire [31:0] a_i,       // dividend (rs1)
    input  wire [31:0] b_i,       // divisor (rs2)
    output wire        done_o,    // last cycle the instruction occupies EX; result_o valid
    output wire [31:0] result_o
);
    localparam [2:0] S_IDLE    = 3'd0,
                     S_NEG_IN  = 3'd1,
                     S_NORM    = 3'd2,
                     S_ITER    = 3'd3,
                     S_MOVE    = 3'd4,
                     S_NEG_OUT = 3'd5,
                     S_DONE    = 3'd6,
                     S_FIX     = 3'd7;

    reg [2:0]  state_q, state_d;
    reg [31:0] rem_q, rem_d;     // partial remainder
    reg [31:0] quo_q, quo_d;     // dividend bits not yet shifted in | quotient bits
    reg [31:0] dvs_q, dvs_d;     // divisor (fixed: ~(b XOR its sign); early out: |b| from NORM on)
    reg [5:0]  cnt_q, cnt_d;     // iterations left
    reg        is_rem_q, is_rem_d;
    reg        neg_a_q, neg_a_d;     // dividend to negate (EARLY_OUT: in NEG_IN)
    reg        neg_b_q, neg_b_d;     // divisor to negate (EARLY_OUT: in NEG_IN)
    reg        neg_out_q, neg_out_d; // result to negate

    // operand signs at start
    wire        sgn    = ~op_i[0];
    wire        a_neg  = sgn & a_i[31];
    wire        b_neg  = sgn & b_i[31];
    // |b| = 1 and b = 0 from one zero test: x = b XOR its sign (|b| - 1 for a negative
    // divisor, the complement of the divisor register's value) is 0 or 1 above bit 0
    wire [31:0] b_x    = b_i ^ {32{b_neg}};
    wire        b_x_hi = b_x[31:1] == 31'd0;
    wire        b_zero = !b_neg && b_x_hi && !b_x[0];
    wire        b_one  = b_x_hi && (b_x[0] ^ b_neg);   // |b| = 1
    wire        a_top  = a_neg ? (a_i == 32'h8000_0000) : a_i[31];           // |a|[31]
    // rem takes the dividend's sign; div negates when the signs differ, but not x/0
    wire        out_neg = op_i[1] ? a_neg : ((a_neg ^ b_neg) & ~b_zero);

    // one restoring step: shift the next dividend bit in, subtract if the divisor fits.
    // Before step j (1..32) the partial remainder is (top j-1 dividend bits) mod divisor
    // < 2^(j-1) <= 2^31, so rem_q[31] is 0 there and 32 bits hold the shifted value.
    // The fixed divider keeps no negated divisor: dvs_q holds ~(b XOR its sign), the
    // one's complement of |b| - s (s = 1 for a negative divisor, whose b XOR s is |b| - 1),
    // and shifted - |b| = shifted + dvs_q + (1 - s): the carry in enters as the carry of a
    // bit below the operands, one chain, the complement already in the register. The
    // early-out divider holds |b| (its borrow is 0).
    wire [31:0] shifted  = {rem_q[30:0], quo_q[31]};
    wire        dvs_bor  = (EARLY_OUT != 0) ? 1'b0 : neg_b_q;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [33:0] sub_c    = {1'b0, shifted, 1'b1} + {1'b1, (EARLY_OUT != 0) ? ~dvs_q : dvs_q, ~dvs_bor};
    /* verilator lint_on UNUSEDSIGNAL */
    wire [32:0] sub      = sub_c[33:1];
    wire        fits     = ~sub[32];
    wire [31:0] step_rem = fits ? sub[31:0] : shifted;
    wire [31:0] step_quo = {quo_q[30:0], fits};
    // The fixed divider's one conditional negator, (x XOR neg) + neg (an adder whose inputs
    // take the XOR, not a subtractor and a multiplexer behind it), used twice: at start
    // (idle) for the dividend's magnitude, and in its last cycle before done (S_FIX) for the
    // selected result's sign correction. Two adders before (16 CCU2C more on ECP5).
    wire        idle     = state_q == S_IDLE;
    wire [31:0] res_sel  = is_rem_q ? rem_q : quo_q;
    wire        neg_sel  = idle ? a_neg : neg_out_q;
    wire [31:0] negd     = ((idle ? a_i : res_sel) ^ {32{neg_sel}}) + {31'd0, neg_sel};
    wire [31:0] res_fix  = negd;
    wire [30:0] a_mag    = negd[30:0];   // |a|[31]: a_top

    // register negation (early out)
    wire [31:0] quo_neg = 32'd0 - quo_q;
    wire [31:0] dvs_neg = 32'd0 - dvs_q;

    // early out (Rocket: eOutPos = w-1 + msb(divisor) - msb(dividend), taken in count 0
    // unless the divisor is zero or eOutPos = 0; eOutZero when msb(divisor) > msb(dividend)
    // gives w-1). Rocket then runs the steps count = shift..w; here the first shift-1
    // dividend bits are skipped (they form a value below the divisor) and 33 - shift
    // iterations remain.
    // The index of the highest set bit (0 for 0: Chisel Log2) as a tree: each index bit
    // says whether the upper half of what is left has a set bit, and picks that half (a
    // priority chain over 32 bits was ECP5's critical path: 10 LUT levels).
    /* verilator lint_off UNUSEDSIGNAL */
    function [4:0] msb_index;
        input [31:0] x;
        reg [15:0] h16;
        reg [7:0]  h8;
        reg [3:0]  h4;   // (h4[0] unused: the last bit needs h4[3] or h4[1])
        begin
            msb_index[4] = |x[31:16];
            h16 = msb_index[4] ? x[31:16] : x[15:0];
            msb_index[3] = |h16[15:8];
            h8 = msb_index[3] ? h16[15:8] : h16[7:0];
            msb_index[2] = |h8[7:4];
            h4 = msb_index[2] ? h8[7:4] : h8[3:0];
            msb_index[1] = |h4[3:2];
            msb_index[0] = msb_index[1] ? h4[3] : h4[1];
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    // the operands' highest bits, taken in the cycle before NORM (the start cycle, or
    // NEG_IN: of the magnitudes it writes) and registered, so NORM starts from flip-flops
    reg  [4:0]  msb_a, msb_b;
    reg         dvs_zero;
    wire        in_neg = state_q == S_NEG_IN;
    always @(posedge clk_i) begin
        msb_a    <= msb_index(in_neg ? (neg_a_q ? quo_neg : quo_q) : a_i);
        msb_b    <= msb_index(in_neg ? (neg_b_q ? dvs_neg : dvs_q) : b_i);
        dvs_zero <= (in_neg ? dvs_q : b_i) == 32'd0;   // (negation keeps zero)
    end
    wire [4:0]  span   = msb_a - msb_b;            // msb_a >= msb_b: 0..31
    reg  [4:0]  skip;
    always @(*) begin
        if (dvs_zero)            skip = 5'd0;       // division by zero: no early out
        else if (msb_b > msb_a)  skip = 5'd30;      // eOutZero: shift 31
        else if (span >= 5'd30)  skip = 5'd0;       // shift 1 (skips nothing) or 0 (none)
        else                     skip = 5'd30 - span;
    end
    wire [63:0] norm = {32'd0, quo_q} << skip;

    always @(*) begin
        state_d   = state_q;
        rem_d     = rem_q;
        quo_d     = quo_q;
        dvs_d     = dvs_q;
        cnt_d     = cnt_q;
        is_rem_d  = is_rem_q;
        neg_a_d   = neg_a_q;
        neg_b_d   = neg_b_q;
        neg_out_d = neg_out_q;
        case (state_q)
            S_IDLE: if (start_i) begin
                is_rem_d  = op_i[1];
                neg_a_d   = a_neg;
                neg_b_d   = b_neg;
                neg_out_d = out_neg;
                rem_d     = 32'd0;
                if (EARLY_OUT != 0) begin
                    quo_d   = a_i;
                    dvs_d   = b_i;
                    state_d = (a_neg | b_neg) ? S_NEG_IN : S_NORM;
                end else begin
                    // step 1: the divisor fits {31'b0, |a|[31]} only if it is 0, or 1
                    // with |a|[31] set (|a|[31]: an unsigned dividend's top bit, or the
                    // signed dividend -2^31)
                    rem_d   = {31'd0, a_top & ~b_one};
                    quo_d   = {a_mag[30:0], b_zero | (b_one & a_top)};
                    dvs_d   = ~b_x;   // ~(b XOR its sign): above
                    cnt_d   = 6'd31;
                    state_d = S_ITER;
                end
            end
            // the early-out states: with EARLY_OUT = 0 they are never entered, and their
            // logic (operand negation in place, the leading-bit count, the normalising
            // shift, MOVE, NEG_OUT) is left out of the hardware (if (EARLY_OUT ...) below)
            S_NEG_IN: if (EARLY_OUT != 0) begin
                if (neg_a_q) quo_d = quo_neg;
                if (neg_b_q) dvs_d = dvs_neg;
                state_d = S_NORM;
            end
            S_NORM: if (EARLY_OUT != 0) begin
                rem_d   = norm[63:32];
                quo_d   = norm[31:0];
                cnt_d   = 6'd32 - {1'b0, skip};
                state_d = S_ITER;
            end
            S_ITER: begin
                rem_d = step_rem;
                quo_d = step_quo;
                cnt_d = cnt_q - 6'd1;
                if (cnt_q == 6'd1) begin
                    if (EARLY_OUT == 0)  state_d = S_FIX;
                    else if (is_rem_q)   state_d = S_MOVE;
                    else if (neg_out_q)  state_d = S_NEG_OUT;
                    else                 state_d = S_DONE;
                end
            end
            S_MOVE: if (EARLY_OUT != 0) begin
                quo_d   = rem_q;
                state_d = neg_out_q ? S_NEG_OUT : S_DONE;
            end
            S_NEG_OUT: if (EARLY_OUT != 0) begin
                quo_d   = quo_neg;
                state_d = S_DONE;
            end
            S_FIX: begin
                quo_d   = res_fix;
                state_d = S_DONE;
            end
            default: state_d = S_IDLE;     // S_DONE
        endcase
    end

    // done_q: state_q == S_DONE as a flip-flop of its own (the core's stall, and through it
    // every X register's enable and hold select, starts there)
    reg done_q;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            state_q <= S_IDLE;
            done_q  <= 1'b0;
        end else begin
            state_q <= state_d;
            done_q  <= state_d == S_DONE;
        end
    end
    // datapath registers: no reset (each is set by the start cycle before it is used)
    always @(posedge clk_i) begin
        rem_q     <= rem_d;
        quo_q     <= quo_d;
        dvs_q     <= dvs_d;
        cnt_q     <= cnt_d;
        is_rem_q  <= is_rem_d;
        neg_a_q   <= neg_a_d;
        neg_b_q   <= neg_b_d;
        neg_out_q <= neg_out_d;
    end

    // the result is quo_q in the done cycle (fixed: selected and corrected in S_FIX; early
    // out: corrected in place)
    assign result_o = quo_q;
    assign done_o   = done_q;
endmodule
