import { whatsappUrl } from '@cabana/shared/config/business';
import { Icon } from '../ui/icon';
import { ICONS } from '../ui/icons';

/** Always within thumb's reach: opens a chat with the owner and a ready-made greeting. */
export function WhatsAppButton() {
  return (
    <a
      className="whatsapp-fab"
      href={whatsappUrl()}
      target="_blank"
      rel="noopener"
      aria-label="Escríbenos por WhatsApp"
    >
      <Icon path={ICONS.whatsapp} size={30} />
    </a>
  );
}
