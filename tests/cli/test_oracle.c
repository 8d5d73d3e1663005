/*
 * test_oracle.c - compare tracedec with llvm-xray on traces that clang-14's
 * compiler-rt writes at test time (tests/cli/oracle/xray_oracle.sh; it exits
 * 77 when clang++, llvm-xray or the XRay runtime is missing).
 */
#include "harness.h"

static void test_oracle_xray(void)
{
    run_script("clang++, llvm-xray or libclang-rt-14-dev",
               "sh '%s/tests/cli/oracle/xray_oracle.sh' '%s' '%s'", test_root,
               test_tracedec, test_root);
}

const test_case oracle_tests[] = {
    {"oracle llvm-xray", test_oracle_xray},
    {NULL, NULL},
};
