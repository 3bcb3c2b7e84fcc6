// Interposes libdispatch's dispatch_async, dispatch_after and dispatch_sync so that blocks sent to
// the main queue while a simulation runs become main-actor work in virtual time
// (Documentation/Simulation.md, "Dispatch"), and dispatch_time, so that a `DispatchTime.now()` read
// during a run places the deadlines built from it in virtual time exactly. The executable defines
// these symbols and the dynamic linker binds Swift's Dispatch overlay to them ahead of libdispatch's;
// every call that is not taken goes on to libdispatch's own function (found with RTLD_NEXT) unchanged.
//
// Blocks are handled as opaque pointers through the blocks ABI (a block is an object whose fourth
// field is its invoke function), so this file needs no -fblocks.
#define _GNU_SOURCE
#include "CDispatchCapture.h"

#if defined(__linux__)

#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *_Block_copy(const void *block);
extern void _Block_release(const void *block);

struct speech_replay_block_layout {
  void *isa;
  int flags;
  int reserved;
  void (*invoke)(void *block);
};

static _Atomic(speech_replay_dispatch_hook) current_hook = NULL;

void speech_replay_set_dispatch_hook(speech_replay_dispatch_hook hook) { atomic_store(&current_hook, hook); }

void *speech_replay_block_copy(void *block) { return _Block_copy(block); }

void speech_replay_block_run_and_release(void *block) {
  ((struct speech_replay_block_layout *)block)->invoke(block);
  _Block_release(block);
}

void speech_replay_block_invoke(void *block) { ((struct speech_replay_block_layout *)block)->invoke(block); }

void speech_replay_block_release(void *block) { _Block_release(block); }

/// A symbol looked up on first use and kept in `slot`. Threads may look it up at the same time (and
/// find the same address), so the slot is atomic: a plain static was a data race to ThreadSanitizer.
static void *lookup(_Atomic(void *) *slot, void *handle, const char *name) {
  void *symbol = atomic_load_explicit(slot, memory_order_acquire);
  if (!symbol) {
    symbol = dlsym(handle, name);
    atomic_store_explicit(slot, symbol, memory_order_release);
  }
  return symbol;
}

static _Atomic(speech_replay_dispatch_now_hook) current_now_hook = NULL;

void speech_replay_set_dispatch_now_hook(speech_replay_dispatch_now_hook hook) {
  atomic_store(&current_now_hook, hook);
}

/// libdispatch's own dispatch_time (not the one below: reading the clock here is not the app's `.now()`).
static uint64_t original_dispatch_time(uint64_t when, int64_t delta) {
  static _Atomic(void *) original_slot = NULL;
  uint64_t (*original)(uint64_t, int64_t) =
      (uint64_t(*)(uint64_t, int64_t))lookup(&original_slot, RTLD_NEXT, "dispatch_time");
  return original ? original(when, delta) : 0;
}

// Swift's Dispatch overlay calls dispatch_time(DISPATCH_TIME_NOW, 0) for `DispatchTime.now()` and
// dispatch_time(base, nanoseconds) for `+`. The value returned stays libdispatch's (real), so every
// deadline the simulation does not take works as before; a reading of "now" is also told to the hook.
uint64_t dispatch_time(uint64_t when, int64_t delta) {
  uint64_t result = original_dispatch_time(when, delta);
  speech_replay_dispatch_now_hook hook = atomic_load(&current_now_hook);
  if (hook && when == 0) {
    // libdispatch clamps an overflow to DISPATCH_TIME_FOREVER and an underflow to 1: read again then.
    int clamped = result == ~0ull || result <= 1;
    hook(delta == 0 ? result : (clamped ? original_dispatch_time(0, 0) : result - (uint64_t)delta));
  }
  return result;
}

