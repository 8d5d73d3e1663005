/*
 * config_check.h - what every init refuses, by the API shape
 * (include/tracedec.h): every config begins with size and flags, and init
 * refuses a NULL decoder, a config smaller than its own and an unknown
 * flag (TD_E_INVALID_ARGUMENT). A decoder with a window goes on with
 * memory and memory_size: its init refuses a NULL config or window
 * (TD_E_INVALID_ARGUMENT) and a window one byte short (TD_E_BAD_CONFIG);
 * the others take a NULL config as every setting 0.
 */
#ifndef TRACEDEC_TEST_CONFIG_CHECK_H
#define TRACEDEC_TEST_CONFIG_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The fields a config with a window begins with (size and flags alone
 * for the others). */
typedef struct window_config {
    size_t size;
    uint32_t flags;
    void *memory;
    size_t memory_size;
} window_config;

/* A format's init (td_FMT_init taking its config as a pointer). */
typedef int (*config_init)(void *decoder, const void *cfg);

/* init refuses every bad variation of `good` (a config of `size` bytes
 * that works), with `unknown_flag` for an unknown flag, takes a NULL
 * config unless `window`, and accepts `good`. */
void check_config(const char *format, config_init init, void *decoder,
                  const void *good, size_t size, uint32_t unknown_flag,
                  bool window);

#endif /* TRACEDEC_TEST_CONFIG_CHECK_H */
