import { whatsappLink } from '@cabana/shared/domain/config/settings';
import { ownerText } from '@cabana/shared/domain/i18n/lang';
import { useI18n } from '../../i18n/i18n';
import { useSettings } from '../../lib/page-data';
import { Icon } from '../ui/icon';
import { ICONS } from '../ui/icons';

/** Always within thumb's reach: opens a chat with the owner and a ready-made greeting. */
export function WhatsAppButton() {
  const settings = useSettings();
  const { m, lang } = useI18n();
  return (
    <a
      className="whatsapp-fab"
      href={whatsappLink(settings, ownerText(lang, settings.whatsappGreeting, settings.whatsappGreetingEn).text)}
      target="_blank"
      rel="noopener"
      aria-label={m.common.whatsappFab}
    >
      <Icon path={ICONS.whatsapp} size={30} />
    </a>
  );
}
