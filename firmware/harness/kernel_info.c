/* Kernel identification, generated from the build's defines (-DKERNEL_NAME, -DKERNEL_CFLAGS).
 * Kept out of the kernel object so it does not count towards the kernel's code size. */
#include "kernel.h"

const char kernel_name[] = KERNEL_NAME;
const char kernel_cflags[] = KERNEL_CFLAGS;
