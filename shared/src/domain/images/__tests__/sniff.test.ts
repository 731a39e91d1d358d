import { describe, expect, it } from 'vitest';
import { acceptedImageKind, sniffImage, SNIFF_BYTES, type ImageKind, type RefusedKind } from '../sniff';

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const concat = (...parts: Array<Uint8Array | string>) =>
  Uint8Array.from(parts.flatMap((p) => [...(typeof p === 'string' ? latin1(p) : p)]));

/** An ISO-BMFF ftyp box: size, 'ftyp', major brand, minor version, compatible brands. */
function ftyp(major: string, ...compatible: string[]): Uint8Array {
  const size = 16 + 4 * compatible.length;
  return concat(new Uint8Array([0, 0, 0, size]), 'ftyp', major, '\0\0\0\0', ...compatible);
}
/** A whole-looking file: the ftyp box followed by a meta box header. */
const heifFile = (major: string, ...compatible: string[]) => concat(ftyp(major, ...compatible), '\0\0\x01\x80meta');

const accepted: Array<[string, Uint8Array, ImageKind]> = [
  ['JPEG (JFIF)', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]), 'jpeg'],
  ['JPEG (Exif)', new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x12, 0x34, 0x45, 0x78, 0x69, 0x66]), 'jpeg'],
  ['PNG', concat('\x89PNG\r\n\x1a\n', '\0\0\0\rIHDR'), 'png'],
  ['WebP (lossy)', latin1('RIFF\x24\0\0\0WEBPVP8 '), 'webp'],
  ['WebP (lossless)', latin1('RIFF\x24\0\0\0WEBPVP8L'), 'webp'],
  ['AVIF image', heifFile('avif', 'mif1', 'miaf'), 'avif'],
  ['AVIF sequence', heifFile('avis', 'avis', 'msf1', 'miaf'), 'avif'],
  ['AVIF under mif1', heifFile('mif1', 'avif'), 'avif'],
  ['HEIC from an iPhone (heic: mif1 heic miaf)', heifFile('heic', 'mif1', 'heic', 'miaf', 'MiHB'), 'heic'],
  ['HEIC, major heic with no compatible brands', heifFile('heic'), 'heic'],
  ['HEIC 10-bit (heix)', heifFile('heix', 'mif1', 'heix'), 'heic'],
  ['HEVC image sequence (hevc)', heifFile('hevc', 'msf1', 'hevc'), 'heic'],
  ['HEVC 10-bit image sequence (hevx)', heifFile('hevx', 'msf1', 'hevx'), 'heic'],
  ['generic HEIF image with heic beside it (mif1: heic)', heifFile('mif1', 'heic'), 'heic'],
  ['generic HEIF image with heix beside it (mif1: mif1 heix)', heifFile('mif1', 'mif1', 'heix'), 'heic'],
  ['generic HEIF sequence with hevc beside it (msf1: hevc)', heifFile('msf1', 'hevc'), 'heic'],
];