/// 1 for the main queue, 2 for a global (root) queue, 0 for any other queue.
static int queue_kind(void *queue) {
  static _Atomic(void *) main_queue_slot = NULL, get_global_slot = NULL;
  void *main_queue = lookup(&main_queue_slot, RTLD_DEFAULT, "_dispatch_main_q");
  void *(*get_global)(long, unsigned long) =
      (void *(*)(long, unsigned long))lookup(&get_global_slot, RTLD_DEFAULT, "dispatch_get_global_queue");
  if (queue == main_queue) return 1;
  if (get_global) {
    // QOS_CLASS_USER_INTERACTIVE, USER_INITIATED, DEFAULT, UTILITY, BACKGROUND, UNSPECIFIED.
    static const long classes[] = {0x21, 0x19, 0x15, 0x11, 0x09, 0x00};
    for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++) {
      if (queue == get_global(classes[i], 0)) return 2;
    }
  }
  return 0;
}

/// Nanoseconds from now until a dispatch_time_t deadline; -1 for DISPATCH_TIME_FOREVER.
static int64_t delay_until(uint64_t when) {
  static _Atomic(void *) walltime_slot = NULL;
  if (when == ~0ull) return -1;
  uint64_t (*dispatch_walltime_fn)(const void *, int64_t) =
      (uint64_t(*)(const void *, int64_t))lookup(&walltime_slot, RTLD_DEFAULT, "dispatch_walltime");
  int64_t delay;
  if ((int64_t)when < 0) {
    // Wall-clock deadlines are encoded as minus their nanoseconds: a later one is smaller.
    delay = dispatch_walltime_fn ? (int64_t)(dispatch_walltime_fn(NULL, 0) - when) : 0;
  } else {
    uint64_t now = original_dispatch_time(when & (1ull << 62), 0);
    delay = now ? (int64_t)(when - now) : 0;
  }
  return delay < 0 ? 0 : delay;
}

static int offer(void *queue, void *block, int64_t delay, uint64_t when, int after, int sync) {
  speech_replay_dispatch_hook hook = atomic_load(&current_hook);
  if (!hook) return 0;
  switch (queue_kind(queue)) {
  case 1:
    return hook(block, delay, when,
                sync ? SPEECH_REPLAY_DISPATCH_MAIN_SYNC
                     : (after ? SPEECH_REPLAY_DISPATCH_MAIN_AFTER : SPEECH_REPLAY_DISPATCH_MAIN_ASYNC));
  case 2:
    if (sync) return 0;
    return hook(block, delay, when, after ? SPEECH_REPLAY_DISPATCH_GLOBAL_AFTER : SPEECH_REPLAY_DISPATCH_GLOBAL_ASYNC);
  default:
    return 0;
  }
}

void dispatch_async(void *queue, void *block) {
  static _Atomic(void *) original_slot = NULL;
  if (offer(queue, block, 0, 0, 0, 0)) return;
  void (*original)(void *, void *) = (void (*)(void *, void *))lookup(&original_slot, RTLD_NEXT, "dispatch_async");
  original(queue, block);
}

void dispatch_after(uint64_t when, void *queue, void *block) {
  static _Atomic(void *) original_slot = NULL;
  if (atomic_load(&current_hook) && offer(queue, block, delay_until(when), when, 1, 0)) return;
  void (*original)(uint64_t, void *, void *) =
      (void (*)(uint64_t, void *, void *))lookup(&original_slot, RTLD_NEXT, "dispatch_after");
  original(when, queue, block);
}

void dispatch_sync(void *queue, void *block) {
  static _Atomic(void *) original_slot = NULL;
  if (offer(queue, block, 0, 0, 0, 1)) return;
  void (*original)(void *, void *) = (void (*)(void *, void *))lookup(&original_slot, RTLD_NEXT, "dispatch_sync");
  original(queue, block);
}

static _Atomic(speech_replay_run_loop_timer_hook) current_timer_hook = NULL;

void speech_replay_set_run_loop_timer_hook(speech_replay_run_loop_timer_hook hook) {
  atomic_store(&current_timer_hook, hook);
}

/// CoreFoundation's CFRunLoopTimerContext: swift-corelibs-foundation's Timer keeps an unretained
/// pointer to itself in `info`.
struct speech_replay_run_loop_timer_context {
  long version;
  void *info;
  const void *(*retain)(const void *);
  void (*release)(const void *);
  void *(*copy_description)(const void *);
};

