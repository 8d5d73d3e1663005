/*
 * test_docs.c - README.md as a user runs it: every command-line example
 * (readme_examples.py; those on DynamoRIO's corpus apart, skipped without
 * it) and the C example (readme_c_example.sh).
 */
#include "harness.h"

static void test_readme_examples(void)
{
    run_script("python3",
               "python3 '%s/tests/docs/readme_examples.py' '%s' '%s'",
               test_root, test_root, tracedec_path());
}

static void test_readme_corpus_examples(void)
{
    run_script("../shared/corpus",
               "python3 '%s/tests/docs/readme_examples.py' '%s' '%s' --corpus",
               test_root, test_root, tracedec_path());
}

static void test_readme_c_example(void)
{
    run_script("an unsanitized build",
               "sh '%s/tests/docs/readme_c_example.sh' '%s' '%s'", test_root,
               test_root, tracedec_path());
}

const test_case docs_tests[] = {
    {"readme command-line examples", test_readme_examples},
    {"readme examples on the DynamoRIO corpus", test_readme_corpus_examples},
    {"readme C example", test_readme_c_example},
    {NULL, NULL},
};
