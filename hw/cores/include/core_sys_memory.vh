// The memory of a processor's simulation system (rv32_sys, mips_sys), in its body: the
// core's buses and the tightly coupled memory on them (rv32_tcm, MEM_BYTES at mem_base_i).
// The core instance connects to these wires (core_sys_connect.vh).
    wire [31:0] imem_addr, imem_rdata, dmem_addr, dmem_wdata, dmem_rdata;
    wire        imem_err, dmem_req, dmem_we, dmem_err;
    wire [3:0]  dmem_be;

    rv32_tcm #(.BYTES(MEM_BYTES)) u_tcm (
        .clk_i(clk_i), .base_i(mem_base_i), .f_addr_i(imem_addr), .f_rdata_o(imem_rdata), .f_err_o(imem_err),
        .d_req_i(dmem_req), .d_we_i(dmem_we), .d_be_i(dmem_be), .d_addr_i(dmem_addr),
        .d_wdata_i(dmem_wdata), .d_rdata_o(dmem_rdata), .d_err_o(dmem_err)
    );
