/**
 * Screenshots of the owner's overview with a season of made-up data, at 390 px (a phone) and
 * 1280 px: `npx tsx website/scripts/overview-screenshots.ts` after the e2e build
 * (website/dist-e2e), written to /tmp/resumen-390.png and /tmp/resumen-1280.png.
 */
import { launchBrowser } from '../../test-support/browser';
import { seedOverviewData } from '../../test-support/overview-data';
import { startTestServer } from '../../test-support/server';
import { E2E_DIST } from '../e2e/e2e-dist';

const server = await startTestServer({ websiteDist: E2E_DIST, env: { ICAL_SYNC_MINUTES: '0' } });
const browser = await launchBrowser();
try {
  await seedOverviewData(server);
  for (const width of [390, 1280]) {
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 844 : 900 },
      deviceScaleFactor: width < 600 ? 2 : 1,
      locale: 'es-CO',
      timezoneId: 'America/Bogota',
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Correo electrónico').fill(server.admin.email);
    await page.getByLabel('Contraseña').fill(server.admin.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { level: 2, name: 'Resumen' }).waitFor();
    await page.getByText('Cómo va la temporada').waitFor();
    await page.screenshot({ path: `/tmp/resumen-${width}.png`, fullPage: true });
    // The first chart alone, at full size, to check its text can be read.
    await page
      .locator('figure')
      .first()
      .screenshot({ path: `/tmp/resumen-${width}-chart.png` });
    console.log(`/tmp/resumen-${width}.png — ${await page.title()}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