const refused: Array<[string, Uint8Array, RefusedKind]> = [
  ['L-HEVC image items (heim)', heifFile('heim', 'mif1', 'heim'), 'heif'],
  ['scalable L-HEVC image items (heis)', heifFile('heis', 'mif1', 'heis'), 'heif'],
  ['multiview L-HEVC sequence (hevm)', heifFile('hevm', 'msf1', 'hevm'), 'heif'],
  ['scalable L-HEVC sequence (hevs)', heifFile('hevs', 'msf1', 'hevs'), 'heif'],
  ['L-HEVC under mif1 (mif1: heim)', heifFile('mif1', 'heim'), 'heif'],
  ['HEIF of unknown coding (mif1 alone)', heifFile('mif1', 'mif1', 'miaf'), 'heif'],
  ['HEIF sequence of unknown coding (msf1 alone)', heifFile('msf1', 'msf1'), 'heif'],
  ['the unregistered brand "heif"', heifFile('heif', 'mif1'), 'heif'],
  ['heic only among the compatible brands of a major heic-decode refuses', heifFile('heim', 'heic'), 'heif'],
  ['an MP4 video', heifFile('isom', 'isom', 'iso2', 'mp41'), 'isobmff'],
  ['a QuickTime movie', heifFile('qt  ', 'qt  '), 'isobmff'],
  ['a Canon CR3 raw photo', heifFile('crx ', 'crx ', 'isom'), 'isobmff'],
  ['GIF87a', latin1('GIF87a\x01\0\x01\0'), 'gif'],
  ['GIF89a', latin1('GIF89a\x01\0\x01\0\x80\0\0'), 'gif'],
  ['a GIF/JavaScript polyglot', latin1('GIF89a/*\x01\0\x01\0*/=alert(1)//'), 'gif'],
  ['TIFF, little-endian', latin1('II*\0\x08\0\0\0'), 'tiff'],
  ['TIFF, big-endian', latin1('MM\0*\0\0\0\x08'), 'tiff'],
  ['PDF', latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), 'pdf'],
  ['SVG', latin1('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">'), 'svg'],
  ['SVG with an XML declaration', latin1('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg">'), 'svg'],
  [
    'SVG after a byte order mark and blank lines',
    latin1('\xef\xbb\xbf\n\n  <SVG xmlns="http://www.w3.org/2000/svg">'),
    'svg',
  ],
  ['HTML', latin1('<!DOCTYPE html><html><script>alert(1)</script>'), 'html'],
  ['HTML without a doctype', latin1('<html><body onload="alert(1)">'), 'html'],
  ['a bare script tag', latin1('<script>alert(1)</script>'), 'html'],
  ['an HTML/PNG polyglot (markup first, PNG bytes after)', concat('<html><!--', '\x89PNG\r\n\x1a\n', '-->'), 'html'],
  ['other XML', latin1('<?xml version="1.0"?><rss version="2.0">'), 'xml'],
  ['a PNG signature that does not start the file', concat('x', '\x89PNG\r\n\x1a\n'), 'unknown'],
  ['a shell script', latin1('#!/bin/sh\necho hola\n'), 'unknown'],
  ['a WAV file (RIFF but not WebP)', latin1('RIFF\x24\0\0\0WAVEfmt '), 'unknown'],
  ['empty input', new Uint8Array(), 'empty'],
  ['a JPEG signature cut short', new Uint8Array([0xff, 0xd8]), 'unknown'],
  ['a PNG signature cut short', latin1('\x89PNG\r\n'), 'unknown'],
  ['an ftyp box cut before its major brand', latin1('\0\0\0\x18ftypav'), 'unknown'],
];

describe('sniffImage', () => {
  it.each(accepted)('accepts %s', (_label, bytes, kind) => {
    expect(sniffImage(bytes)).toEqual({ accepted: true, kind });
    expect(acceptedImageKind(bytes)).toBe(kind);
  });

  it.each(refused)('refuses %s', (_label, bytes, kind) => {
    expect(sniffImage(bytes)).toEqual({ accepted: false, kind });
    expect(acceptedImageKind(bytes)).toBeNull();
  });

  it('judges a JPEG/HTML polyglot a JPEG: only the decoder, and the re-encoding, can tell', () => {
    // The server re-encodes every photo, so the markup never reaches a browser (see the upload tests).
    const polyglot = concat(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), '<html><script>alert(1)</script></html>');
    expect(acceptedImageKind(polyglot)).toBe('jpeg');
  });

  it('reads only the first SNIFF_BYTES, whatever the caller passes', () => {
    const whole = concat(heifFile('heic', 'mif1'), new Uint8Array(100_000));
    expect(acceptedImageKind(whole)).toBe('heic');
    // A compatible brand past SNIFF_BYTES is not seen, so both hosts decide on the same bytes.
    const far = ftyp('mif1', ...Array.from({ length: 12 }, () => 'miaf'), 'heic');
    expect(far.length).toBeGreaterThan(SNIFF_BYTES);
    expect(sniffImage(far)).toEqual({ accepted: false, kind: 'heif' });
  });

  it('reads compatible brands only inside the ftyp box', () => {
    // "heic" right after a box that ends at the minor version belongs to the next box.
    const box = concat(new Uint8Array([0, 0, 0, 16]), 'ftypmif1\0\0\0\0', 'heic');
    expect(sniffImage(box)).toEqual({ accepted: false, kind: 'heif' });
  });
});
