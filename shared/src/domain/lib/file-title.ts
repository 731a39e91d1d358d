import { LIMITS } from '../config/limits';

/** A short run of letters or digits after the last dot: "jpg", "HEIC", "jpeg"; not " Pérez". */
const EXTENSION = /\.[a-z0-9]{1,5}$/i;

/** A dot between two digits is part of a number or date ("1.5", "2024.01.05"), not a separator. */
function dotsToSpaces(text: string): string {
  return text.replace(/\.+/g, (dots, at: number) => {
    const between = dots.length === 1 && /\d/.test(text[at - 1] ?? '') && /\d/.test(text[at + 1] ?? '');
    return between ? dots : ' ';
  });
}

/** Cuts to `max` UTF-16 units (what the server counts) without splitting an emoji in half. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = /[\uD800-\uDBFF]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return text.slice(0, cut).trim();
}

/**
 * A readable default caption from a photo's file name, for the owner or visitor to keep or edit:
 * "C:\Fotos\atardecer-en_la.playa.jpg" → "atardecer en la playa". Folders and the extension go;
 * dashes, underscores and dots between words become single spaces. Never empty ("Foto"), never
 * longer than a title may be.
 */
export function titleFromFileName(fileName: string): string {
  // Browsers give a bare name; the desktop app a whole path, from any system.
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const words = dotsToSpaces(base.replace(EXTENSION, '')).replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
  return clip(words || 'Foto', LIMITS.titleMax);
}
