import { showEnglishHint } from './components/layout/english-hint';

/**
 * The one script of a Spanish page without islands (entry-server.tsx): for a browser that
 * prefers English, the suggestion of the English page. Without imports of its own, a few hundred
 * bytes. Pages with islands load it from their entry, for English browsers only.
 */
if (/^en/.test(navigator.language)) showEnglishHint();
