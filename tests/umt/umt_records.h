/*
 * umt_records.h - how the files of a UMT trace are cut into records for
 * their case file's hex blocks (case_file.h), from the files' own
 * structure: headers, execution and syscall records where their offset
 * files say, table rows and extra areas, the context map's arrays, and
 * trace.xml's lines.
 */
#ifndef TRACEDEC_TEST_UMT_RECORDS_H
#define TRACEDEC_TEST_UMT_RECORDS_H

#include "case_file.h"

size_t umt_record(const golden_case *c, const case_block *b, size_t at,
                  char *label, size_t label_size);

#endif /* TRACEDEC_TEST_UMT_RECORDS_H */
