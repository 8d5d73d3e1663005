/*
 * split_plan.c - see split_plan.h.
 */
#include "split_plan.h"

split_plan one_span(void)
{
    split_plan p = {(size_t)-1 / 2, 0};
    return p;
}

split_plan chunks_of(size_t n)
{
    split_plan p = {n, 0};
    return p;
}

split_plan random_split(uint64_t seed)
{
    split_plan p = {0, seed * 0x9e3779b97f4a7c15u + 1};
    return p;
}

uint64_t xorshift64(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

size_t span_length(split_plan *plan)
{
    uint64_t r;
    if (plan->chunk != 0)
        return plan->chunk;
    r = xorshift64(&plan->seed);
    return (r & 15) == 0 ? 1 + (size_t)(r >> 8) % 4096
                         : 1 + (size_t)(r >> 8) % 64;
}
