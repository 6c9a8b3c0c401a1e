// tb_oasip_fu: replays vectors written by isa/oasip/tests/rtl.rs from the Rust model
// (the simulator's semantics) through oasip_fu and counts mismatches.
// Vector line (hex): valid op a b imm retire pc npc  rd err next armed start end count
// `timescale-free; run: vvp sim +vec=<file>
module tb_oasip_fu;
    reg         clk = 1'b0, rst_n = 1'b0;
    reg         valid = 1'b0, retire = 1'b0;
    reg  [2:0]  op = 3'd0;
    reg  [31:0] a = 32'd0, b = 32'd0, pc = 32'd0, npc = 32'd0;
    reg  [12:0] imm = 13'd0;
    wire [31:0] rd, next_pc;
    wire        err;
    wire [1:0]  armed;
    wire [63:0] start, endv, count;
    reg  [31:0] e_rd, e_next, t_valid, t_op, t_imm, t_retire, e_err, e_armed;
    reg  [63:0] e_start, e_end, e_count;
    integer     lines, checks;
    `include "tb_vectors.vh"

    oasip_fu dut (.clk_i(clk), .rst_ni(rst_n), .valid_i(valid), .op_i(op), .a_i(a), .b_i(b),
                  .imm_i(imm), .retire_i(retire), .pc_i(pc), .npc_i(npc),
                  .seq_i(npc == pc + 32'd4), .hook_seq_i(1'b0), .hook_do_i(1'b0), .rd_o(rd),
                  .err_o(err), .next_pc_o(next_pc), .armed_o(armed), .start_o(start),
                  .end_o(endv), .count_o(count));

    task read_line(output integer got);
        begin
            got = $fscanf(fd, "%h %h %h %h %h %h %h %h %h %h %h %h %h %h %h\n",
                          t_valid, t_op, a, b, t_imm, t_retire, pc, npc,
                          e_rd, e_err, e_next, e_armed, e_start, e_end, e_count);
            valid = t_valid[0]; op = t_op[2:0]; imm = t_imm[12:0]; retire = t_retire[0];
        end
    endtask

    // rd checked for the ops that write it (not on an error), next_pc on retire
    task check_before;
        begin
            if (err !== e_err[0]) `TB_FAIL(("line %0d: err %b want %b", lines, err, e_err[0]))
            if (valid && !e_err[0] && (op == 0 || op == 1 || op == 3 || op == 4 || op == 5)) begin
                checks = checks + 1;
                if (rd !== e_rd) `TB_FAIL(("line %0d: op %0d rd %h want %h", lines, op, rd, e_rd))
            end
            if (retire && next_pc !== e_next)
                `TB_FAIL(("line %0d: next_pc %h want %h", lines, next_pc, e_next))
        end
    endtask

    // the zero-overhead loop state: each armed half's start, end and count
    task check_after;
        if (armed !== e_armed[1:0] ||
            (armed[0] && (start[31:0] !== e_start[31:0] || endv[31:0] !== e_end[31:0] ||
                          count[31:0] !== e_count[31:0])) ||
            (armed[1] && (start[63:32] !== e_start[63:32] || endv[63:32] !== e_end[63:32] ||
                          count[63:32] !== e_count[63:32])))
            `TB_FAIL(("line %0d: loop state armed %b start %h end %h count %h want %b %h %h %h",
                      lines, armed, start, endv, count, e_armed[1:0], e_start, e_end, e_count))
    endtask

    `TB_REPLAY(15)
endmodule
