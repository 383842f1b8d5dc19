#include "OneThreadExecutor.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

// The Swift runtime's hooks and entry points, as swift/Runtime/Concurrency.h declares them:
// Swift's calling convention (`swiftcall`), an executor as two words.
typedef struct SwiftJob SwiftJob;
typedef struct {
  const void *identity;
  uintptr_t implementation;
} SerialExecutorRef;
typedef __attribute__((swiftcall)) void (*EnqueueOriginal)(SwiftJob *job);
extern __attribute__((swiftcall)) void (*swift_task_enqueueGlobal_hook)(SwiftJob *job, EnqueueOriginal original);
extern __attribute__((swiftcall)) void (*swift_task_enqueueGlobalWithDelay_hook)(
    unsigned long long delay, SwiftJob *job, EnqueueOriginal original);
extern __attribute__((swiftcall)) void (*swift_task_enqueueGlobalWithDeadline_hook)(
    long long seconds, long long nanoseconds, long long toleranceSeconds, long long toleranceNanoseconds, int clock,
    SwiftJob *job, EnqueueOriginal original);
__attribute__((swiftcall)) void swift_job_run(SwiftJob *job, SerialExecutorRef executor);

typedef struct Entry {
  SwiftJob *job;
  struct Entry *next;
} Entry;

// Locked, although the simulation's jobs are all queued on its thread: a job queued from another
// thread (by code that resumes a task from its own thread) still lands safely.
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static Entry *first, *last;

static __attribute__((swiftcall)) void enqueue(SwiftJob *job, EnqueueOriginal original) {
  (void)original;  // the global executor never sees the job
  Entry *entry = malloc(sizeof *entry);
  if (!entry) abort();
  entry->job = job;
  entry->next = NULL;
  pthread_mutex_lock(&lock);
  if (last) last->next = entry; else first = entry;
  last = entry;
  pthread_mutex_unlock(&lock);
}

static __attribute__((swiftcall)) void refuseDelay(unsigned long long delay, SwiftJob *job, EnqueueOriginal original) {
  (void)delay, (void)job, (void)original;
  fputs("one-thread executor: a task waits on a real clock; every wait of a simulation is on its own clock\n", stderr);
  abort();
}

static __attribute__((swiftcall)) void refuseDeadline(
    long long seconds, long long nanoseconds, long long toleranceSeconds, long long toleranceNanoseconds, int clock,
    SwiftJob *job, EnqueueOriginal original) {
  (void)seconds, (void)nanoseconds, (void)toleranceSeconds, (void)toleranceNanoseconds, (void)clock;
  refuseDelay(0, job, original);
}

void one_thread_executor_install(void) {
  swift_task_enqueueGlobal_hook = enqueue;
  swift_task_enqueueGlobalWithDelay_hook = refuseDelay;
  swift_task_enqueueGlobalWithDeadline_hook = refuseDeadline;
}

bool one_thread_executor_run_next(void) {
  pthread_mutex_lock(&lock);
  Entry *entry = first;
  if (entry) {
    first = entry->next;
    if (!first) last = NULL;
  }
  pthread_mutex_unlock(&lock);
  if (!entry) return false;
  SwiftJob *job = entry->job;
  free(entry);
  // The generic executor (no identity): the job runs as the global executor would run it.
  swift_job_run(job, (SerialExecutorRef){NULL, 0});
  return true;
}
