/*
 * config_check.c - see config_check.h. A bad config is a copy of the good
 * one (in allocated memory, so it keeps the config's type) whose first
 * fields are changed.
 */
#include "config_check.h"
#include "harness.h"
#include "tracedec.h"

#include <stdlib.h>
#include <string.h>

static void refused(const char *format, config_init init, void *decoder,
                    const void *cfg, int code, const char *what)
{
    int rc = init(decoder, cfg);
    expect(rc == code, "%s: init %s gives %s, want %s", format, what,
           td_error_name(rc), td_error_name(code));
}

void check_config(const char *format, config_init init, void *decoder,
                  const void *good, size_t size, uint32_t unknown_flag,
                  bool window)
{
    static const char *const what[4] = {
        "with a short config", "with an unknown flag", "without a window",
        "with a window one byte short"};
    size_t head_size = window ? sizeof(window_config)
                              : offsetof(window_config, memory);
    window_config head;
    int k;
    refused(format, init, NULL, good, TD_E_INVALID_ARGUMENT,
            "without a decoder");
    refused(format, init, decoder, NULL,
            window ? TD_E_INVALID_ARGUMENT : TD_OK, "without a config");
    for (k = 0; k < (window ? 4 : 2); k++) {
        void *bad = malloc(size);
        memcpy(&head, good, head_size);
        if (k == 0)
            head.size--;
        else if (k == 1)
            head.flags = unknown_flag;
        else if (k == 2)
            head.memory = NULL;
        else
            head.memory_size--;
        memcpy(bad, good, size);
        memcpy(bad, &head, head_size);
        refused(format, init, decoder, bad,
                k == 3 ? TD_E_BAD_CONFIG : TD_E_INVALID_ARGUMENT, what[k]);
        free(bad);
    }
    refused(format, init, decoder, good, TD_OK, "with a good config");
}
