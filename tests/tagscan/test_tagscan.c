/*
 * test_tagscan.c - the tolerant XML tag scanner on its own: what it
 * accepts (several top-level elements, declarations, comments, CDATA,
 * DOCTYPE, attributes with '>' in quotes, self-closing tags), what it
 * refuses (with code and offset), its limits, and the same events for
 * every chunking (through its test codec, codec_tagscan.c).
 */
#include "codec_tagscan.h"
#include "config_check.h"
#include "harness.h"
#include "sweep.h"

#include <string.h>

/* The outcome and log of one span, and the same in every chunk size up to
 * 17. */
static void check(const char *name, const char *xml, int status,
                  uint64_t offset, const char *want_log)
{
    static const plan_range chunks = {ANSWER_SPANS, 1, 17, NULL};
    static const test_config plain = {0, 0, 0};
    test_file f = test_file_of((const uint8_t *)xml, strlen(xml));
    test_input in = test_input_of(&f);
    test_result one = test_decode(&tagscan_codec, &in, &plain, plan_whole());
    expect(one.status == status, "%s: status %s, want %s", name,
           td_error_name(one.status), td_error_name(status));
    if (status < 0)
        expect(one.fault.offset == offset && one.fault.reason != NULL,
               "%s: error at %llu, want %llu", name,
               (unsigned long long)one.fault.offset,
               (unsigned long long)offset);
    if (want_log != NULL)
        expect(strcmp(one.log, want_log) == 0, "%s: log\n%s\nwant\n%s", name,
               one.log, want_log);
    sweep_plans(&tagscan_codec, name, &in, &plain, &chunks, 1);
    test_result_free(&one);
}

static void test_tagscan_accepts(void)
{
    check("several roots",
          "<?xml version=\"1.0\"?>\n<A><B>1</B></A>\n<C>two words</C>\n",
          TD_END, 0,
          "start /A @22+3 d1\nstart /A/B @25+3 d2\ntext /A/B \"1\"\n"
          "end /A/B @29+4 d2\nend /A @33+4 d1\nstart /C @38+3 d1\n"
          "text /C \"two words\"\nend /C @50+4 d1\n");
    check("comments, CDATA, DOCTYPE, PI",
          "<!DOCTYPE x [ <!ENTITY e \"v\"> ]><!-- a -- b --><X><?pi x?>"
          "<![CDATA[ <not> ]]>t</X>",
          TD_END, 0, NULL);
    check("attributes with '>' and '/' in quotes",
          "<A k='a>b' j=\"/>\"><B x=\"1\"/></A>", TD_END, 0,
          "start /A @0+18 d1\nstart /A/B @18+10 d2\nend /A/B @18+10 d2\n"
          "end /A @28+4 d1\n");
    check("white space skipped, mixed content",
          "<A>\n  <B>x</B>\n  tail \n</A>", TD_END, 0,
          "start /A @0+3 d1\nstart /A/B @6+3 d2\ntext /A/B \"x\"\n"
          "end /A/B @10+4 d2\ntext /A \"tail \n\"\nend /A @23+4 d1\n");
    check("empty input", "", TD_END, 0, "");
    check("text outside elements ignored", "junk <A/> junk", TD_END, 0,
          "start /A @5+4 d1\nend /A @5+4 d1\n");
    check("end tag with space", "<A>v</A >", TD_END, 0, NULL);
}

