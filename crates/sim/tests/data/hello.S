# Prints "hello\n" with write(1, ...) and exits with 2 + argc (= 3 with one argument),
# which also checks the Linux-style stack layout (argc at 0(sp), argv at 4(sp)).
# Build: riscv64-unknown-elf-gcc -march=rv32im -mabi=ilp32 -nostdlib -static \
#        -Ttext=0x10000 -o hello.elf hello.S
    .text
    .globl _start
    .type _start, @function
_start:
    lw    s0, 0(sp)          # argc
    lw    s1, 4(sp)          # argv[0]
    lbu   s2, 0(s1)          # first byte of argv[0] must be readable
    li    a0, 1
    la    a1, msg
    li    a2, 6
    li    a7, 64
    ecall
    call  add2
    li    a7, 93
    ecall
    .size _start, .-_start

    .globl add2
    .type add2, @function
add2:
    addi  a0, s0, 2
    ret
    .size add2, .-add2

    .data
msg:
    .ascii "hello\n"
