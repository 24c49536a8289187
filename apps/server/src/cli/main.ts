import { runCli } from './cli';

// The operators' CLI: `npm run cli -- --help`. Same configuration, hence the same database, as the server.
const abort = new AbortController();
const interrupt = () => {
  if (abort.signal.aborted) process.exit(1); // a second Ctrl-C does not wait for the clean-up
  abort.abort(new Error('interrupted'));
};
process.on('SIGINT', interrupt);
process.on('SIGTERM', interrupt);
// `... | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  signal: abort.signal,
  // Loaded on demand, so that --help answers at once.
  projections: async () => (await import('@okul/projections')).allProjections,
  open: async () => {
    const [{ loadConfig }, { openPersistence }] = await Promise.all([
      import('../config/config'),
      import('../infra/persistence'),
    ]);
    return openPersistence(loadConfig(process.env), { owner: true });
  },
});
process.exitCode = code;
// Storage is closed by then; should a driver still hold the event loop, do not hang an operator's shell.
setTimeout(() => process.exit(code), 2000).unref();
