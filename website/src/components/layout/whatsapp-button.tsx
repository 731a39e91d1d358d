import { whatsappLink } from '@cabana/shared/config/settings';
import { useSettings } from '../../lib/page-data';
import { Icon } from '../ui/icon';
import { ICONS } from '../ui/icons';

/** Always within thumb's reach: opens a chat with the owner and a ready-made greeting. */
export function WhatsAppButton() {
  const settings = useSettings();
  return (
    <a
      className="whatsapp-fab"
      href={whatsappLink(settings)}
      target="_blank"
      rel="noopener"
      aria-label="Escríbenos por WhatsApp"
    >
      <Icon path={ICONS.whatsapp} size={30} />
    </a>
  );
}
