// rv32_core: the project's Z-scale-class RV32IM(+Zicsr) processor core.
//
// Pipeline (docs/rv32-core.md has the timing diagram and the reasons):
//   F  the next-PC multiplexer drives the synchronous instruction memory (imem_addr_o);
//   D  the fetched word arrives (imem_rdata_i); jal is recognised and redirects fetch;
//   X  execute: register read (asynchronous register file, bypass from W), ALU, shifter,
//      iterative multiplier (rv32_mul, 8 bits a cycle), iterative divider, branch/jalr resolution, CSRs,
//      traps, data-memory request, extension units (rv32_ext, generated per design); the
//      instruction retires here;
//   W  write-back: the ALU result register or the load data (synchronous data memory)
//      is written to the register file; the RVFI commit port (RISCV_FORMAL only) reports
//      the instruction.
// F, D and X are the three pipeline stages of the timing model `zscale` (the first
// instruction executes in cycle 2); W is the register-file write of the retired
// instruction. All redirects are registered: a jal decided in D costs 1 cycle, a taken
// branch, jalr, trap or mret decided in X costs 2. A consumer of a load result that
// follows the load directly waits 1 cycle in X (the memory output is not bypassed).
// Extension units (hw/cores/rv32/README.md has the port) may also pick the successor of
// the instruction in D (fetch hook: zero-cost loop-backs), name the registers read in X,
// and access data memory from X with the load data returned to them in W.
module rv32_core #(
    parameter [31:0] MISA          = 32'h4000_1100,  // RV32IM
    parameter        DIV_EARLY_OUT = 0,
    parameter        HAS_EXT       = 1   // the design has extension units (0: rv32_ext claims nothing;
                                         // 2: one of them has a fetch hook; 3: the vector
                                         // unit: its CSRs, faults inside its accesses;
                                         // docs in README)
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire [31:0] boot_addr_i,
    // instruction memory: synchronous read, word addressed by imem_addr_o[31:2]
    output wire [31:0] imem_addr_o,
    input  wire [31:0] imem_rdata_i,
    input  wire        imem_err_i,      // registered with imem_rdata_i
    // data memory: request in X, read data in the next cycle
    output wire        dmem_req_o,
    output wire        dmem_we_o,
    output wire [3:0]  dmem_be_o,
    output wire [31:0] dmem_addr_o,
    output wire [31:0] dmem_wdata_o,
    input  wire        dmem_err_i,      // combinational: the address is outside memory
    input  wire [31:0] dmem_rdata_i,
