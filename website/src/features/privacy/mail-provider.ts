/** Mail services by the host of their SMTP server, as /privacidad names the processor. */
const KNOWN: [RegExp, string][] = [
  [/(^|\.)gmail\.com$|(^|\.)google\.com$|(^|\.)googlemail\.com$/, 'Google (Gmail / Google Workspace)'],
  [/(^|\.)office365\.com$|(^|\.)outlook\.com$/, 'Microsoft (Outlook / Microsoft 365)'],
  [/(^|\.)sendgrid\.net$/, 'Twilio SendGrid'],
  [/(^|\.)amazonaws\.com$/, 'Amazon SES'],
  [/(^|\.)mailgun\.org$/, 'Mailgun'],
  [/(^|\.)brevo\.com$|(^|\.)sendinblue\.com$/, 'Brevo'],
  [/(^|\.)postmarkapp\.com$/, 'Postmark'],
  [/(^|\.)zoho\.com$/, 'Zoho Mail'],
  [/(^|\.)mailjet\.com$/, 'Mailjet'],
];

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|::1|\[::1\])$/i;

/**
 * Who sends the site's e-mail, from the SMTP host: `own` for a server on this machine, the
 * service's name with its host for a known one, the host alone otherwise; `none` without SMTP.
 */
export function mailProvider(
  host: string | null,
): { kind: 'none' } | { kind: 'own' } | { kind: 'service'; name: string } {
  if (!host) return { kind: 'none' };
  if (LOOPBACK.test(host)) return { kind: 'own' };
  const known = KNOWN.find(([re]) => re.test(host.toLowerCase()));
  return { kind: 'service', name: known ? `${known[1]} (${host})` : host };
}
