#ifndef SPEECH_REPLAY_DISPATCH_CAPTURE_H
#define SPEECH_REPLAY_DISPATCH_CAPTURE_H

#include <stdint.h>

/// Which call reached the capture, and on which kind of queue.
typedef enum {
  SPEECH_REPLAY_DISPATCH_MAIN_ASYNC = 0,
  SPEECH_REPLAY_DISPATCH_MAIN_AFTER = 1,
  SPEECH_REPLAY_DISPATCH_MAIN_SYNC = 2,
  SPEECH_REPLAY_DISPATCH_GLOBAL_ASYNC = 3,
  SPEECH_REPLAY_DISPATCH_GLOBAL_AFTER = 4,
  /// `CFRunLoopAddTimer`: a Foundation `Timer` the run-loop timer hook did not take (`block` is NULL).
  SPEECH_REPLAY_RUN_LOOP_TIMER = 5,
} speech_replay_dispatch_call;

/// Called for a block sent to the main queue or a global queue while a hook is set. `delay` is the
/// nanoseconds until a `dispatch_after` deadline, measured on the real clock at the call (-1: never;
/// 0 otherwise); `when` is that deadline as the app passed it (0 otherwise). Returns nonzero when the
/// hook took the block (it then owns a copy made with `speech_replay_block_copy`); zero sends the
/// call on to libdispatch unchanged.
typedef int (*speech_replay_dispatch_hook)(void *block, int64_t delay, uint64_t when, speech_replay_dispatch_call call);

/// Sets (or, with NULL, removes) the process-wide hook.
void speech_replay_set_dispatch_hook(speech_replay_dispatch_hook hook);

/// Called from `dispatch_time` when it reads the clock (`when` is `DISPATCH_TIME_NOW`, as for
/// `DispatchTime.now()`), on the calling thread, with the real "now" it read (libdispatch's value).
typedef void (*speech_replay_dispatch_now_hook)(uint64_t real_now);

/// Sets (or, with NULL, removes) the process-wide "now" hook.
void speech_replay_set_dispatch_now_hook(speech_replay_dispatch_now_hook hook);

/// Called from `CFRunLoopAddTimer` while both hooks are set, with the timer context's `info` (the
/// Foundation `Timer`, unretained) and which run loop it goes to (1: the main thread's, 2: the calling
/// thread's own, 0: another). Returns nonzero when the hook took the timer (it is then not added to
/// the real run loop); zero reports it through the dispatch hook and adds it as before.
typedef int (*speech_replay_run_loop_timer_hook)(void *timer_info, int run_loop_kind);

/// Sets (or, with NULL, removes) the process-wide run-loop timer hook.
void speech_replay_set_run_loop_timer_hook(speech_replay_run_loop_timer_hook hook);

/// Called from `_CFIsMainThread` (Foundation's `Thread.isMainThread` and `OperationQueue.current`) while
/// set: nonzero makes the calling thread count as the main thread.
typedef int (*speech_replay_main_thread_hook)(void);

/// Sets (or, with NULL, removes) the process-wide main-thread hook.
void speech_replay_set_main_thread_hook(speech_replay_main_thread_hook hook);

/// A heap copy of a block the hook keeps.
void *speech_replay_block_copy(void *block);

/// Calls a block kept with `speech_replay_block_copy` once and releases it.
void speech_replay_block_run_and_release(void *block);

/// Calls a block the caller does not own (a `dispatch_sync` block), without releasing it.
void speech_replay_block_invoke(void *block);

/// Releases a kept block without calling it.
void speech_replay_block_release(void *block);

#endif
