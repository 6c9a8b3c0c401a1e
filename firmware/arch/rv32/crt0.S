/* sha3-asip RV32 start-up code (Linux user-mode ABI, as qemu-riscv32 and asip-sim load it).
 * sp is set by the loader: argc at 0(sp), argv[] from 4(sp). We do not touch it. */
    .section .text.start, "ax", @progbits
    .globl _start
    .type _start, @function
_start:
    .option push
    .option norelax
    la      gp, __global_pointer$
    .option pop
    /* zero .bss (word aligned by link.ld) */
    la      t0, __bss_start
    la      t1, __bss_end
1:  bgeu    t0, t1, 2f
    sw      zero, 0(t0)
    addi    t0, t0, 4
    j       1b
2:  lw      a0, 0(sp)           /* argc */
    addi    a1, sp, 4           /* argv */
    call    main
    li      a7, 93              /* exit(main's return value) */
    ecall
3:  j       3b
    .size _start, . - _start

    .text
    /* long rt_sys_write(int fd, const void *buf, size_t len) */
    .globl rt_sys_write
    .type rt_sys_write, @function
rt_sys_write:
    li      a7, 64
    ecall
    ret
    .size rt_sys_write, . - rt_sys_write

    /* void rt_sys_exit(int code) */
    .globl rt_sys_exit
    .type rt_sys_exit, @function
rt_sys_exit:
    li      a7, 93
    ecall
1:  j       1b
    .size rt_sys_exit, . - rt_sys_exit
