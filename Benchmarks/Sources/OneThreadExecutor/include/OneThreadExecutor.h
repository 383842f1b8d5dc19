#include <stdbool.h>

/// Routes every job Swift concurrency would hand its global executor (tasks that are not on
/// the main actor, and default actors such as `RemoteAllowlist`) into one queue, which the
/// thread that calls `one_thread_executor_run_next` runs, first in, first out.
///
/// With every task on one thread, "no job is left" means every task waits: on a clock, a
/// continuation, or nothing. A simulation then knows when it may move its clock, and the same
/// inputs give the same run. A job that asks to run after a real delay (`Task.sleep`, a
/// `ContinuousClock`) stops the process: in a simulation every wait is on its clock.
/// Jobs for the main actor are not routed here: keep them out of the simulation.
void one_thread_executor_install(void);

/// Runs the job that was queued first, if any. Returns whether there was one.
bool one_thread_executor_run_next(void);
