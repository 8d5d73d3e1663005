// xray_workload.cc - a program that writes real XRay traces for the oracle
// tests: threads, recursion, argument logging, tail calls, custom and typed
// events, long sleeps (TSC wraps), and buffer recycling or exhaustion.
//
//   xray_workload fdr|basic [threads=N] [depth=N] [iters=N] [sleep_ms=N]
//                 [custom=1] [typed=1] [tail_event=1]
//                 [fdr=buffer_size=..:buffer_max=..]
// Basic mode needs XRAY_OPTIONS="patch_premain=true xray_mode=xray-basic".
// Custom and typed events need a -O0 build (clang-14 sleds crash at -O1+).
#include <xray/xray_interface.h>
#include <xray/xray_log_interface.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

static int threads = 2, depth = 3, iters = 3, sleep_ms = 0;
static bool custom = false, typed = false, tail_event = false;
static volatile int sink;

[[clang::xray_always_instrument]] __attribute__((noinline)) int leaf(int x)
{
    sink = sink + x;
    return x * 2;
}

[[clang::xray_always_instrument]] __attribute__((noinline)) int rec(int d)
{
    if (d <= 0)
        return leaf(d);
    return rec(d - 1) + 1;
}

[[clang::xray_always_instrument, clang::xray_log_args(1)]]
__attribute__((noinline)) int with_args(int x)
{
    return leaf(x) + 1;
}

[[clang::xray_always_instrument]] __attribute__((noinline)) int
tail_callee(int x)
{
    sink = sink ^ x;
    return x + sink;
}

[[clang::xray_always_instrument]] __attribute__((noinline)) int
tail_caller(int x)
{
    sink = sink + 1;
    return tail_callee(x * 3);
}

[[clang::xray_always_instrument]] __attribute__((noinline)) void
custom_event(int i)
{
    char text[32];
    int n = snprintf(text, sizeof text, "custom event %d", i);
    __xray_customevent(text, (size_t)n);
}

[[clang::xray_always_instrument]] __attribute__((noinline)) void
typed_event(int i)
{
    char text[32];
    int n = snprintf(text, sizeof text, "typed %d", i);
    __xray_typedevent((size_t)(i % 3 + 1), text, (size_t)n);
}

// A 40-byte custom event last: with compiler-rt 14's typed-event extents
// bug, the bytes cut from the buffer end inside its payload.
[[clang::xray_always_instrument]] __attribute__((noinline)) void last_event()
{
    static const char text[] = "the last event of the thread, 40 bytes..";
    __xray_customevent(text, 40);
}

[[clang::xray_always_instrument]] __attribute__((noinline)) void work(int t)
{
    for (int i = 0; i < iters; i++) {
        rec(depth + t % 2);
        with_args(i + t * 100);
        tail_caller(i);
        if (custom)
            custom_event(i);
        if (typed)
            typed_event(i);
        if (sleep_ms > 0 && i == 0)
            usleep((useconds_t)sleep_ms * 1000u);
    }
}

int main(int argc, char **argv)
{
    std::string mode = argc > 1 ? argv[1] : "fdr";
    std::string fdr = "buffer_size=16384:buffer_max=10";
    for (int i = 2; i < argc; i++) {
        std::string a = argv[i];
        size_t eq = a.find('=');
        std::string k = a.substr(0, eq), v = a.substr(eq + 1);
        if (k == "threads") threads = atoi(v.c_str());
        else if (k == "depth") depth = atoi(v.c_str());
        else if (k == "iters") iters = atoi(v.c_str());
        else if (k == "sleep_ms") sleep_ms = atoi(v.c_str());
        else if (k == "custom") custom = v == "1";
        else if (k == "typed") typed = v == "1";
        else if (k == "tail_event") tail_event = v == "1";
        else if (k == "fdr") fdr = v;
    }
    if (mode == "fdr") {
        std::string options = fdr + ":func_duration_threshold_us=0";
        __xray_log_select_mode("xray-fdr");
        if (__xray_log_init_mode("xray-fdr", options.c_str()) !=
            XRayLogInitStatus::XRAY_LOG_INITIALIZED)
            return 3;
        __xray_patch();
    }
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; t++)
        pool.emplace_back(work, t);
    work(0);
    for (auto &th : pool)
        th.join();
    if (tail_event)
        last_event();
    if (mode == "fdr") {
        __xray_log_finalize();
        __xray_log_flushLog();
    }
    return 0;
}
