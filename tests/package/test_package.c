/*
 * test_package.c - what a packager ships: the installed libraries, headers,
 * tracedec.pc, manual page and completions (install_check.sh), the shared
 * library's exports (exports_check.sh), and the manual page and
 * completions against the usage text (manual_check.py).
 */
#include "harness.h"

static void test_package_install(void)
{
    run_script("pkg-config or cc",
               "sh '%s/tests/package/install_check.sh' '%s' '%s'", test_root,
               test_root, tracedec_path());
}

static void test_package_exports(void)
{
    run_script("nm", "sh '%s/tests/package/exports_check.sh' '%s' '%s'",
               test_root, test_root, tracedec_path());
}

static void test_package_manual(void)
{
    run_script("groff", "python3 '%s/tests/package/manual_check.py' '%s' '%s'",
               test_root, test_root, tracedec_path());
}

const test_case package_tests[] = {
    {"package install and uninstall", test_package_install},
    {"package shared library exports only td_", test_package_exports},
    {"package manual page and completions", test_package_manual},
    {NULL, NULL},
};
