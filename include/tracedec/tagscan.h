/*
 * tracedec/tagscan.h - a tolerant, freestanding XML tag scanner.
 *
 * It reads "XML" that is not necessarily well formed, such as UMTracer's
 * trace.xml, which holds several top-level elements after its declaration,
 * and reports element paths and text:
 *
 *     <?xml version="1.0"?>            skipped (declarations, processing
 *     <Xed><Version>20130904</Version></Xed>   instructions, comments,
 *     <App a="1"><ProcessID>42</ProcessID></App> DOCTYPE, CDATA sections
 *                                      and attributes are skipped)
 * gives
 *     START /Xed, START /Xed/Version, TEXT /Xed/Version "20130904",
 *     END /Xed/Version, END /Xed, START /App, START /App/ProcessID, ...
 *
 * Any number of top-level elements is accepted; text outside every element
 * is ignored. A self-closing tag gives START then END. Text is raw: entity
 * references are not expanded, leading white space of a run is skipped and
 * a run of white space alone gives nothing. A text run may arrive in several
 * TEXT fragments (where the host's spans cut it); it ends at the next START
 * or END event.
 *
 * The scanner follows the contract at the top of <tracedec.h>: forward
 * only, no workspace, sizeof(td_tagscan_decoder) <= 320 bytes. Paths are bounded:
 * at most TD_TAGSCAN_DEPTH_MAX elements and TD_TAGSCAN_PATH_MAX bytes
 * ('/' separators included); deeper or longer paths stop the scan with
 * TD_E_TAGSCAN_LIMIT.
 */
#ifndef TRACEDEC_TAGSCAN_H
#define TRACEDEC_TAGSCAN_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TD_TAGSCAN_PATH_MAX 128
#define TD_TAGSCAN_DEPTH_MAX 32

enum td_tagscan_kind {
    TD_TAGSCAN_EV_START = 1, /* an element opens: path ends with its name */
    TD_TAGSCAN_EV_TEXT = 2,  /* a fragment of the innermost element's text */
    TD_TAGSCAN_EV_END = 3    /* an element closes: path still names it */
};

typedef struct td_tagscan_event {
    int kind;         /* enum td_tagscan_kind */
    uint32_t flags;   /* always 0: a text run ends at the next START or END,
                         not with a TD_LAST_FRAGMENT */
    uint64_t offset;  /* START/END: offset of the tag's '<';
                         TEXT: offset of the fragment */
    uint64_t size;    /* bytes of the tag, or of the fragment */
    const char *path; /* "/A/B": not NUL-terminated, path_len bytes;
                         valid until the next call */
    size_t path_len;
    unsigned depth;      /* elements in the path */
    const uint8_t *text; /* TEXT: the fragment, valid until the next call */
    size_t text_len;
    uint64_t text_pos; /* TEXT: position of text[0] within its run */
} td_tagscan_event;

/* The scanner's state, without its input (fields are private). */
typedef struct td_tagscan_state {
    uint64_t mark;     /* offset of the '<' of the tag being read */
    uint64_t text_pos; /* bytes of the current text run delivered */
    uint16_t path_len;
    uint16_t name_start; /* where the innermost name starts in path */
    uint8_t depth;
    uint8_t state;
    uint8_t count;   /* characters of a delimiter matched so far */
    uint8_t quote;   /* inside an attribute value: its quote, else 0 */
    uint8_t slash;   /* the last character of a start tag was '/' */
    uint8_t pop;     /* the element reported by END must be removed */
    uint8_t end_due; /* a self-closing tag still owes its END */
    uint8_t in_text; /* a text run has started */
    char path[TD_TAGSCAN_PATH_MAX];
} td_tagscan_state;

/* What td_tagscan_init needs (the API shape at the top of <tracedec.h>).
 * A NULL config means all zero. */
typedef struct td_tagscan_config {
    size_t size;     /* sizeof(td_tagscan_config) */
    uint32_t flags;  /* none yet: 0 */
    uint32_t source; /* the number the requests name (0 when the scanner
                        is used alone) */
} td_tagscan_config;

typedef struct td_tagscan_decoder {
    td_input in;
    td_fault fault;
    uint32_t source; /* the config's, kept for reset */
    td_tagscan_state st;
} td_tagscan_decoder;

/* Prepare a scanner; cfg may be NULL. Returns TD_OK or
 * TD_E_INVALID_ARGUMENT (NULL scanner, cfg->size below
 * sizeof(td_tagscan_config), any flag: none is defined yet). */
int td_tagscan_init(td_tagscan_decoder *s, const td_tagscan_config *cfg);

/* Start again at the beginning of the input, with the same config.
 * Returns TD_OK or TD_E_INVALID_ARGUMENT (NULL scanner). */
int td_tagscan_reset(td_tagscan_decoder *s);

/* TD_EVENT, TD_NEED_INPUT, TD_END (the input ended outside every element),
 * or an error, sticky until reset: TD_E_TRUNCATED (the input ends inside a
 * tag, a comment or an open element), TD_E_TAGSCAN_SYNTAX,
 * TD_E_TAGSCAN_MISMATCH, TD_E_TAGSCAN_LIMIT, TD_E_INVALID_ARGUMENT (NULL
 * scanner or event). Pointers in *ev stay valid until the next call. */
int td_tagscan_next(td_tagscan_decoder *s, td_tagscan_event *ev);

/* request, feed, fault: as every decoder's (tracedec.h, THE DECODER
 * CONTRACT). feed returns TD_OK, TD_E_INVALID_ARGUMENT (NULL scanner),
 * TD_E_PROTOCOL (no request outstanding, NULL data with len > 0) or the
 * sticky error; request and fault return no error. */
const td_request *td_tagscan_request(const td_tagscan_decoder *s);
int td_tagscan_feed(td_tagscan_decoder *s, const void *data, size_t len);
const td_fault *td_tagscan_fault(const td_tagscan_decoder *s);

#ifdef __cplusplus
}
#endif

#endif /* TRACEDEC_TAGSCAN_H */
