import { whatsappUrl } from '@cabana/shared/config/business';
import { Icon } from '../ui/icon';

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
      <Icon name="whatsapp" size={30} />
    </a>
  );
}
