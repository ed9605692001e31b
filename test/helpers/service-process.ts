/**
 * Runs the real service in a child process for tests that must kill it: settings from the environment,
 * the test generator in place of the product's one, retries after one second.
 */
import { loadConfig } from '../../src/config.ts';
import { startService } from '../../src/runtime.ts';
import { TEST_GENERATOR } from './test-context.ts';

const service = await startService(loadConfig(), { http: true, generatorModule: TEST_GENERATOR, retryDelaySeconds: 1 });
process.stdout.write('service ready\n');
process.on('SIGTERM', () => service.close().then(() => process.exit(0)));
