// The server engineer's harness: the real Koa app on an ephemeral port with a temp data folder.
export { startTestServer, type TestServer } from '../../../server/test/helpers/test-server';
