/* sha3-asip firmware runtime. Built with -fno-tree-loop-distribute-patterns so that gcc
 * does not turn these loops back into calls to themselves. No 64-bit division is used, so
 * no libgcc helper is needed here. */
#include "runtime.h"

void *memcpy(void *dst, const void *src, size_t n)
{
    uint8_t *d = dst;
    const uint8_t *s = src;
    while (n--)
        *d++ = *s++;
    return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
    uint8_t *d = dst;
    const uint8_t *s = src;
    if (d < s) {
        while (n--)
            *d++ = *s++;
    } else {
        while (n--)
            d[n] = s[n];
    }
    return dst;
}

void *memset(void *dst, int c, size_t n)
{
    uint8_t *d = dst;
    while (n--)
        *d++ = (uint8_t)c;
    return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const uint8_t *x = a, *y = b;
    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

size_t strlen(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

int strcmp(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return (unsigned char)*a - (unsigned char)*b;
}

static char out_buf[1024];
static size_t out_len;

void rt_flush(void)
{
    size_t done = 0;
    while (done < out_len) {
        long r = rt_sys_write(1, out_buf + done, out_len - done);
        if (r <= 0)
            rt_sys_exit(3);
        done += (size_t)r;
    }
    out_len = 0;
}

void rt_putc(char c)
{
    if (out_len == sizeof out_buf)
        rt_flush();
    out_buf[out_len++] = c;
}

void rt_puts(const char *s)
{
    while (*s)
        rt_putc(*s++);
}

/* Divide a u64 by 10 with 32-bit divisions only (hi, then two 16-bit steps). */
static uint64_t divmod10(uint64_t v, unsigned *rem)
{
    uint32_t hi = (uint32_t)(v >> 32), lo = (uint32_t)v;
    uint32_t qhi = hi / 10, r = hi % 10;
    uint32_t t = (r << 16) | (lo >> 16);
    uint32_t q1 = t / 10;
    r = t % 10;
    t = (r << 16) | (lo & 0xffffu);
    uint32_t q0 = t / 10;
    *rem = t % 10;
    return ((uint64_t)qhi << 32) | (q1 << 16) | q0;
}

void rt_put_u64(uint64_t v)
{
    char tmp[24];
    int n = 0;
    do {
        unsigned d;
        v = divmod10(v, &d);
        tmp[n++] = (char)('0' + d);
    } while (v);
    while (n)
        rt_putc(tmp[--n]);
}

void rt_put_hex(const uint8_t *p, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        rt_putc(digits[p[i] >> 4]);
        rt_putc(digits[p[i] & 15]);
    }
}

void rt_err(const char *s)
{
    rt_sys_write(2, s, strlen(s));
}

int rt_parse_u32_until(const char *s, char stop, uint32_t *out, const char **end)
{
    uint32_t v = 0;
    const char *p = s;
    if (*p < '0' || *p > '9')
        return -1;
    while (*p >= '0' && *p <= '9') {
        uint32_t d = (uint32_t)(*p - '0');
        if (v > (0xffffffffu - d) / 10)
            return -1; /* overflow */
        v = v * 10 + d;
        p++;
    }
    if (*p != '\0' && *p != stop)
        return -1;
    *out = v;
    if (end)
        *end = p;
    return 0;
}

int rt_parse_u32(const char *s, uint32_t *out)
{
    return rt_parse_u32_until(s, '\0', out, NULL);
}
