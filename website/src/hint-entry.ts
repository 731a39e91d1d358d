import { showEnglishHint } from './components/layout/english-hint';

/**
 * The one script of a Spanish page without islands, loaded on its own by every Spanish page
 * (entry-server.tsx): for a browser that prefers English, the suggestion of the English page.
 * Without imports of its own, a few hundred bytes.
 */
if (/^en/.test(navigator.language)) showEnglishHint();
