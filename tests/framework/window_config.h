/*
 * window_config.h - what every init that takes a window refuses, by the
 * API shape (include/tracedec.h): the config of such a decoder begins
 * with size, flags, memory and memory_size, and init refuses a NULL
 * decoder or config, a config smaller than its own, an unknown flag and a
 * NULL window (TD_E_INVALID_ARGUMENT), and a window one byte short
 * (TD_E_BAD_CONFIG).
 */
#ifndef TRACEDEC_TEST_WINDOW_CONFIG_H
#define TRACEDEC_TEST_WINDOW_CONFIG_H

#include <stddef.h>
#include <stdint.h>

/* The fields such a config begins with. */
typedef struct window_config {
    size_t size;
    uint32_t flags;
    void *memory;
    size_t memory_size;
} window_config;

/* A format's init (td_FMT_init taking its config as a pointer). */
typedef int (*window_init)(void *decoder, const void *cfg);

/* init refuses every bad variation of `good` (a config of `size` bytes
 * that works), with `unknown_flag` for an unknown flag, and accepts
 * `good`. */
void check_window_config(const char *format, window_init init,
                         void *decoder, const void *good, size_t size,
                         uint32_t unknown_flag);

#endif /* TRACEDEC_TEST_WINDOW_CONFIG_H */
