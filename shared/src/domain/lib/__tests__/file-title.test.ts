import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../config/limits';
import { titleFromFileName } from '../file-title';

describe('titleFromFileName', () => {
  it.each([
    // Separators: dashes, underscores, runs of them and of spaces become one space.
    ['atardecer-en_la-playa.jpg', 'atardecer en la playa'],
    ['IMG_2034-atardecer.jpg', 'IMG 2034 atardecer'],
    ['piscina__de  noche.HEIC', 'piscina de noche'],
    ['  --kiosco--  .png', 'kiosco'],
    // Dots between words separate them; dots inside numbers and dates stay.
    ['playa.tolu.jpg', 'playa tolu'],
    ['cabaña...vista.webp', 'cabaña vista'],
    ['foto 2024.01.05.jpg', 'foto 2024.01.05'],
    ['muelle 1.5 km.jpeg', 'muelle 1.5 km'],
    ['v2..3.png', 'v2 3'],
    // Only a short run of letters or digits after the last dot is an extension.
    ['IMG_2041.HEIC', 'IMG 2041'],
    ['Sr. Pérez en la playa', 'Sr Pérez en la playa'],
    ['sin extension', 'sin extension'],
    ['foto.', 'foto'],
    // Folders go, from any system (the desktop app gets whole paths).
    ['/fotos/IMG_2034-atardecer.jpg', 'IMG 2034 atardecer'],
    ['C:\\Fotos\\piscina__de  noche.HEIC', 'piscina de noche'],
    ['C:\\Fotos\\viaje.2024\\kiosco.jpg', 'kiosco'],
    // Nothing readable left: a neutral title the owner can change.
    ['.jpg', 'Foto'],
    ['__.png', 'Foto'],
    ['', 'Foto'],
  ])('%j → %j', (name, title) => {
    expect(titleFromFileName(name)).toBe(title);
  });

  it('stays within the title limit', () => {
    expect(titleFromFileName(`${'a'.repeat(300)}.png`)).toHaveLength(LIMITS.titleMax);
    expect(titleFromFileName(`${'a'.repeat(300)}.jpg`)).toHaveLength(120);
    // The cut lands after a space: no trailing blank.
    expect(titleFromFileName(`${'a'.repeat(119)} b.jpg`)).toBe('a'.repeat(119));
  });

  it('never cuts an emoji in half', () => {
    const title = titleFromFileName(`${'a'.repeat(LIMITS.titleMax - 1)}🌴🌴.jpg`);
    expect(title).toBe('a'.repeat(LIMITS.titleMax - 1));
    expect(titleFromFileName(`${'a'.repeat(LIMITS.titleMax - 2)}🌴🌴.jpg`)).toBe(
      `${'a'.repeat(LIMITS.titleMax - 2)}🌴`,
    );
  });
});
