/*
 * test_list.h - every test file's table of tests, for run.c.
 */
#ifndef TRACEDEC_TEST_LIST_H
#define TRACEDEC_TEST_LIST_H

#include "harness.h"

extern const test_case input_tests[];
extern const test_case xray_tests[];
extern const test_case cli_tests[];
extern const test_case fuzz_tests[];
extern const test_case oracle_tests[];

int export_xray_cases(void);

#endif /* TRACEDEC_TEST_LIST_H */
