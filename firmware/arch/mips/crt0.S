/* sha3-asip MIPS32 (o32, little-endian, non-PIC) start-up code, Linux user-mode ABI as
 * qemu-mipsel and asip-sim load it: argc at 0(sp), argv[] from 4(sp). sp itself is the
 * loader's; we only open the 16-byte argument area o32 callers must provide. */
    .set noreorder
    .section .text.start, "ax", @progbits
    .globl __start
    .globl _start
    .type _start, @function
__start:
_start:
    la      $gp, _gp
    la      $t0, __bss_start        /* zero .bss (word aligned by link.ld) */
    la      $t1, __bss_end
1:  sltu    $t2, $t0, $t1
    beq     $t2, $zero, 2f
    nop
    sw      $zero, 0($t0)
    b       1b
    addiu   $t0, $t0, 4             /* delay slot */
2:  lw      $a0, 0($sp)             /* argc */
    addiu   $a1, $sp, 4             /* argv */
    jal     main
    addiu   $sp, $sp, -16           /* delay slot: o32 argument save area */
    move    $a0, $v0                /* exit(main's return value) */
    li      $v0, 4001
    syscall
3:  b       3b
    nop
    .size _start, . - _start

    .text
    /* long rt_sys_write(int fd, const void *buf, size_t len): -errno on error */
    .globl rt_sys_write
    .type rt_sys_write, @function
rt_sys_write:
    li      $v0, 4004
    syscall
    beq     $a3, $zero, 1f
    nop
    subu    $v0, $zero, $v0
1:  jr      $ra
    nop
    .size rt_sys_write, . - rt_sys_write

    /* void rt_sys_exit(int code) */
    .globl rt_sys_exit
    .type rt_sys_exit, @function
rt_sys_exit:
    li      $v0, 4001
    syscall
1:  b       1b
    nop
    .size rt_sys_exit, . - rt_sys_exit
