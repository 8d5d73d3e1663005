/*
 * capture.c - see capture.h. The outputs are open_memstream() FILEs
 * behind `out`s of their own.
 */
#include "capture.h"

#include <stdlib.h>
#include <string.h>

int capture_open(capture *k, const cli *parent)
{
    memset(k, 0, sizeof *k);
    k->out_file = open_memstream(&k->out_text, &k->out_len);
    k->err_file = open_memstream(&k->err_text, &k->err_len);
    if (k->out_file == NULL || k->err_file == NULL) {
        capture_close(k);
        return -1;
    }
    out_init(&k->out, k->out_file);
    out_init(&k->err, k->err_file);
    progress_init(&k->quiet, &k->out, &k->err, PROGRESS_OFF, false);
    k->c.opt = parent->opt;
    k->c.out = &k->out;
    k->c.err = &k->err;
    k->c.progress = &k->quiet;
    return 0;
}

/* Close the memory FILEs, their text kept in out_text and err_text. */
static void close_files(capture *k)
{
    if (k->out_file != NULL) {
        out_flush(&k->out);
        fclose(k->out_file);
    }
    if (k->err_file != NULL) {
        out_flush(&k->err);
        fclose(k->err_file);
    }
    k->out_file = k->err_file = NULL;
}

int capture_replay(capture *k, const cli *parent)
{
    int failed;
    close_files(k);
    failed = k->out.error != 0 || k->err.error != 0;
    if (k->out_len > 0)
        out_bytes(parent->out, k->out_text, k->out_len);
    if (k->err_len > 0) {
        out_flush(parent->out);
        progress_hide(parent->progress);
        out_bytes(parent->err, k->err_text, k->err_len);
        out_flush(parent->err);
    }
    capture_close(k);
    return failed ? -1 : 0;
}

void capture_close(capture *k)
{
    close_files(k);
    free(k->out_text);
    free(k->err_text);
    k->out_text = k->err_text = NULL;
    k->out_len = k->err_len = 0;
}
