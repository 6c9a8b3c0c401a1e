// oasip_loop: two-level zero-overhead loop controller (doloop rs1, LE).
//
// Per retiring instruction (retire_i) at pc_i, next_pc_o is the pc to fetch next, npc_i
// being its next pc from the rest of the core. A doloop (do_i, count_i = x[rs1], off_i =
// the B-type offset, a multiple of 4, >= 4) arms level 0 if it is free, else level 1
// (replacing it), with start = pc + 4, end = pc + off (the last instruction of the body);
// count 0 skips the body (next pc = end + 4). When an instruction at an armed level's end
// retires sequentially (seq_i: npc_i == pc_i + 4, which the core computes without the
// 32-bit compare after its next-pc multiplexer): count > 1 -> count - 1 and next pc =
// start (level 1 first; level 0 only if level 1 did not loop back); count <= 1 -> the level
// is disarmed. A redirected end instruction (taken branch, jump) does not count. Same rules
// as the simulator (isa/oasip/src/lib.rs, OasipState::arm / next_pc). Other offsets are
// rejected (err_o).
// *_n_o: the state after this cycle's retirement if the instruction in X retires
// sequentially (hook_seq_i), for a fetch stage that must decide on a loop-back before the
// loop end reaches execute: when that instruction stalls or redirects instead, the word
// the fetch stage fetches now is fetched again or discarded, so the decision need not
// wait for X's branch, jump and trap logic.
module oasip_loop (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        retire_i,
    input  wire [31:0] pc_i,
    input  wire [31:0] npc_i,
    input  wire        seq_i,
    input  wire        hook_seq_i,
    input  wire        do_i,
    input  wire        hook_do_i,   // the word in X is a doloop (for *_n_o: not gated by
                                    // its operands' readiness, which stalls X anyway)
    input  wire [31:0] count_i,
    input  wire [12:0] off_i,
    output wire [31:0] next_pc_o,
    output wire        err_o,
    output wire [1:0]  armed_o,
    output wire [63:0] start_o,
    output wire [63:0] end_o,
    output wire [63:0] count_o,
    output wire [1:0]  armed_n_o,
    output wire [63:0] start_n_o,
    output wire [63:0] end_n_o,
    output wire [63:0] count_n_o,
    output wire [1:0]  gt1_n_o      // count_n_o of each level > 1 (computed beside it)
);
    reg  [1:0]  armed_q;
    reg  [29:0] start0_q, start1_q, end0_q, end1_q;
    reg  [31:0] count0_q, count1_q;
    wire [1:0]  armed_d;
    wire [29:0] start0_d, start1_d, end0_d, end1_d;
    wire [31:0] count0_d, count1_d;

    wire        bad  = off_i[12] || off_i[1] || (off_i[11:2] == 10'd0);
    wire        skip = retire_i && do_i && !bad && (count_i == 32'd0);
    wire        back0, back1;
    wire [1:0]  gt1_d;         // (used by the fetch hook's instance only)
    assign err_o     = do_i && bad;

    // the state after this cycle: from what retires (the state update), and as the fetch
    // hook assumes it (*_n_o)
    oasip_loop_next u_next (
        .retire_i(retire_i), .seq_i(seq_i), .pc_i(pc_i), .do_i(do_i), .bad_i(bad),
        .count_i(count_i), .off_i(off_i), .armed_i(armed_q), .start0_i(start0_q),
        .start1_i(start1_q), .end0_i(end0_q), .end1_i(end1_q), .count0_i(count0_q),
        .count1_i(count1_q), .back0_o(back0), .back1_o(back1), .gt1_o(gt1_d), .armed_o(armed_d),
        .start0_o(start0_d), .start1_o(start1_d), .end0_o(end0_d), .end1_o(end1_d),
        .count0_o(count0_d), .count1_o(count1_d)
    );
    wire [1:0]  armed_h;
    wire [29:0] start0_h, start1_h, end0_h, end1_h;
    wire [31:0] count0_h, count1_h;
    /* verilator lint_off PINCONNECTEMPTY */
    oasip_loop_next u_hook (
        .retire_i(hook_seq_i), .seq_i(hook_seq_i), .pc_i(pc_i), .do_i(hook_do_i), .bad_i(bad),
        .count_i(count_i), .off_i(off_i), .armed_i(armed_q), .start0_i(start0_q),
        .start1_i(start1_q), .end0_i(end0_q), .end1_i(end1_q), .count0_i(count0_q),
        .count1_i(count1_q), .back0_o(), .back1_o(), .gt1_o(gt1_n_o), .armed_o(armed_h),
        .start0_o(start0_h), .start1_o(start1_h), .end0_o(end0_h), .end1_o(end1_h),
        .count0_o(count0_h), .count1_o(count1_h)
    );
    /* verilator lint_on PINCONNECTEMPTY */

    wire unused_gt1 = &{1'b0, gt1_d};
    wire [31:0] do_end = pc_i + {{19{off_i[12]}}, off_i};
    assign next_pc_o = skip  ? do_end + 32'd4 :
                       back1 ? {start1_q, 2'b00} :
                       back0 ? {start0_q, 2'b00} : npc_i;
    assign armed_o   = armed_q;
    assign start_o   = {start1_q, 2'b00, start0_q, 2'b00};
    assign end_o     = {end1_q, 2'b00, end0_q, 2'b00};
    assign count_o   = {count1_q, count0_q};
    assign armed_n_o = armed_h;
    assign start_n_o = {start1_h, 2'b00, start0_h, 2'b00};
    assign end_n_o   = {end1_h, 2'b00, end0_h, 2'b00};
    assign count_n_o = {count1_h, count0_h};

    // control state: asynchronous active-low reset (hw/README.md, "Style"); the loop
    // bounds and counts are data, meaningful only while armed, and have no reset
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni)
            armed_q <= 2'b00;
        else
            armed_q <= armed_d;
    end

    always @(posedge clk_i) begin
        start0_q <= start0_d;
        start1_q <= start1_d;
        end0_q   <= end0_d;
        end1_q   <= end1_d;
        count0_q <= count0_d;
        count1_q <= count1_d;
    end
endmodule

// oasip_loop_next: the loop state after one retirement (oasip_loop's rules above), given
// the state, whether an instruction retires and whether it continues at pc + 4.
/* verilator lint_off DECLFILENAME */
module oasip_loop_next (
    input  wire        retire_i,
    input  wire        seq_i,
    input  wire [31:0] pc_i,
    input  wire        do_i,
    input  wire        bad_i,
    input  wire [31:0] count_i,
    input  wire [12:0] off_i,
    input  wire [1:0]  armed_i,
    input  wire [29:0] start0_i, start1_i, end0_i, end1_i,
    input  wire [31:0] count0_i, count1_i,
    output wire        back0_o, back1_o,
    output wire [1:0]  gt1_o,       // count1_o > 1, count0_o > 1: from the inputs, not
                                    // through count*_o (a fetch hook's path)
    output reg  [1:0]  armed_o,
    output reg  [29:0] start0_o, start1_o, end0_o, end1_o,
    output reg  [31:0] count0_o, count1_o
);
    wire [31:0] seq_pc  = pc_i + 32'd4;
    wire [31:0] do_end  = pc_i + {{19{off_i[12]}}, off_i};
    wire        do_ok   = retire_i && do_i && !bad_i;
    wire        skip    = do_ok && (count_i == 32'd0);
    wire        arm     = do_ok && (count_i != 32'd0);
    wire        lvl     = armed_i[0];  // level used by arm: 1 if level 0 is busy
    wire        seq     = retire_i && !skip && !(do_i && bad_i) && seq_i;
    // end check against the state after arming (a level being armed never matches)
    wire        hit0    = armed_i[0] && !(arm && !lvl) && (end0_i == pc_i[31:2]);
    wire        hit1    = armed_i[1] && !(arm && lvl) && (end1_i == pc_i[31:2]);
    wire        back1   = seq && hit1 && (count1_i > 32'd1);
    wire        done1   = seq && hit1 && !(count1_i > 32'd1);
    wire        back0   = seq && hit0 && (count0_i > 32'd1) && !back1;
    wire        done0   = seq && hit0 && !(count0_i > 32'd1) && !back1;
    assign back0_o = back0;
    assign back1_o = back1;
    wire   arg_gt1 = count_i[31:1] != 31'd0;
    assign gt1_o = {(arm && lvl)  ? arg_gt1 : back1 ? (count1_i > 32'd2) : (count1_i > 32'd1),
                    (arm && !lvl) ? arg_gt1 : back0 ? (count0_i > 32'd2) : (count0_i > 32'd1)};

    always @(*) begin
        armed_o  = armed_i;
        start0_o = start0_i;
        start1_o = start1_i;
        end0_o   = end0_i;
        end1_o   = end1_i;
        count0_o = count0_i;
        count1_o = count1_i;
        if (arm && !lvl) begin
            armed_o[0] = 1'b1;
            start0_o   = seq_pc[31:2];
            end0_o     = do_end[31:2];
            count0_o   = count_i;
        end else if (back0) begin
            count0_o = count0_i - 32'd1;
        end else if (done0) begin
            armed_o[0] = 1'b0;
        end
        if (arm && lvl) begin
            armed_o[1] = 1'b1;
            start1_o   = seq_pc[31:2];
            end1_o     = do_end[31:2];
            count1_o   = count_i;
        end else if (back1) begin
            count1_o = count1_i - 32'd1;
        end else if (done1) begin
            armed_o[1] = 1'b0;
        end
    end

    wire unused = &{1'b0, seq_pc[1:0], do_end[1:0]};
endmodule
/* verilator lint_on DECLFILENAME */