`ifdef RISCV_FORMAL
    // Simulation and formal only (the harnesses and riscv-formal define RISCV_FORMAL; the
    // synthesis flows do not, so none of this is in a synthesized core):
    // debug register access (harness only; tie off in a real system)
    input  wire [4:0]  dbg_raddr_i,
    output wire [31:0] dbg_rdata_o,
    input  wire        dbg_we_i,
    input  wire [4:0]  dbg_waddr_i,
    input  wire [31:0] dbg_wdata_i,
    // RVFI commit port (riscv-formal names), one record per retired instruction, in W
    output wire        rvfi_valid,
    output wire [63:0] rvfi_order,
    output wire [31:0] rvfi_insn,
    output wire        rvfi_trap,
    output wire        rvfi_halt,
    output wire        rvfi_intr,
    output wire [1:0]  rvfi_mode,
    output wire [1:0]  rvfi_ixl,
    output wire [4:0]  rvfi_rs1_addr,
    output wire [4:0]  rvfi_rs2_addr,
    output wire [31:0] rvfi_rs1_rdata,
    output wire [31:0] rvfi_rs2_rdata,
    output wire [4:0]  rvfi_rd_addr,
    output wire [31:0] rvfi_rd_wdata,
    output wire [31:0] rvfi_pc_rdata,
    output wire [31:0] rvfi_pc_wdata,
    output wire [31:0] rvfi_mem_addr,
    output wire [3:0]  rvfi_mem_rmask,
    output wire [3:0]  rvfi_mem_wmask,
    output wire [31:0] rvfi_mem_rdata,
    output wire [31:0] rvfi_mem_wdata,
    // trap details of the W record (not RVFI): mcause and mtval
    output wire [31:0] commit_cause_o,
    output wire [31:0] commit_tval_o,
`endif
    // host calls: ecall with mtvec == 0 (the Linux user ABI of the firmware)
    output wire        host_call_o,
    input  wire [31:0] host_wdata_i     // the value the ecall writes to a0
);
    // ------------------------------------------------------------------ fetch / decode
    reg         redirect_q;
    reg         redirect_x_q;      // the redirect comes from X (else from a jal in D)
    reg  [31:0] redirect_xpc_q, redirect_jpc_q;
    reg         d_valid_q;
    reg  [31:0] d_pc_q;
    wire [31:0] d_insn = imem_rdata_i;

    wire        x_stall;
    wire        x_redirect;
    wire [31:0] x_target;
    wire        ext_fetch_redirect;     // fetch hook: the successor of the word in D
    wire [31:0] ext_fetch_target;
    // A redirect from X does not stop the word in D from moving into X (that would hang
    // the instruction register's enable off the branch condition, the trap and the address
    // adders): the word moves, and is squashed as it enters X: x_valid_q, one flip-flop,
    // takes "D fires and X does not redirect" (the late select's output passes one gate to
    // it), so every consumer of x_valid starts at that flip-flop. The word fetched behind
    // it is killed in D by redirect_q, as for every redirect: two words, as before.
    wire        d_fire  = d_valid_q && !redirect_q && !x_stall;
    // pc + offset of the word in D (J for jal, U for auipc, else B), one adder: jal's
    // target here, and registered into X for branches, jal's link-free target and auipc
    // (x_pc_rel_q), like pc + 4 (x_pc4_q: the sequential fetch address's adder), so X
    // starts from flip-flops, not behind carry chains
    wire [31:0] d_imm_pc = (d_insn[6:0] == 7'h6f) ? {{12{d_insn[31]}}, d_insn[19:12], d_insn[20],
                                                      d_insn[30:21], 1'b0} :
                           (d_insn[6:0] == 7'h17) ? {d_insn[31:12], 12'd0} :
                           (d_insn[6:0] == 7'h0f) ? 32'd4 :   // fence.i: its successor
                           {{19{d_insn[31]}}, d_insn[31], d_insn[7], d_insn[30:25],
                            d_insn[11:8], 1'b0};
    wire [31:0] d_jal_target = d_pc_q + d_imm_pc;
    wire [31:0] d_pc4 = d_pc_q + 32'd4;
    wire        d_jal = d_fire && !imem_err_i && (d_insn[6:0] == 7'h6f) &&
                        (d_jal_target[1:0] == 2'b00);

    // what X's ALU needs of the word in D, decoded here and registered with it: an op-imm
    // (the immediate is the second operand), funct7[5] of sub/sra/srai, and whether the
    // result is the ALU's (op or op-imm, exactly as X decodes them)
    wire [6:0]  d_opc    = d_insn[6:0];
    wire [2:0]  d_f3     = d_insn[14:12];
    wire [6:0]  d_f7     = d_insn[31:25];
    wire        d_opimm  = d_opc == 7'h13 && (d_f3 == 3'd1 ? d_f7 == 7'h00 :
                                              d_f3 == 3'd5 ? (d_f7 == 7'h00 || d_f7 == 7'h20) :
                                              1'b1);
    wire        d_op     = d_opc == 7'h33 && (d_f7 == 7'h00 ||
                                              (d_f7 == 7'h20 && (d_f3 == 3'd0 || d_f3 == 3'd5)));
    wire        d_alu_alt = (d_op || (d_opimm && d_f3 == 3'd5)) && d_insn[30];
    wire        d_alu_sub = d_op && d_insn[30];   // (with funct3 0)

    reg         boot_q;        // the first cycle after reset fetches boot_addr_i
    reg  [31:0] fetch_pc;
    always @(*) begin
        if (boot_q) begin
            fetch_pc = boot_addr_i;
        end else if (redirect_q) begin
            fetch_pc = redirect_x_q ? redirect_xpc_q : redirect_jpc_q;
        end else if (d_valid_q && x_stall) begin
            fetch_pc = d_pc_q;            // hold: fetch the word in D again
        end else if (ext_fetch_redirect) begin
            fetch_pc = ext_fetch_target;  // an extension's zero-cost redirect (loop-back)
        end else begin
            fetch_pc = d_pc4;
        end
    end
    assign imem_addr_o = fetch_pc;

    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            boot_q     <= 1'b1;
            redirect_q <= 1'b1;
            d_valid_q  <= 1'b0;
        end else begin
            boot_q     <= 1'b0;
            redirect_q <= x_late[L_REDIR_J];   // x_redirect || d_jal
            d_valid_q  <= 1'b1;
        end
    end
    // datapath registers: no reset (boot_q picks the first fetch address; d_valid_q and
    // redirect_q say when they are used)
    always @(posedge clk_i) begin
        redirect_x_q   <= x_redirect;
        redirect_xpc_q <= x_target;
        redirect_jpc_q <= d_jal_target;
        d_pc_q        <= fetch_pc;
    end


    // ------------------------------------------------------------------ execute
    reg         x_valid_q;
    wire        x_valid = x_valid_q;   // (a word squashed by X's redirect: see d_fire)
    reg  [31:0] x_insn_q;
    reg  [31:0] x_pc_q /* verilator public_flat_rd */;
    reg         x_ferr_q;
    reg         x_rs1_z_q, x_rs2_z_q;  // the rs1 / rs2 fields of x_insn_q are x0
    reg         x_started_q;   // the divider or multiplier was started for the instruction in X

    wire [4:0]  rd   = x_insn_q[11:7];
    wire [2:0]  f3   = x_insn_q[14:12];
    wire [4:0]  rs1;           // register read ports: the standard fields, or what an
    wire [4:0]  rs2;           // extension unit names for its instruction
    wire [31:0] imm_u = {x_insn_q[31:12], 12'd0};

    // base decode: exactly the words crates/sim/src/rv32/{base,m,zicsr}.rs accept, applied
    // to D's word and registered with it (xd: X's decode, so X's stall, exception and
    // forwarding logic start from flip-flops, not behind compares of x_insn_q)
    localparam D_LUI = 0, D_AUIPC = 1, D_JAL = 2, D_JALR = 3, D_BRANCH = 4, D_LOAD = 5,
               D_STORE = 6, D_OPIMM = 7, D_OP = 8, D_MUL = 9, D_DIV = 10, D_FENCE = 11,
               D_FENCEI = 12, D_ECALL = 13, D_EBREAK = 14, D_MRET = 15, D_WFI = 16,
               D_CSR = 17, D_OK = 18, D_RS1 = 19, D_RS2 = 20, D_N = 21;
    function [D_N-1:0] decode(input [31:0] w);
        reg [6:0] o, f7w;
        reg [2:0] f;
        begin
            o = w[6:0];
            f = w[14:12];
            f7w = w[31:25];
            decode[D_LUI]    = o == 7'h37;
            decode[D_AUIPC]  = o == 7'h17;
            decode[D_JAL]    = o == 7'h6f;
            decode[D_JALR]   = o == 7'h67 && f == 3'd0;
            decode[D_BRANCH] = o == 7'h63 && f != 3'd2 && f != 3'd3;
            decode[D_LOAD]   = o == 7'h03 && (f == 3'd0 || f == 3'd1 || f == 3'd2 ||
                                              f == 3'd4 || f == 3'd5);
            decode[D_STORE]  = o == 7'h23 && (f == 3'd0 || f == 3'd1 || f == 3'd2);
            decode[D_OPIMM]  = o == 7'h13 && (f == 3'd1 ? f7w == 7'h00 :
                                              f == 3'd5 ? (f7w == 7'h00 || f7w == 7'h20) : 1'b1);
            decode[D_OP]     = o == 7'h33 && (f7w == 7'h00 ||
                                              (f7w == 7'h20 && (f == 3'd0 || f == 3'd5)));
            decode[D_MUL]    = o == 7'h33 && f7w == 7'h01 && !f[2];
            decode[D_DIV]    = o == 7'h33 && f7w == 7'h01 && f[2];
            decode[D_FENCE]  = o == 7'h0f && (f == 3'd0 || f == 3'd1);
            decode[D_FENCEI] = o == 7'h0f && f == 3'd1;   // Zifencei: refetches its successor
            decode[D_ECALL]  = w == 32'h0000_0073;
            decode[D_EBREAK] = w == 32'h0010_0073;
            decode[D_MRET]   = w == 32'h3020_0073;
            decode[D_WFI]    = w == 32'h1050_0073;
            decode[D_CSR]    = o == 7'h73 && f != 3'd0 && f != 3'd4;
            decode[D_OK]     = |decode[D_CSR:D_LUI];
            decode[D_RS1]    = decode[D_JALR] | decode[D_BRANCH] | decode[D_LOAD] |
                               decode[D_STORE] | decode[D_OPIMM] | decode[D_OP] |
                               decode[D_MUL] | decode[D_DIV] | (decode[D_CSR] && !f[2]);
            decode[D_RS2]    = decode[D_BRANCH] | decode[D_STORE] | decode[D_OP] |
                               decode[D_MUL] | decode[D_DIV];
        end
    endfunction
    /* verilator lint_off UNUSEDSIGNAL */
    reg  [D_N-1:0] xd;                      // decode(x_insn_q): D's, registered with the word
    wire [D_N-1:0] dd = decode(d_insn);     // (only its class bits are registered)
    /* verilator lint_on UNUSEDSIGNAL */
    wire is_jal    = xd[D_JAL];
    wire is_jalr   = xd[D_JALR];
    wire is_branch = xd[D_BRANCH];
    wire is_load   = xd[D_LOAD];
    wire is_store  = xd[D_STORE];
    wire is_fence  = xd[D_FENCE];
    wire is_fencei = xd[D_FENCEI];
    wire is_ecall  = xd[D_ECALL];
    wire is_ebreak = xd[D_EBREAK];
    wire is_mret   = xd[D_MRET];
    wire is_wfi    = xd[D_WFI];
    wire is_csr    = xd[D_CSR];
    wire csr_illegal;               // the CSR file refuses the access (below)
    wire base_ok   = xd[D_OK];
    wire base_rs1  = xd[D_RS1];
    wire base_rs2  = xd[D_RS2];

    // extension units (generated per design from its unit list)
    wire        ext_claim, ext_uses_rs1, ext_uses_rs2, ext_ready, ext_rd_we, ext_err;
    wire        ext_redirect, ext_mem_req, ext_mem_we, ext_mem_beat;
    wire [4:0]  ext_rs1_addr, ext_rs2_addr;
    wire [31:0] ext_rd_wdata, ext_redirect_pc, ext_mem_addr, ext_mem_wdata;
    wire [3:0]  ext_mem_be;
    // (HAS_EXT = 3: a CSR access the CSR file refuses goes to the unit, which may claim it:
    // the vector CSRs; a ternary on the parameter, folded at elaboration)
    wire        is_ext    = (HAS_EXT == 3) ? (!base_ok || (is_csr && csr_illegal)) && ext_claim :
                                             !base_ok && ext_claim;
    assign      rs1       = is_ext ? ext_rs1_addr : x_insn_q[19:15];
    assign      rs2       = is_ext ? ext_rs2_addr : x_insn_q[24:20];
    // x0 reads: the instruction's fields were compared with zero in D (x_rs1_z_q); a unit's
    // own register names are compared here
    wire        rs1_zero  = is_ext ? ext_rs1_addr == 5'd0 : x_rs1_z_q;
    wire        rs2_zero  = is_ext ? ext_rs2_addr == 5'd0 : x_rs2_z_q;
    wire        uses_rs1  = base_ok ? base_rs1 : (ext_claim && ext_uses_rs1);
    wire        uses_rs2  = base_ok ? base_rs2 : (ext_claim && ext_uses_rs2);

    // write-back stage state (declared here for the bypass)
    reg         w_valid_q, w_we_q, w_load_q;
    reg  [4:0]  w_rd_q;
    reg  [31:0] w_result_q;

    // Register file: the operands of the instruction in D are read in D (from the fetched
    // word's fields, with the value W writes in this cycle passed through) and registered
    // into X (x_a_q, x_b_q), so X starts from flip-flops with no select in front of the
    // ALU. The result of the instruction ahead (in X while this one is in D) is forwarded at
    // the operand registers' inputs (x_fwd_*: that instruction writes the register with an
    // ALU-type result, not a load), the cycle both move on. While an instruction is held in X, its operand registers
    // take what W writes to its registers (the instruction ahead's result, a load's data), so
    // they hold the architectural values when it proceeds. Registers a unit names itself
    // (DASIP's pairs) are read in X (ports c, d) and compare with W there; for units that
    // name only the standard fields those ports and their bypass are constant-folded away.
    wire [31:0] rf_a, rf_b, rf_c, rf_d;
    wire        rf_we;
    wire [4:0]  rf_waddr;
    wire [31:0] rf_wdata;
    wire [4:0]  d_rs1 = d_insn[19:15];
    wire [4:0]  d_rs2 = d_insn[24:20];
    wire        d_rs1_z = d_rs1 == 5'd0;
    wire        d_rs2_z = d_rs2 == 5'd0;
`ifdef RISCV_FORMAL
    wire [31:0] dbg_rf_e;      // the debug read port
`endif
    rv32_regfile u_rf (
        .clk_i(clk_i), .raddr_a_i(d_rs1), .rzero_a_i(d_rs1_z), .rdata_a_o(rf_a),
        .raddr_b_i(d_rs2), .rzero_b_i(d_rs2_z), .rdata_b_o(rf_b),
        .raddr_c_i(rs1), .rzero_c_i(rs1_zero), .rdata_c_o(rf_c),
        .raddr_d_i(rs2), .rzero_d_i(rs2_zero), .rdata_d_o(rf_d),
`ifdef RISCV_FORMAL
        .raddr_e_i(dbg_raddr_i), .rdata_e_o(dbg_rf_e),
`endif
        .we_i(rf_we), .waddr_i(rf_waddr), .wdata_i(rf_wdata)
    );
    wire        rf_wr = rf_we && rf_waddr != 5'd0;
    // (the value W writes in this cycle passes through to D's operands: w_byp_*, below)
    wire        w_byp_a = rf_wr && rf_waddr == d_rs1;
    wire        w_byp_b = rf_wr && rf_waddr == d_rs2;
    reg  [31:0] x_a_q, x_b_q;
    wire w_fwd = w_valid_q && w_we_q && !w_load_q;
    wire [31:0] a_ext = (w_fwd && w_rd_q == rs1 && !rs1_zero) ? w_result_q : rf_c;
    wire [31:0] b_ext = (w_fwd && w_rd_q == rs2 && !rs2_zero) ? w_result_q : rf_d;
    wire [31:0] a = (rs1 == x_insn_q[19:15]) ? x_a_q : a_ext;
    wire [31:0] b = (rs2 == x_insn_q[24:20]) ? x_b_q : b_ext;
    // a load result is not bypassed: its consumer waits one cycle in X. For a base
    // instruction the register compare is made in D against the load in X, as the consumer
    // enters X (lu_q: the load is then in W if it retired, w_valid_q && w_load_q), so the
    // stall starts at flip-flops; a unit's operands are known only in X (ext_*)
    reg  lu_q;
    reg  [4:0] x_fwd_rd_q;   // forwarding: see x_fwd_a
    wire d_lu = is_load && rd != 5'd0 &&
                ((dd[D_RS1] && d_rs1 == rd) || (dd[D_RS2] && d_rs2 == rd));
    wire lu_ext = w_rd_q != 5'd0 && ((uses_rs1 && rs1 == w_rd_q) || (uses_rs2 && rs2 == w_rd_q));
    wire lu_hazard = x_valid && w_valid_q && w_load_q && (base_ok ? lu_q : lu_ext);

    // ALU / shifter / multiplier
    // the ALU's operand select, its funct7[5] and whether the result is the ALU's are
    // decoded in D (d_alu_*) and registered with the instruction: X's path to the ALU
    // starts at flip-flops, not behind the decode of x_insn_q
    reg         x_alu_imm_q, x_alu_alt_q, x_use_alu_q;
    reg         x_link_q;      // jal or jalr: the result is pc + 4 (decoded in D)
    reg  [31:0] x_imm_rel_q;   // register + offset: decoded in D
    reg  [31:0] x_pc_rel_q;    // pc + offset (J, U or B): computed in D
    reg  [31:0] x_pc4_q;       // pc + 4: computed in D
    reg         x_imm4_q;      // that offset is 4 (a jal or taken branch to pc + 4)
    // a mul*: {high half, rs2 signed, rs1 signed} and "the result is the multiplier's",
    // decoded in D (exactly X's is_mul)
    reg  [2:0]  x_mul_q;
    reg         x_cmp_signed_q;   // the ALU's compare: slt/slti, blt/bge (decoded in D)
    // the ALU's operation (decoded in D, zero unless op/op-imm): {logic (1 xor, 2 or,
    // 3 and), slt*, shift left, shift, sub, add}
    reg  [6:0]  x_aop_q;
    // the other results' selects (X's decode, registered from D's): {div, csr, jal/jalr,
    // auipc, lui}, and the multiplier's
    wire [2:0]  x_osel_q = {xd[D_DIV], xd[D_AUIPC], xd[D_LUI]};
    wire        x_use_mul_q = xd[D_MUL];
    // (an op-imm's immediate is in x_b_q: see the operand registers)
    wire [31:0] alu_b   = b;
    wire        alu_alt = x_alu_alt_q;
    wire [31:0] alu_out;   // the ALU's result; alu_res: it or a unit's (below)
    wire        alu_eq, alu_lt;
    rv32_alu u_alu (
        .a_i(a), .b_i(alu_b), .add_i(x_aop_q[0]), .sub_i(x_aop_q[1]), .shift_i(x_aop_q[2]),
        .left_i(x_aop_q[3]), .alt_i(alu_alt), .slt_i(x_aop_q[4]), .logic_i(x_aop_q[6:5]),
        .cmp_signed_i(x_cmp_signed_q), .result_o(alu_out), .eq_o(alu_eq), .lt_o(alu_lt)
    );

    // multiplier (six cycles in X: eight multiplier bits a cycle, the result from registers)
    wire [31:0] mul_res;
    wire        mul_done;
    wire        mul_start = x_valid && x_use_mul_q && !lu_hazard && !x_started_q;  // (is_mul, from D)
    wire        mul_busy  = x_use_mul_q && !mul_done;
    rv32_mul u_mul (.clk_i(clk_i), .rst_ni(rst_ni), .start_i(mul_start), .a_i(a), .b_i(b),
                    .a_signed_i(x_mul_q[0]), .b_signed_i(x_mul_q[1]), .high_i(x_mul_q[2]),
                    .done_o(mul_done), .result_o(mul_res));

    // divider (iterative)
    wire        div_done;
    wire [31:0] div_res;
    wire        div_start = x_valid && x_osel_q[2] && !lu_hazard && !x_started_q;   // (is_div)
    rv32_div #(.EARLY_OUT(DIV_EARLY_OUT)) u_div (
        .clk_i(clk_i), .rst_ni(rst_ni), .start_i(div_start), .op_i(f3[1:0]),
        .a_i(a), .b_i(b), .done_o(div_done), .result_o(div_res)
    );

    // branches and jumps
    // The branch condition is the latest signal of X (the ALU's compare of forwarded
    // operands). Every control output that depends on it (redirect, trap, commit) is
    // computed twice, for a true and a false condition, from early signals, and the
    // condition picks one in a kept module (rv32_late_sel) at the end: the compare passes
    // two levels of logic to the registers, not the whole trap and redirect decision.
    // Which compare a branch uses (funct3[2]: blt/bge/bltu/bgeu) and whether it inverts
    // it (funct3[0]: bne/bge/bgeu) are bits of the instruction register.
    localparam L_REDIR = 0, L_TRAP = 1, L_WE = 2, L_LOAD = 3, L_REDIR_J = 4, NL = 5;
    wire [NL-1:0] x_late;
    wire          x_trap_fire = x_late[L_TRAP];
    // one adder computes an address in X: register + offset (jalr, load, store); pc +
    // offset (branch, jal, auipc) and pc + 4 come from D
    wire [31:0] pc_rel  = x_pc_rel_q;   // J (jal), U (auipc) or B: added in D
    wire [31:0] reg_rel = a + x_imm_rel_q;   // the S immediate for a store, else the I one
    wire [31:0] x_pc4   = x_pc4_q;
    // (a jump's target is the trap value's address select, tv_addr below: pc + offset for
    // jal and branches, register + offset with bit 0 cleared for jalr; one select for both)
    wire [31:0] jump_target;
    // a control transfer to a misaligned target, whether or not a branch is taken (what
    // the trap's cause, value and target are computed from; `trap` adds the condition)
    // The low two bits of both addresses, beside the adders (whose carry chains they would
    // otherwise wait for): all the misalignment checks need.
    wire [1:0]  rr_lo = {a[1] ^ x_imm_rel_q[1] ^ (a[0] & x_imm_rel_q[0]), a[0] ^ x_imm_rel_q[0]};
    wire [1:0]  pr_lo = pc_rel[1:0];
    wire [1:0]  jt_lo = is_jalr ? {rr_lo[1], 1'b0} : pr_lo;   // jump_target[1:0]
    wire jump_mis_any  = (is_branch || is_jalr || is_jal) && (jt_lo != 2'b00);

    // loads and stores
    // an extension's request is a word access (lw/sw) with its own address and data
    wire        ext_mem  = is_ext && ext_mem_req;
    wire        m_load   = is_load || (ext_mem && !ext_mem_we);
    wire        m_store  = is_store || (ext_mem && ext_mem_we);
    wire [31:0] mem_addr = ext_mem ? ext_mem_addr : reg_rel;
    wire [1:0]  m_size   = ext_mem ? 2'd2 : f3[1:0];
    wire [1:0]  ma_lo    = ext_mem ? ext_mem_addr[1:0] : rr_lo;   // mem_addr[1:0]
    wire        mem_mis  = (m_size == 2'd1 && ma_lo[0]) ||
                           (m_size == 2'd2 && ma_lo != 2'd0);
    wire        is_mem   = m_load || m_store;
    reg  [3:0]  st_be;
    reg  [31:0] st_data;
    always @(*) begin
        case (m_size)
            2'd0:    begin st_be = 4'b0001 << mem_addr[1:0]; st_data = {4{b[7:0]}};  end
            2'd1:    begin st_be = 4'b0011 << mem_addr[1:0]; st_data = {2{b[15:0]}}; end
            default: begin st_be = ext_mem ? ext_mem_be : 4'b1111;  // a unit's bytes
                           st_data = ext_mem ? ext_mem_wdata : b;                   end
        endcase
    end

    // CSRs
    wire [31:0] csr_rdata, mtvec, mepc;
    // (in a trap's update cycle, t_valid_q below, the word in X is squashed and the CSR
    // file's write port takes the trap's pc for mepc: one input of the written value's
    // select, not a select of its own in front of mepc)
    wire        t_valid_w;
    wire [31:0] t_pc_w;
    wire [31:0] csr_wdata = t_valid_w ? t_pc_w : f3[2] ? {27'd0, rs1} : a;
    // (HAS_EXT = 3: from the instruction's field, not from rs1, which follows is_ext, which
    // follows the CSR file's refusal, which follows the write: no combinational loop)
    wire        csr_write = (HAS_EXT == 3) ? (f3[1:0] == 2'd1) || (x_insn_q[19:15] != 5'd0) :
                                             (f3[1:0] == 2'd1) || (rs1 != 5'd0);
    wire        mtvec_zero;
    wire        host_call = is_ecall && mtvec_zero;

    // exceptions: one OR of them decides the trap (trap_t / trap_f below); the priority
    // chain only picks the cause and the value, beside the ALU compare
    wire        exc_illegal = (HAS_EXT == 3) ?
                              (!base_ok && !ext_claim) || (is_csr && csr_illegal && !ext_claim) ||
                              (is_ext && ext_err) :
                              (!base_ok && !ext_claim) || (is_csr && csr_illegal) ||
                              (is_ext && ext_err);
    reg  [31:0] cause;
    always @(*) begin
        cause = 32'd0;
        if (x_ferr_q) begin
            cause = 32'd1;
        end else if (exc_illegal) begin
            cause = 32'd2;
        end else if (is_ebreak) begin
            cause = 32'd3;
        end else if (is_ecall && !host_call) begin
            cause = 32'd11;
        end else if (jump_mis_any) begin
            cause = 32'd0;
        end else if (is_mem && mem_mis) begin
            cause = m_load ? 32'd4 : 32'd6;
        end else if (is_mem && dmem_err_i) begin
            cause = m_load ? 32'd5 : 32'd7;
        end
    end
    // the trap's value, by the same priority: the pc (fetch error), the word (illegal),
    // zero (ebreak, ecall), else the address that failed: a jump's or branch's target, a
    // load's or store's address (one select per source, not per cause)
    wire [31:0] tv_addr = (is_jal || is_branch || is_fencei) ? pc_rel :
                          ext_mem ? ext_mem_addr : {reg_rel[31:1], reg_rel[0] & !is_jalr};
    assign      jump_target = tv_addr;   // (used only for jal, jalr and branches)
    wire [31:0] tval    = x_ferr_q ? x_pc_q : exc_illegal ? x_insn_q :
                          (is_ebreak || is_ecall) ? 32'd0 : tv_addr;
    // (the misalignment checks are late and need not pass the priority chain; a branch
    // raises nothing but a fetch error and its misaligned target)
    wire exc_early = x_ferr_q || exc_illegal || is_ebreak || (is_ecall && !host_call);
    wire exc_mem   = is_mem && (mem_mis || dmem_err_i);
    wire trap_t = exc_early || jump_mis_any || exc_mem;
    wire trap_f = exc_early || (jump_mis_any && !is_branch) || exc_mem;

    // (HAS_EXT = 3: a unit's word that faults, outside memory or misaligned, ends its
    // multi-word access there: the instruction traps in that cycle, and the unit sees no
    // valid_i, so nothing of that word is written)
    wire x_busy = (HAS_EXT == 3) ?
                  (x_osel_q[2] && !div_done) || mul_busy ||
                  (is_ext && !ext_ready && !(ext_mem && (mem_mis || dmem_err_i))) :
                  (x_osel_q[2] && !div_done) || mul_busy || (is_ext && !ext_ready);
    assign x_stall = x_valid && (lu_hazard || x_busy);
    wire x_fire   = x_valid && !x_stall;
    // retires without an exception: x_commit (the late select's output, below)
    wire x_commit_t = x_fire && !trap_t;
    wire x_commit_f = x_fire && !trap_f;

    // The CSR updates depend on nothing late in X: a csr instruction or mret traps only on a
    // fetch error or (csr) an illegal access, so their commit is decided without the address
    // adders and the memory's error; a trap's mepc/mcause/mtval/mstatus update happens in
    // the next cycle from registered values (the two words behind a trap are squashed, so
    // no instruction reads those CSRs in between). Before, every CSR flop's next state hung
    // off `trap` (dmem_err_i, the misalignment of both adders), and the mapper duplicated
    // that logic into each of them (docs/rv32-core.md, "Area and clock").
    reg         t_valid_q;
    reg  [31:0] t_pc_q, t_cause_q, t_tval_q;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) t_valid_q <= 1'b0;
        else         t_valid_q <= x_trap_fire;
    end
    always @(posedge clk_i) begin
        t_pc_q    <= x_pc_q;
        t_cause_q <= cause;
        t_tval_q  <= tval;
    end
    assign t_valid_w = t_valid_q;
    assign t_pc_w    = t_pc_q;
    wire x_ok = x_fire && !x_ferr_q;
    rv32_csr #(.MISA(MISA)) u_csr (
        .clk_i(clk_i), .rst_ni(rst_ni), .d_addr_i(d_insn[31:20]), .d_csr_i(dd[D_CSR]),
        .x_load_i(!x_stall),
        .op_i(t_valid_q ? 2'd1 : f3[1:0]),
        .write_i(csr_write), .wdata_i(csr_wdata), .rdata_o(csr_rdata),
        .illegal_o(csr_illegal), .commit_i(x_ok && is_csr && !csr_illegal), .retire_i(x_fire),
        .trap_i(t_valid_q), .trap_cause_i(t_cause_q),
        .trap_tval_i(t_tval_q), .mret_i(x_ok && is_mret), .mtvec_o(mtvec),
        .mtvec_zero_o(mtvec_zero), .mepc_o(mepc)
    );

    rv32_ext u_ext (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .valid_i((HAS_EXT == 3) ? x_valid && !lu_hazard && !(ext_mem && (mem_mis || dmem_err_i)) :
                                  x_valid && !lu_hazard),
        .insn_i(x_insn_q), .d_insn_i(d_insn),
        .x_load_i(!x_stall), .pc_i(x_pc_q),
        .rs1_i(a), .rs2_i(b), .fire_i(x_commit_f && is_ext),
        .retire_i(x_fire), .retire_pc_i(x_pc_q), .retire_seq_i(x_seq_npc),
        .fetch_pc_i(d_pc_q), .fetch_x_seq_i(x_valid && x_jal_seq), .mem_rdata_i(dmem_rdata_i),
        .claim_o(ext_claim), .uses_rs1_o(ext_uses_rs1), .uses_rs2_o(ext_uses_rs2),
        .rs1_addr_o(ext_rs1_addr), .rs2_addr_o(ext_rs2_addr),
        .ready_o(ext_ready), .rd_we_o(ext_rd_we), .rd_wdata_o(ext_rd_wdata),
        .err_o(ext_err), .redirect_o(ext_redirect), .redirect_pc_o(ext_redirect_pc),
        .mem_req_o(ext_mem_req), .mem_we_o(ext_mem_we), .mem_addr_o(ext_mem_addr),
        .mem_wdata_o(ext_mem_wdata), .mem_beat_o(ext_mem_beat), .mem_be_o(ext_mem_be),
        .fetch_redirect_o(ext_fetch_redirect), .fetch_target_o(ext_fetch_target)
    );

    // redirects (registered into the fetch stage)
    // fence.i redirects like a taken branch to the word in D, its successor (pc + 4 or a
    // fetch-hook target), so that word and the ones after it are fetched again after the
    // stores before it have written memory (no fence.i ever stalls in X, so D holds its
    // successor whenever it fires)
    wire   take_ext_t = !trap_t && is_ext && ext_redirect;
    wire   take_ext_f = !trap_f && is_ext && ext_redirect;
    wire   redirect_t = x_fire && (trap_t || is_branch || is_jalr || take_ext_t ||
                                   ((is_mret || is_fencei) && !trap_t));
    wire   redirect_f = x_fire && (trap_f || (is_jalr && !trap_f) || take_ext_f ||
                                   ((is_mret || is_fencei) && !trap_f));
    assign x_redirect = x_late[L_REDIR];
    // (trap_t: x_target is used only with x_redirect, and a branch that does not trap
    // redirects only when taken)
    // (take_ext without a trap does not depend on the branch condition)
    assign x_target   = trap_t ? mtvec : is_mret ? mepc :
                        (is_ext && ext_redirect) ? ext_redirect_pc :
                        (HAS_EXT != 2) ? jump_target :  // (fence.i: pc + 4, from D's adder)
                        is_fencei ? d_pc_q : jump_target;  // (fence.i: the word in D: a fetch hook's loop-back too)
    // Whether the instruction in X continues at pc + 4 by the core's control flow (for the
    // units: a fetch-hook loop-back is not in it): its next pc (x_npc below, trap ? mtvec :
    // mret ? mepc : unit redirect ? its target : jump ? target : pc + 4) compared with pc +
    // 4, but with each candidate compared before the selection, so the late selects (trap,
    // branch condition) pass one multiplexer, not a 32-bit compare. A branch's or jal's
    // target equals pc + 4 when its offset is 4; a unit's redirect is never to pc + 4
    // (hw/cores/rv32/README.md, "Extension port").
    wire        x_jal_seq = !is_jal || x_imm4_q;  // jal: decided in D
    wire        jal_seq   = is_jal && x_imm4_q;
    wire        jalr_seq  = is_jalr && ({reg_rel[31:1], 1'b0} == x_pc4);
    wire        br_seq    = x_imm4_q;   // a taken branch's target is pc + 4
    wire        mtvec_seq = mtvec == x_pc4;
    wire        mepc_seq  = mepc == x_pc4;
    wire        seq_t     = trap_t ? mtvec_seq : is_mret ? mepc_seq :
                            take_ext_t ? 1'b0 :   // never to pc + 4 (the port's contract)
                            is_branch ? br_seq : is_jalr ? jalr_seq : is_jal ? jal_seq : 1'b1;
    wire        seq_f     = trap_f ? mtvec_seq : is_mret ? mepc_seq :
                            take_ext_f ? 1'b0 :
                            is_jalr ? jalr_seq : is_jal ? jal_seq : 1'b1;
    // (for the units, in plain logic: their next state follows it, and the mapper may fold
    // the select into that; a unit's own instruction is never a branch, so fire_i needs no
    // select at all)
    wire        br_cond_u = (f3[2] ? alu_lt : alu_eq) ^ f3[0];
    wire        x_seq_npc = br_cond_u ? seq_t : seq_f;

    // the late select: the branch condition picks each control output's _t or _f version
    wire [NL-1:0] late_t, late_f;
    assign late_t = {redirect_t || d_jal, x_commit_t && is_load,
                     x_commit_t && x_writes && !is_load, x_fire && trap_t, redirect_t};
    assign late_f = {redirect_f || d_jal, x_commit_f && is_load,
                     x_commit_f && x_writes && !is_load, x_fire && trap_f, redirect_f};
    rv32_late_sel #(.W(NL)) u_late (
        .eq_i(alu_eq), .lt_i(alu_lt), .use_lt_i(f3[2]), .inv_i(f3[0]),
        .t_i(late_t), .f_i(late_f), .y_o(x_late)
    );

    // result and destination
    wire [4:0]  x_rd = host_call ? 5'd10 : rd;
    wire [31:0] x_result;
    reg         x_writes;
    // the ALU's result joins the others in one last 2:1 multiplexer; the others are an
    // AND-OR of exclusive selects decoded in D (x_osel_q) or early in X (host call, unit)
    // a unit's result joins the ALU's in front of the last select (one level: the unit's
    // claim is registered), so it does not pass the other results' AND-OR; in a design
    // without units this is the ALU's result
    wire        x_use_alu = x_use_alu_q || is_ext;   // op or op-imm (as decoded in X), or a unit
    wire [31:0] alu_res;
    generate
        if (HAS_EXT != 0) begin : g_ext_join   // kept: one level, not merged with the unit's select
            rv32_result_mux u_ext_join (.sel_i(is_ext), .alu_i(ext_rd_wdata), .rest_i(alu_out),
                                        .y_o(alu_res));
        end else begin : g_no_ext
            assign alu_res = alu_out;
            wire unused_ext = &{1'b0, ext_rd_wdata};   // (no unit: rv32_ext drives zero)
        end
    endgenerate
    always @(*) begin
        x_writes = 1'b1;
        if (is_ext)                       x_writes = ext_rd_we;
        else if (is_branch || is_store || is_fence || is_ecall || is_ebreak || is_mret ||
                 is_wfi)                  x_writes = host_call;
    end
    // (every select a flip-flop: an ecall's term does not wait for mtvec == 0, since an
    // ecall that traps instead of calling the host writes nothing and the word it forwarded
    // to is squashed; jal/jalr's link select is registered as one bit; the CSR file's
    // read is zero for any other instruction, so it needs no select of its own)
    wire [31:0] x_nonalu = ({32{x_use_mul_q}} & mul_res) | ({32{x_osel_q[0]}} & imm_u) |
                           ({32{x_osel_q[1]}} & pc_rel) | ({32{x_link_q}} & x_pc4) |
                           csr_rdata | ({32{x_osel_q[2]}} & div_res) |
                           ({32{is_ecall}} & host_wdata_i);
    rv32_result_mux u_res (.sel_i(x_use_alu), .alu_i(alu_res), .rest_i(x_nonalu), .y_o(x_result));
    // The operand registers' next values: as the instruction in D enters X, the register
    // file's value or, when the instruction in X writes that register with an ALU-type
    // result, that result (x_fwd_*), through the same last 2:1 select (the ALU's result
    // passes one level on the way to them too); while X holds, what W writes to the
    // instruction's registers (x_*_hold_wr: the register's enable).
    // (for a base instruction the register it writes with a forwardable result is decoded
    // in D, x_fwd_rd_q: 0 for none and for loads; an ecall names a0, which its host call
    // writes when mtvec is 0 as it executes: when it traps instead, the word forwarded to
    // is squashed by the trap's redirect, so the forward need not wait for mtvec; a unit
    // says in X)
    wire [4:0] x_fwd_rd = is_ext ? (ext_rd_we ? rd : 5'd0) : x_fwd_rd_q;
    wire x_fwd_a = x_valid && x_fwd_rd == d_rs1 && !d_rs1_z;
    wire x_fwd_b = x_valid && x_fwd_rd == d_rs2 && !d_opimm && !d_rs2_z;
    wire x_a_hold_wr = rf_wr && rf_waddr == x_insn_q[19:15];
    wire x_b_hold_wr = rf_wr && rf_waddr == x_insn_q[24:20] && !x_alu_imm_q;
    // (an op-imm's second operand is its immediate: registered in place of the register
    // its rs2 field would name, so the ALU's b needs no select in X)
    // What W writes (rf_wdata) is the second-to-last choice, in a kept select of its own:
    // while X holds, or when it passes through to D's operand (and X does not forward a
    // newer value); the select's compare passes two levels, not four (it was ECP5's
    // critical path, almost all routing: its fanout behind the register file's data).
    wire [31:0] d_b_imm = d_opimm ? {{20{d_insn[31]}}, d_insn[31:20]} : rf_b;
    wire        byp_a = x_stall || (w_byp_a && !x_fwd_a);
    wire        byp_b = x_stall || (w_byp_b && !x_fwd_b && !d_opimm);
    wire [31:0] x_a_next, x_b_next;
    wire [31:0] x_a_rest, x_b_rest;
    rv32_result_mux u_fwd_a2 (.sel_i(byp_a), .alu_i(rf_wdata),
                              .rest_i(x_fwd_a ? x_nonalu : rf_a), .y_o(x_a_rest));
    rv32_result_mux u_fwd_b2 (.sel_i(byp_b), .alu_i(rf_wdata),
                              .rest_i(x_fwd_b ? x_nonalu : d_b_imm), .y_o(x_b_rest));
    rv32_result_mux u_fwd_a (.sel_i(!x_stall && x_fwd_a && x_use_alu), .alu_i(alu_res),
                             .rest_i(x_a_rest), .y_o(x_a_next));
    rv32_result_mux u_fwd_b (.sel_i(!x_stall && x_fwd_b && x_use_alu), .alu_i(alu_res),
                             .rest_i(x_b_rest), .y_o(x_b_next));

    // (a unit's multi-word access: mem_beat_o sends a word while the unit holds X)
    assign dmem_req_o   = x_valid && !lu_hazard && is_mem && !mem_mis && !x_ferr_q &&
                          !(is_ext && (ext_err || (!ext_ready && !ext_mem_beat)));
    assign dmem_we_o    = m_store;
    assign dmem_be_o    = m_store ? st_be : 4'b1111;
    assign dmem_addr_o  = mem_addr;
    assign dmem_wdata_o = st_data;
    assign host_call_o  = x_fire && host_call;

    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            x_valid_q    <= 1'b0;
            x_started_q  <= 1'b0;
        end else if (!x_stall) begin
            x_valid_q    <= d_fire && !x_redirect;
            x_started_q  <= 1'b0;
        end else begin
            if (div_start || mul_start) x_started_q <= 1'b1;
        end
    end
    // datapath registers: no reset (what they hold matters only with x_valid)
    always @(posedge clk_i) begin
        if (!x_stall) begin
            x_insn_q <= d_insn;
            xd       <= dd;
            x_rs1_z_q <= d_rs1_z;
            x_rs2_z_q <= d_rs2_z;
            x_pc_q   <= d_pc_q;
            x_ferr_q <= imem_err_i;
            x_alu_imm_q <= d_opimm;
            x_alu_alt_q <= d_alu_alt;
            lu_q        <= d_lu;
            x_fwd_rd_q  <= dd[D_ECALL] ? 5'd10 :
                           (dd[D_OK] && !(dd[D_BRANCH] || dd[D_STORE] || dd[D_FENCE] ||
                            dd[D_EBREAK] || dd[D_MRET] || dd[D_WFI] ||
                            dd[D_LOAD])) ? d_insn[11:7] : 5'd0;
            x_aop_q     <= {(d_op || d_opimm) && d_f3[2] && d_f3 != 3'd5 ?
                                (d_f3[1:0] == 2'd0 ? 2'd1 : d_f3[1:0]) : 2'd0,
                            (d_op || d_opimm) && d_f3[2:1] == 2'b01,
                            d_f3 == 3'd1,
                            (d_op || d_opimm) && d_f3[1:0] == 2'b01,
                            (d_op || d_opimm) && d_f3 == 3'd0 && d_alu_sub,
                            (d_op || d_opimm) && d_f3 == 3'd0 && !d_alu_sub};
            x_use_alu_q <= d_opimm || d_op;
            x_link_q    <= dd[D_JAL] || dd[D_JALR];
            x_cmp_signed_q <= (d_opc == 7'h63) ? !d_f3[1] : !d_f3[0];
            x_mul_q     <= {d_f3[1:0] != 2'd0, d_f3[1:0] == 2'd1,
                            d_f3[1:0] == 2'd1 || d_f3[1:0] == 2'd2};
            x_imm_rel_q <= {{20{d_insn[31]}}, d_insn[31:25],
                            (d_opc == 7'h23) ? d_insn[11:7] : d_insn[24:20]};
            x_pc_rel_q  <= d_jal_target;
            x_pc4_q     <= d_pc4;
            x_imm4_q    <= d_imm_pc == 32'd4;
        end
        if (!x_stall || x_a_hold_wr) x_a_q <= x_a_next;
        if (!x_stall || x_b_hold_wr) x_b_q <= x_b_next;
    end


    // ------------------------------------------------------------------ write-back
    reg  [2:0]  w_f3_q;
    reg  [1:0]  w_off_q;

    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            w_valid_q <= 1'b0;
            w_we_q    <= 1'b0;
            w_load_q  <= 1'b0;
        end else begin
            w_valid_q <= x_fire;
            w_we_q    <= x_late[L_WE];
            w_load_q  <= x_late[L_LOAD];
        end
    end
    // datapath registers: no reset (what they hold matters only with w_we_q or w_load_q)
    always @(posedge clk_i) begin
        if (x_fire) begin
            w_rd_q     <= x_rd;    // used only with w_we_q / w_load_q
            w_result_q <= x_result;
            w_f3_q     <= f3;
            w_off_q    <= mem_addr[1:0];
        end
    end

    // load alignment and extension
    wire [31:0] ld_shift = dmem_rdata_i >> {w_off_q, 3'b000};
    reg  [31:0] ld_val;
    always @(*) begin
        case (w_f3_q)
            3'd0:    ld_val = {{24{ld_shift[7]}}, ld_shift[7:0]};
            3'd1:    ld_val = {{16{ld_shift[15]}}, ld_shift[15:0]};
            3'd4:    ld_val = {24'd0, ld_shift[7:0]};
            3'd5:    ld_val = {16'd0, ld_shift[15:0]};
            default: ld_val = ld_shift;
        endcase
    end
    wire [31:0] w_value = w_load_q ? ld_val : w_result_q;

`ifdef RISCV_FORMAL
    // ------------------------------------------------------------------ commit record
    // (simulation and formal only: RVFI, the debug register port, the trap details)
    // the branch condition and what depends on it, for the record (the synthesized core
    // uses the late select's outputs)
    wire        br_cond  = br_cond_u;
    wire        trap     = br_cond ? trap_t : trap_f;
    wire        x_commit = br_cond ? x_commit_t : x_commit_f;
    wire        jump_any = (is_branch && br_cond) || is_jalr || is_jal;
    wire        take_ext = !trap && is_ext && ext_redirect;
    reg  [31:0] x_snpc_q;      // the pc fetched after the instruction in X (pc + 4 or a fetch-hook target)
    always @(posedge clk_i) begin
        if (!x_stall) begin
            x_snpc_q <= fetch_pc;
        end
    end
    // the next pc of the instruction in X by the core's control flow, and the architectural
    // one (RVFI: the pc fetched after it when it falls through)
    wire [31:0] x_npc = trap ? mtvec : is_mret ? mepc : take_ext ? ext_redirect_pc :
                        (jump_any ? jump_target : x_pc4);
    wire        x_seq = !trap && !is_mret && !take_ext && !jump_any;
    wire [31:0] x_npc_arch = x_seq ? x_snpc_q : x_npc;

    reg  [63:0] order_q;
    reg  [31:0] w_insn_q, w_pc_q, w_npc_q, w_rs1v_q, w_rs2v_q, w_maddr_q, w_mwdata_q;
    reg  [31:0] w_cause_q, w_tval_q;
    reg  [3:0]  w_rmask_q, w_wmask_q;
    reg         w_trap_q;
    reg  [4:0]  w_rs1_q, w_rs2_q, w_rvfi_rd_q;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            order_q <= 64'd0;
        end else if (w_valid_q) begin
            order_q <= order_q + 64'd1;
        end
    end
    always @(posedge clk_i) begin
        if (x_fire) begin
            w_insn_q   <= x_insn_q;
            w_pc_q     <= x_pc_q;
            w_npc_q    <= x_npc_arch;
            w_rs1v_q   <= uses_rs1 ? a : 32'd0;
            w_rs2v_q   <= uses_rs2 ? b : 32'd0;
            w_rs1_q    <= uses_rs1 ? rs1 : 5'd0;
            w_rs2_q    <= uses_rs2 ? rs2 : 5'd0;
            w_maddr_q  <= {mem_addr[31:2], 2'b00};
            w_mwdata_q <= st_data;
            w_rmask_q  <= (x_commit && m_load) ? st_be : 4'd0;
            w_wmask_q  <= (x_commit && m_store) ? st_be : 4'd0;
            w_trap_q   <= trap;
            w_rvfi_rd_q <= (x_commit && (x_writes || is_load)) ? x_rd : 5'd0;
            w_cause_q  <= cause;
            w_tval_q   <= tval;
        end
    end

    // the debug port writes the register file (the harness sets sp during reset)
    assign rf_we    = dbg_we_i || w_we_q || w_load_q;
    assign rf_waddr = dbg_we_i ? dbg_waddr_i : w_rd_q;
    assign rf_wdata = dbg_we_i ? dbg_wdata_i : w_value;
    assign dbg_rdata_o = ((w_we_q || w_load_q) && w_rd_q == dbg_raddr_i && dbg_raddr_i != 5'd0) ?
                         w_value : dbg_rf_e;

    assign rvfi_valid     = w_valid_q;
    assign rvfi_order     = order_q;
    assign rvfi_insn      = w_insn_q;
    assign rvfi_trap      = w_trap_q;
    assign rvfi_halt      = 1'b0;
    assign rvfi_intr      = 1'b0;
    assign rvfi_mode      = 2'd3;
    assign rvfi_ixl       = 2'd1;
    assign rvfi_rs1_addr  = w_rs1_q;
    assign rvfi_rs2_addr  = w_rs2_q;
    assign rvfi_rs1_rdata = w_rs1v_q;
    assign rvfi_rs2_rdata = w_rs2v_q;
    assign rvfi_rd_addr   = w_rvfi_rd_q;
    assign rvfi_rd_wdata  = (w_rvfi_rd_q == 5'd0) ? 32'd0 : w_value;
    assign rvfi_pc_rdata  = w_pc_q;
    assign rvfi_pc_wdata  = w_npc_q;
    assign rvfi_mem_addr  = w_maddr_q;
    assign rvfi_mem_rmask = w_rmask_q;
    assign rvfi_mem_wmask = w_wmask_q;
    assign rvfi_mem_rdata = (w_rmask_q != 4'd0) ? dmem_rdata_i : 32'd0;
    assign rvfi_mem_wdata = w_mwdata_q;
    assign commit_cause_o = w_cause_q;
    assign commit_tval_o  = w_tval_q;
`else
    assign rf_we    = w_we_q || w_load_q;
    assign rf_waddr = w_rd_q;
    assign rf_wdata = w_value;
`endif
endmodule
