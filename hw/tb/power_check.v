// The power flow's validation circuit (hw/scripts/test_power.py, docs/hardware.md "Power"),
// a hand-written OSU 0.18 um netlist:
//  - four flip-flops whose D inputs toggle at known rates (ports d[3:0]) driving inverters
//    into known loads: OpenSTA's activity propagation is exact here, so the flow's sum in
//    OpenSTA 2.0.17's conventions must equal its report_power instance by instance;
//  - an inverter h from port a to port ya: its power follows by hand from the Liberty tables
//    (input transition and load set on table points);
//  - x = q[0] XOR q[0] delayed by one flip-flop: with d[0] toggling every cycle both inputs
//    toggle every cycle and x never does; OpenSTA's propagation (inputs independent) says
//    otherwise.
module power_check (clk, d, a, y, ya, x);
  input clk;
  input [3:0] d;
  input a;
  output [3:0] y;
  output ya;
  output x;
  wire [3:0] q;
  wire r0;
  DFFPOSX1 f0 (.CLK(clk), .D(d[0]), .Q(q[0]));
  DFFPOSX1 f1 (.CLK(clk), .D(d[1]), .Q(q[1]));
  DFFPOSX1 f2 (.CLK(clk), .D(d[2]), .Q(q[2]));
  DFFPOSX1 f3 (.CLK(clk), .D(d[3]), .Q(q[3]));
  INVX1 i0 (.A(q[0]), .Y(y[0]));
  INVX1 i1 (.A(q[1]), .Y(y[1]));
  INVX1 i2 (.A(q[2]), .Y(y[2]));
  INVX1 i3 (.A(q[3]), .Y(y[3]));
  DFFPOSX1 g0 (.CLK(clk), .D(q[0]), .Q(r0));
  XOR2X1 x0 (.A(q[0]), .B(r0), .Y(x));
  INVX1 h (.A(a), .Y(ya));
endmodule
