// oasip_loop: two-level zero-overhead loop controller (doloop rs1, LE).
//
// Per retiring instruction (retire_i) at pc_i whose next pc from the rest of the core is
// npc_i, next_pc_o is the pc to fetch next. A doloop (do_i, count_i = x[rs1], off_i = the
// B-type offset, a multiple of 4, >= 4) arms level 0 if it is free, else level 1 (replacing it), with
// start = pc + 4, end = pc + off (the last instruction of the body); count 0 skips the body
// (next pc = end + 4). When an instruction at an armed level's end retires sequentially
// (npc_i == pc_i + 4): count > 1 -> count - 1 and next pc = start (level 1 first; level 0
// only if level 1 did not loop back); count <= 1 -> the level is disarmed. A redirected
// end instruction (taken branch, jump) does not count. Same rules as the simulator
// (isa/oasip/src/lib.rs, OasipState::arm / next_pc). Other offsets are rejected (err_o).
// *_n_o: the state after this cycle's retirement (what *_o shows in the next cycle), for a
// fetch stage that must decide on a loop-back before the loop end reaches execute.
module oasip_loop (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        retire_i,
    input  wire [31:0] pc_i,
    input  wire [31:0] npc_i,
    input  wire        do_i,
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
    output wire [63:0] count_n_o
);
    reg  [1:0]  armed_q, armed_d;
    reg  [29:0] start0_q, start1_q, end0_q, end1_q;
    reg  [29:0] start0_d, start1_d, end0_d, end1_d;
    reg  [31:0] count0_q, count1_q, count0_d, count1_d;

    wire [31:0] seq_pc  = pc_i + 32'd4;
    wire [31:0] do_end  = pc_i + {{19{off_i[12]}}, off_i};
    wire        bad     = off_i[12] || off_i[1] || (off_i[11:2] == 10'd0);
    wire        do_ok   = retire_i && do_i && !bad;
    wire        skip    = do_ok && (count_i == 32'd0);
    wire        arm     = do_ok && (count_i != 32'd0);
    wire        lvl     = armed_q[0];  // level used by arm: 1 if level 0 is busy
    wire        seq     = retire_i && !skip && !(do_i && bad) && (npc_i == seq_pc);
    // end check against the state after arming (a level being armed never matches)
    wire        hit0    = armed_q[0] && !(arm && !lvl) && (end0_q == pc_i[31:2]);
    wire        hit1    = armed_q[1] && !(arm && lvl) && (end1_q == pc_i[31:2]);
    wire        back1   = seq && hit1 && (count1_q > 32'd1);
    wire        done1   = seq && hit1 && !(count1_q > 32'd1);
    wire        back0   = seq && hit0 && (count0_q > 32'd1) && !back1;
    wire        done0   = seq && hit0 && !(count0_q > 32'd1) && !back1;

    assign err_o     = do_i && bad;
    assign next_pc_o = skip  ? do_end + 32'd4 :
                       back1 ? {start1_q, 2'b00} :
                       back0 ? {start0_q, 2'b00} : npc_i;
    assign armed_o   = armed_q;
    assign start_o   = {start1_q, 2'b00, start0_q, 2'b00};
    assign end_o     = {end1_q, 2'b00, end0_q, 2'b00};
    assign count_o   = {count1_q, count0_q};
    assign armed_n_o = armed_d;
    assign start_n_o = {start1_d, 2'b00, start0_d, 2'b00};
    assign end_n_o   = {end1_d, 2'b00, end0_d, 2'b00};
    assign count_n_o = {count1_d, count0_d};

    always @(*) begin
        armed_d  = armed_q;
        start0_d = start0_q;
        start1_d = start1_q;
        end0_d   = end0_q;
        end1_d   = end1_q;
        count0_d = count0_q;
        count1_d = count1_q;
        if (arm && !lvl) begin
            armed_d[0] = 1'b1;
            start0_d   = seq_pc[31:2];
            end0_d     = do_end[31:2];
            count0_d   = count_i;
        end else if (back0) begin
            count0_d = count0_q - 32'd1;
        end else if (done0) begin
            armed_d[0] = 1'b0;
        end
        if (arm && lvl) begin
            armed_d[1] = 1'b1;
            start1_d   = seq_pc[31:2];
            end1_d     = do_end[31:2];
            count1_d   = count_i;
        end else if (back1) begin
            count1_d = count1_q - 32'd1;
        end else if (done1) begin
            armed_d[1] = 1'b0;
        end
    end

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