/// 1 for the main thread's run loop, 2 for the calling thread's own, 0 for any other.
static int run_loop_kind(void *run_loop) {
  static _Atomic(void *) get_main_slot = NULL, get_current_slot = NULL;
  void *(*get_main)(void) = (void *(*)(void))lookup(&get_main_slot, RTLD_DEFAULT, "CFRunLoopGetMain");
  void *(*get_current)(void) = (void *(*)(void))lookup(&get_current_slot, RTLD_DEFAULT, "CFRunLoopGetCurrent");
  if (get_main && run_loop == get_main()) return 1;
  if (get_current && run_loop == get_current()) return 2;
  return 0;
}

/// The `info` of a timer's context (its Foundation `Timer` on swift-corelibs-foundation), or NULL.
static void *timer_info(void *timer) {
  static _Atomic(void *) get_context_slot = NULL;
  void (*get_context)(void *, struct speech_replay_run_loop_timer_context *) =
      (void (*)(void *, struct speech_replay_run_loop_timer_context *))lookup(
          &get_context_slot, RTLD_DEFAULT, "CFRunLoopTimerGetContext");
  if (!get_context) return NULL;
  struct speech_replay_run_loop_timer_context context = {0, NULL, NULL, NULL, NULL};
  get_context(timer, &context);
  return context.info;
}

// Foundation's Timer.scheduledTimer and RunLoop.add(_:forMode:) reach CFRunLoopAddTimer (exported by
// libFoundation.so and called through its PLT). While a hook is set, the timer hook may take the
// timer (the simulation fires it in virtual time; it is then not added to the real run loop);
// otherwise the dispatch hook is told (an escape) and the timer is added as before.
void CFRunLoopAddTimer(void *run_loop, void *timer, void *mode) {
  static _Atomic(void *) original_slot = NULL;
  speech_replay_run_loop_timer_hook timer_hook = atomic_load(&current_timer_hook);
  if (timer_hook && atomic_load(&current_hook)) {
    void *info = timer_info(timer);
    int kind = run_loop_kind(run_loop);
    if (info && timer_hook(info, kind)) return;
  }
  speech_replay_dispatch_hook hook = atomic_load(&current_hook);
  if (hook) hook(NULL, 0, 0, SPEECH_REPLAY_RUN_LOOP_TIMER);
  void (*original)(void *, void *, void *) =
      (void (*)(void *, void *, void *))lookup(&original_slot, RTLD_NEXT, "CFRunLoopAddTimer");
  original(run_loop, timer, mode);
}

// Foundation's `Thread.isMainThread` and `OperationQueue.current` ask CoreFoundation's `_CFIsMainThread`
// through libFoundation.so's PLT. While a twin posts a system notification, the hook makes the
// simulation's thread count as the main thread, so that NotificationCenter runs an observer added with
// `queue: .main` at once instead of adding it to the main queue and waiting for that queue, which only
// this thread runs (Simulation+SystemPosts.swift).
static _Atomic(speech_replay_main_thread_hook) main_thread_hook = NULL;

void speech_replay_set_main_thread_hook(speech_replay_main_thread_hook hook) { atomic_store(&main_thread_hook, hook); }

unsigned char _CFIsMainThread(void) {
  static _Atomic(void *) original_slot = NULL;
  speech_replay_main_thread_hook hook = atomic_load(&main_thread_hook);
  if (hook && hook()) return 1;
  unsigned char (*original)(void) = (unsigned char (*)(void))lookup(&original_slot, RTLD_NEXT, "_CFIsMainThread");
  return original ? original() : 0;
}

#else
// Elsewhere (Darwin's two-level namespace) the calls cannot be interposed this way: the hook is
// kept but never called, and Dispatch work stays an escape.
void speech_replay_set_dispatch_hook(speech_replay_dispatch_hook hook) { (void)hook; }
void speech_replay_set_run_loop_timer_hook(speech_replay_run_loop_timer_hook hook) { (void)hook; }
void speech_replay_set_dispatch_now_hook(speech_replay_dispatch_now_hook hook) { (void)hook; }
void *speech_replay_block_copy(void *block) { return block; }
void speech_replay_block_run_and_release(void *block) { (void)block; }
void speech_replay_block_invoke(void *block) { (void)block; }
void speech_replay_block_release(void *block) { (void)block; }
void speech_replay_set_main_thread_hook(speech_replay_main_thread_hook hook) { (void)hook; }
#endif
