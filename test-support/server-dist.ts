import { buildServer } from './built-server';

/**
 * globalSetup of the projects whose tests start the built server or its command-line tools
 * (vitest.config.ts): server/dist is built once, before their files start.
 */
export default async function setup() {
  await buildServer();
}