static void test_tagscan_refuses(void)
{
    char deep[400], longname[300];
    int i;
    check("mismatch", "<A><B></A>", TD_E_TAGSCAN_MISMATCH, 6, NULL);
    check("end tag at top level", "<A/></A>", TD_E_TAGSCAN_MISMATCH, 4, NULL);
    check("lone <", "<A>a < b</A>", TD_E_TAGSCAN_SYNTAX, 5, NULL);
    check("< in a tag", "<A <B>", TD_E_TAGSCAN_SYNTAX, 0, NULL);
    check("unclosed element", "<A><B>x</B>", TD_E_TRUNCATED, 11, NULL);
    check("cut inside a tag", "<A><B", TD_E_TRUNCATED, 3, NULL);
    check("cut inside a comment", "<A/><!-- x -", TD_E_TRUNCATED, 4, NULL);
    deep[0] = 0;
    for (i = 0; i < 33; i++)
        strcat(deep, "<a>");
    check("33 levels", deep, TD_E_TAGSCAN_LIMIT, 96, NULL);
    deep[0] = 0;
    for (i = 0; i < 32; i++)
        strcat(deep, "<a>");
    for (i = 0; i < 32; i++)
        strcat(deep, "</a>");
    check("32 levels", deep, TD_END, 0, NULL);
    memset(longname, 'n', sizeof longname);
    longname[0] = '<';
    longname[128] = '>';
    longname[129] = 0;
    check("a 127-byte name", longname, TD_E_TRUNCATED, 129, NULL);
    longname[128] = 'n';
    longname[129] = '>';
    longname[130] = 0;
    check("a 128-byte name", longname, TD_E_TAGSCAN_LIMIT, 0, NULL);
}

static int tagscan_init_any(void *d, const void *cfg)
{
    return td_tagscan_init(d, cfg);
}

static void test_tagscan_api(void)
{
    td_tagscan_decoder s;
    td_tagscan_event ev;
    td_tagscan_config cfg = {sizeof cfg, 0, 0};
    expect(sizeof(td_tagscan_decoder) <= 320, "td_tagscan_decoder is %zu bytes",
           sizeof(td_tagscan_decoder));
    expect(td_tagscan_init(NULL, NULL) == TD_E_INVALID_ARGUMENT, "NULL");
    check_config("tagscan", tagscan_init_any, &s, &cfg, sizeof cfg, 1,
                 false);
    td_tagscan_init(&s, NULL);
    expect(td_tagscan_next(&s, NULL) == TD_E_INVALID_ARGUMENT, "NULL event");
    expect(td_tagscan_next(&s, &ev) == TD_NEED_INPUT, "first request");
    expect(td_tagscan_feed(&s, "<A>", 3) == TD_OK, "feed");
    expect(td_tagscan_next(&s, &ev) == TD_EVENT && ev.kind == TD_TAGSCAN_EV_START,
           "start event");
    expect(td_tagscan_next(&s, &ev) == TD_NEED_INPUT, "more input");
    expect(td_tagscan_feed(&s, NULL, 0) == TD_OK, "end of input");
    expect(td_tagscan_next(&s, &ev) == TD_E_TRUNCATED &&
               td_tagscan_next(&s, &ev) == TD_E_TRUNCATED,
           "the error is sticky");
    expect(td_tagscan_reset(&s) == TD_OK && td_tagscan_fault(&s)->code == 0 &&
               td_tagscan_next(&s, &ev) == TD_NEED_INPUT &&
               td_tagscan_request(&s)->offset == 0,
           "reset forgets the error and the input");
    expect(td_tagscan_reset(NULL) == TD_E_INVALID_ARGUMENT, "reset NULL");
    cfg.source = 3;
    td_tagscan_init(&s, &cfg);
    td_tagscan_next(&s, &ev);
    td_tagscan_feed(&s, "<A/>", 4);
    expect(td_tagscan_next(&s, &ev) == TD_EVENT &&
               ev.kind == TD_TAGSCAN_EV_START && ev.flags == 0,
           "a start event, without flags");
    expect(td_tagscan_reset(&s) == TD_OK &&
               td_tagscan_next(&s, &ev) == TD_NEED_INPUT &&
               td_tagscan_request(&s)->source == 3 &&
               td_tagscan_request(&s)->offset == 0,
           "reset keeps the config's source");
}

const test_case tagscan_tests[] = {
    {"tagscan accepts", test_tagscan_accepts},
    {"tagscan refuses", test_tagscan_refuses},
    {"tagscan api", test_tagscan_api},
    {NULL, NULL},
};
