/*
 * drmem_shard.c - see drmem_shard.h.
 */
#include "drmem_shard.h"
#include "report.h"

int drmem_shard_start(drmem_shard *s, const cli *c, host *h,
                      const char *path)
{
    td_drmem_file_config cfg = {sizeof cfg, 0, s->window,
                                TD_DRMEM_FILE_WINDOW, TD_FORMAT_UNKNOWN};
    const uint8_t *head;
    size_t len;
    cli_fault unknown;
    int rc;
    if (host_head(h, 64, &head, &len) != 0) {
        report_path_problem(c, path, h->error);
        return EXIT_USAGE;
    }
    s->container = td_detect_format(head, len);
    cfg.container = s->container;
    cfg.flags = h->io == HOST_STREAM ? 0 : TD_ZIP_SEEKABLE;
    rc = td_drmem_file_init(&s->f, &cfg);
    if (rc == TD_E_INVALID_ARGUMENT) {
        cli_fault_set(&unknown, TD_E_UNKNOWN_FORMAT, 0,
                      "not a drmemtrace file");
        report_error(c, path, &unknown);
        return EXIT_INVALID;
    }
    if (rc != TD_OK) {
        report_path_problem(c, path, td_error_text(rc));
        return EXIT_USAGE;
    }
    return 0;
}
