import sharp, { type Sharp } from 'sharp';

/** GPS of a made-up spot near the cabin: what a phone photo would leak. */
const GPS_EXIF = {
  IFD0: { Make: 'TestPhone', Model: 'Model X' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '9/1 30/1 20/1', GPSLongitudeRef: 'W', GPSLongitude: '75/1 33/1 47/1' },
};

/** Left half red, right half blue: orientation shows in which side ends up where. */
export async function twoColour(width: number, height: number): Promise<Sharp> {
  const left = await sharp({ create: { width: Math.floor(width / 2), height, channels: 3, background: '#d02020' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#2040d0' } }).composite([
    { input: left, left: 0, top: 0 },
  ]);
}

export async function jpegWithGps(width = 1200, height = 900, orientation?: number): Promise<Buffer> {
  let img = (await twoColour(width, height)).jpeg({ quality: 85 }).withExif(GPS_EXIF);
  if (orientation) img = img.withMetadata({ orientation });
  return img.toBuffer();
}

/** Average colour of a small box, to tell red from blue. */
export async function colourAt(image: Buffer, x: number, y: number): Promise<{ r: number; g: number; b: number }> {
  const { data } = await sharp(image)
    .extract({ left: x, top: y, width: 4, height: 4 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let r = 0,
    g = 0,
    b = 0;
  for (let i = 0; i < data.length; i += 3) {
    r += data[i]!;
    g += data[i + 1]!;
    b += data[i + 2]!;
  }
  const n = data.length / 3;
  return { r: r / n, g: g / n, b: b / n };
}

export const isRed = (c: { r: number; b: number }) => c.r > 150 && c.b < 100;
export const isBlue = (c: { r: number; b: number }) => c.b > 150 && c.r < 100;

/** The JSON of a valid contact message, as the site's form sends it with its form token. */
export const contactMessageBody = (formToken: string): string =>
  JSON.stringify({
    type: 'contacto',
    name: 'Ana',
    email: 'ana@example.com',
    message: 'Hola',
    consent: true,
    formToken,
  });
