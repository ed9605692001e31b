/**
 * The V8 flags of the test run (package.json's test script), for the Node processes tests start (the
 * CLI, the service): `--liftoff-only` keeps PGlite's WebAssembly on V8's baseline compiler. The
 * optimising compiler's work on it never pays back in a process that lives seconds, and a process
 * waits for that work to end before it exits (one to two seconds each on the CI machine).
 */
export const NODE_FLAGS: readonly string[] = process.execArgv.filter((flag) => flag === '--liftoff-only');
