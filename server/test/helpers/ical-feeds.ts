// The feed server and fixtures moved to test-support, where the website's and the desktop's
// browser tests use them too.
export * from '../../../test-support/ical-feeds';
