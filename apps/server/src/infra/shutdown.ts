import { log } from './observability/logger';

/** How long a step of shutting down may run before the log names it, and again every as long after. */
const SLOW_STEP_MS = 10_000;

/**
 * Runs one step of shutting down (the HTTP server, the queue, the projection runner, the pools). A step still
 * running after SLOW_STEP_MS is logged as an error, then again every SLOW_STEP_MS: a shutdown that hangs names
 * the step that holds it.
 */
export async function shutdownStep(name: string, step: () => Promise<unknown>): Promise<void> {
  const started = Date.now();
  const timer = setInterval(
    () => log('shutdown').error({ step: name, ms: Date.now() - started }, 'shutdown step still running'),
    SLOW_STEP_MS,
  );
  timer.unref();
  try {
    await step();
  } finally {
    clearInterval(timer);
  }
}
