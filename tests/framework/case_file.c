/*
 * case_file.c - see case_file.h. The file is read line by line: prose,
 * a case's title, or a fenced block, whose lines are kept as they are
 * (results) or parsed as offset, label and bytes (hex). Writing cuts each
 * hex block into the format's records, a line each (longer ones wrapped
 * every 16 bytes), runs of 8 bytes or more written hh*N.
 */
#include "case_file.h"
#include "harness.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RUN_MIN 8    /* a run of this many equal bytes is written hh*N */
#define LINE_COLUMNS 16 /* bytes a hex line shows (a run counts 2) */
#define LABEL_MAX 28 /* widest label column */

/* ---- Growable text -------------------------------------------------------
 */

typedef struct text {
    char *p;
    size_t len, cap;
} text;

static void add(text *t, const char *s, size_t n)
{
    t->p = grow(t->p, &t->cap, t->len + n + 1, 1);
    memcpy(t->p + t->len, s, n);
    t->len += n;
    t->p[t->len] = '\0';
}

static void add_str(text *t, const char *s)
{
    add(t, s, strlen(s));
}

static void add_fmt(text *t, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    add(t, buf, n < (int)sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* The text, "" when nothing was added; the caller owns it. */
static char *take(text *t)
{
    char *p = t->p ? t->p : strdup("");
    memset(t, 0, sizeof *t);
    return p;
}

/* ---- Blocks --------------------------------------------------------------
 */

case_block *case_block_of(const golden_case *c, const char *info)
{
    unsigned i;
    for (i = 0; i < c->count; i++) {
        const char *b = c->blocks[i].info;
        if (strcmp(b, info) == 0 ||
            (strncmp(b, "hex ", 4) == 0 && strcmp(b + 4, info) == 0))
            return &c->blocks[i];
    }
    return NULL;
}

bool case_block_is_hex(const case_block *b)
{
    return strncmp(b->info, "hex ", 4) == 0;
}

const char *case_block_file(const case_block *b)
{
    return b->info + 4;
}

void case_block_set_bytes(case_block *b, const uint8_t *bytes, size_t len,
                          const uint64_t *members, unsigned member_count)
{
    free(b->bytes);
    free(b->members);
    b->bytes = malloc(len ? len : 1);
    memcpy(b->bytes, bytes, len);
    b->len = len;
    b->members = malloc((member_count ? member_count : 1) *
                        sizeof *b->members);
    memcpy(b->members, members, member_count * sizeof *members);
    b->member_count = member_count;
}

void case_block_set_text(case_block *b, const char *t)
{
    free(b->text);
    b->text = strdup(t);
}

/* ---- Reading -------------------------------------------------------------
 */

typedef struct reader {
    case_file *f;
    text head, about, block_text;
    text bytes, members; /* of the hex block being read */
    case_block *block;   /* the block being read, or NULL */
    char *error;
    size_t error_size;
    unsigned line_no;
} reader;

static int fail(reader *r, const char *what)
{
    snprintf(r->error, r->error_size, "%s:%u: %s", r->f->path, r->line_no,
             what);
    return -1;
}

static golden_case *current(reader *r)
{
    return r->f->count ? &r->f->cases[r->f->count - 1] : NULL;
}

static char *trimmed(const char *s, size_t n)
{
    while (n > 0 && isspace((unsigned char)*s)) {
        s++;
        n--;
    }
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        n--;
    return strndup(s, n);
}

/* The description without its blank first and last lines. */
static char *description(text *t)
{
    char *all = take(t), *p = all, *out;
    size_t n = strlen(all);
    while (*p == '\n') {
        p++;
        n--;
    }
    while (n >= 2 && p[n - 1] == '\n' && p[n - 2] == '\n')
        n--;
    out = strndup(p, n);
    free(all);
    return out;
}

static void end_case(reader *r)
{
    golden_case *c = current(r);
    if (c != NULL)
        c->about = description(&r->about);
}

static void begin_case(reader *r, const char *line, size_t n)
{
    golden_case *c;
    end_case(r);
    r->f->cases =
        realloc(r->f->cases, (r->f->count + 1) * sizeof *r->f->cases);
    c = &r->f->cases[r->f->count++];
    memset(c, 0, sizeof *c);
    c->name = trimmed(line + 3, n - 3);
}

static int begin_block(reader *r, const char *line, size_t n)
{
    golden_case *c = current(r);
    if (c == NULL)
        return fail(r, "a block before the first case (## NAME)");
    c->blocks = realloc(c->blocks, (c->count + 1) * sizeof *c->blocks);
    r->block = &c->blocks[c->count++];
    memset(r->block, 0, sizeof *r->block);
    r->block->info = trimmed(line + 3, n - 3);
    return 0;
}

static void end_block(reader *r)
{
    case_block *b = r->block;
    if (case_block_is_hex(b)) {
        b->len = r->bytes.len;
        b->bytes = (uint8_t *)take(&r->bytes);
        b->member_count = (unsigned)(r->members.len / sizeof(uint64_t));
        b->members = (uint64_t *)take(&r->members);
    } else {
        b->text = take(&r->block_text);
    }
    r->block = NULL;
}

static int hex_digit(int ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    ch = tolower(ch);
    return ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

/* One token, hh or hh*N, at *s; advances it. */
static int hex_token(reader *r, const char **s)
{
    const char *p = *s;
    int hi = hex_digit(p[0]), lo = hi < 0 ? -1 : hex_digit(p[1]);
    unsigned long count = 1;
    unsigned char byte;
    char *end;
    if (lo < 0)
        return fail(r, "a byte is not two hex digits");
    byte = (unsigned char)(hi << 4 | lo);
    p += 2;
    if (*p == '*') {
        count = strtoul(p + 1, &end, 10);
        if (end == p + 1 || count == 0)
            return fail(r, "hh*N needs a count");
        p = end;
    }
    if (*p != '\0' && !isspace((unsigned char)*p))
        return fail(r, "bytes are hh or hh*N, separated by spaces");
    while (count-- > 0)
        add(&r->bytes, (const char *)&byte, 1);
    *s = p;
    return 0;
}

static int hex_line(reader *r, const char *line, size_t n)
{
    char *copy = strndup(line, n), *bar = strchr(copy, '|'), *end;
    const char *p;
    unsigned long long offset;
    int rc = 0;
    char *word = trimmed(copy, n);
    bool member = bar == NULL && strncmp(word, "member", 6) == 0;
    if (word[0] == '\0' || member) {
        uint64_t at = r->bytes.len;
        if (member)
            add(&r->members, (const char *)&at, sizeof at);
        free(word);
        free(copy);
        return 0;
    }
    free(word);
    if (bar == NULL) {
        free(copy);
        return fail(r, "a hex line is OFFSET LABEL | BYTES");
    }
    offset = strtoull(copy, &end, 16);
    if (end == copy || offset != r->bytes.len) {
        char what[100];
        snprintf(what, sizeof what, "the offset should be %zx",
                 r->bytes.len);
        free(copy);
        return fail(r, what);
    }
    for (p = bar + 1; rc == 0;) {
        while (isspace((unsigned char)*p))
            p++;
        if (*p == '\0')
            break;
        rc = hex_token(r, &p);
    }
    free(copy);
    return rc;
}

static int read_line(reader *r, const char *line, size_t n)
{
    bool fence = n >= 3 && strncmp(line, "```", 3) == 0;
    if (r->block != NULL && fence && n == 3) {
        end_block(r);
        return 0;
    }
    if (r->block != NULL && case_block_is_hex(r->block))
        return hex_line(r, line, n);
    if (r->block != NULL) {
        add(&r->block_text, line, n);
        add(&r->block_text, "\n", 1);
        return 0;
    }
    if (fence)
        return begin_block(r, line, n);
    if (n >= 3 && strncmp(line, "## ", 3) == 0) {
        begin_case(r, line, n);
        return 0;
    }
    add(current(r) ? &r->about : &r->head, line, n);
    add(current(r) ? &r->about : &r->head, "\n", 1);
    return 0;
}

int case_file_read(const char *path, case_file *f, char *error,
                   size_t error_size)
{
    reader r;
    size_t len;
    char *data = (char *)read_file(path, &len), *p;
    int rc = 0;
    memset(f, 0, sizeof *f);
    memset(&r, 0, sizeof r);
    f->path = strdup(path);
    r.f = f;
    r.error = error;
    r.error_size = error_size;
    if (data == NULL)
        return fail(&r, "cannot read the file");
    data = realloc(data, len + 1);
    data[len] = '\0';
    for (p = data; rc == 0 && p < data + len;) {
        char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        r.line_no++;
        rc = read_line(&r, p, n);
        p += n + (nl != NULL);
    }
    if (rc == 0 && r.block != NULL)
        rc = fail(&r, "a block is not closed");
    end_case(&r);
    f->head = take(&r.head);
    free(take(&r.block_text));
    free(take(&r.bytes));
    free(take(&r.members));
    free(data);
    return rc;
}

void case_file_free(case_file *f)
{
    unsigned i, k;
    for (i = 0; i < f->count; i++) {
        golden_case *c = &f->cases[i];
        for (k = 0; k < c->count; k++) {
            free(c->blocks[k].info);
            free(c->blocks[k].text);
            free(c->blocks[k].bytes);
            free(c->blocks[k].members);
        }
        free(c->blocks);
        free(c->name);
        free(c->about);
    }
    free(f->cases);
    free(f->head);
    free(f->path);
    memset(f, 0, sizeof *f);
}

/* ---- Writing -------------------------------------------------------------
 */

/* Where the member after `at` begins (or len). */
static size_t next_member(const case_block *b, size_t at)
{
    unsigned i;
    for (i = 0; i < b->member_count; i++)
        if (b->members[i] > at && b->members[i] < b->len)
            return (size_t)b->members[i];
    return b->len;
}

static bool member_at(const case_block *b, size_t at)
{
    unsigned i;
    for (i = 0; i < b->member_count; i++)
        if (b->members[i] == at)
            return true;
    return false;
}

/* The run of equal bytes at p (at most n). */
static size_t run_length(const uint8_t *p, size_t n)
{
    size_t k = 1;
    while (k < n && p[k] == p[0])
        k++;
    return k;
}

/* A record's lines: the label on the first, LINE_COLUMNS a line. */
static void record_lines(text *out, const case_block *b, size_t at,
                         size_t size, const char *label, int offset_width,
                         int label_width)
{
    size_t end = at + size, columns = LINE_COLUMNS;
    bool first = true;
    while (at < end) {
        size_t run = run_length(b->bytes + at, end - at);
        size_t width = run >= RUN_MIN ? 2 : 1;
        if (columns + width > LINE_COLUMNS) {
            add_fmt(out, "%s%0*zx %-*s |", first ? "" : "\n", offset_width,
                    at, label_width, first ? label : "");
            first = false;
            columns = 0;
        }
        if (run >= RUN_MIN) {
            add_fmt(out, " %02x*%zu", b->bytes[at], run);
        } else {
            add_fmt(out, " %02x", b->bytes[at]);
            run = 1;
        }
        columns += width;
        at += run;
    }
    add_str(out, "\n");
}

static void write_hex(text *out, const golden_case *c, const case_block *b,
                      record_fn records)
{
    char label[LABEL_MAX + 1];
    int offset_width = 4, label_width = 0;
    size_t at, size;
    while (b->len >> (4 * offset_width) != 0)
        offset_width++;
    for (at = 0; at < b->len; at += size) {
        size = records(c, b, at, label, sizeof label);
        label_width = (int)strlen(label) > label_width ? (int)strlen(label)
                                                       : label_width;
    }
    for (at = 0; at < b->len; at += size) {
        size_t limit = next_member(b, at) - at;
        if (member_at(b, at))
            add_str(out, "member\n");
        size = records(c, b, at, label, sizeof label);
        size = size < 1 ? 1 : size > limit ? limit : size;
        record_lines(out, b, at, size, label, offset_width, label_width);
    }
}

static void write_case(text *out, const golden_case *c, record_fn records)
{
    unsigned i;
    add_fmt(out, "## %s\n\n", c->name);
    if (c->about[0] != '\0') {
        add_str(out, c->about);
        add_str(out, "\n");
    }
    for (i = 0; i < c->count; i++) {
        const case_block *b = &c->blocks[i];
        add_fmt(out, "```%s\n", b->info);
        if (case_block_is_hex(b))
            write_hex(out, c, b, records);
        else
            add_str(out, b->text);
        add_str(out, i + 1 < c->count ? "```\n\n" : "```\n");
    }
}

int case_file_write(const case_file *f, record_fn records)
{
    text out = {NULL, 0, 0};
    unsigned i;
    int rc;
    add_str(&out, f->head);
    for (i = 0; i < f->count; i++) {
        if (i > 0)
            add_str(&out, "\n");
        write_case(&out, &f->cases[i], records);
    }
    rc = write_file(f->path, out.p, out.len);
    free(out.p);
    return rc;
}
