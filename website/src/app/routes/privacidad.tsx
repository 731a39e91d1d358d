import { BUSINESS } from '@cabana/shared/domain/config/business';
import { phoneE164 } from '@cabana/shared/domain/config/settings';
import { useEnquiryRetentionMonths, usePendingPhotoRetentionDays, useSettings } from '../../lib/page-data';

const effectiveDate = new Intl.DateTimeFormat('es-CO', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
}).format(new Date(`${BUSINESS.privacyPolicyVersion}T00:00:00Z`));

export default function PrivacidadRoute() {
  const c = BUSINESS.dataController;
  const s = useSettings();
  const retentionMonths = useEnquiryRetentionMonths();
  const photoRetentionDays = usePendingPhotoRetentionDays();
  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="page__header">
        <div className="container">
          <h1 className="page__title">Política de tratamiento de datos personales</h1>
          <p className="page__lead">
            Conforme a la Ley 1581 de 2012 y el Decreto 1377 de 2013 (compilado en el Decreto 1074 de 2015).
          </p>
        </div>
      </div>
      <article className="container narrow prose">
        <h2>1. Responsable del tratamiento</h2>
        <p>
          <strong>{c.name}</strong>, NIT {c.nit}, operador de {s.name}. Domicilio: {s.address}. Correo para asuntos de
          datos personales: <a href={`mailto:${c.email}`}>{c.email}</a>. Teléfono:{' '}
          <a href={`tel:${phoneE164(s)}`}>{s.phone}</a>.
        </p>

        <h2>2. Qué datos recogemos</h2>
        <ul>
          <li>
            En el formulario de reserva: nombre, correo electrónico, teléfono, fechas de llegada y salida, número de
            personas y el mensaje que escribas.
          </li>
          <li>En el formulario de contacto: nombre, correo electrónico y mensaje.</li>
          <li>
            Al visitar el sitio, nuestro servidor web anota la dirección IP, la fecha y la página pedida, para
            protegerlo de abusos; esos registros se borran a los {BUSINESS.accessLogRetentionDays} días.
          </li>
          <li>
            En la página para compartir fotos: la foto, su título y su descripción. Antes de guardarla le quitamos la
            ubicación GPS y demás metadatos.
          </li>
        </ul>
        <p>
          No pedimos datos sensibles ni datos de niñas, niños o adolescentes. No usamos cookies de publicidad ni
          herramientas de seguimiento; las únicas cookies del sitio son las del administrador (su sesión y la que
          recuerda que su equipo ya inició sesión).
        </p>

        <h2>3. Para qué los usamos (finalidad)</h2>
        <ul>
          <li>Responder tu consulta, confirmar disponibilidad y gestionar tu reserva y estadía.</li>
          <li>Enviarte la cotización de servicios adicionales que pidas.</li>
          <li>Cumplir obligaciones legales del prestador de servicios turísticos (RNT {s.rnt}).</li>
        </ul>
        <p>
          No vendemos ni cedemos tus datos. Para enviar los correos usamos el servicio EmailJS, que actúa como encargado
          del tratamiento y puede almacenar el mensaje fuera de Colombia; la copia de tu solicitud queda guardada en
          nuestro propio servidor.
        </p>

        <h2>4. Tus derechos</h2>
        <p>Como titular de los datos tienes derecho a:</p>
        <ul>
          <li>
            <strong>Conocer</strong> los datos que tenemos sobre ti y acceder a ellos gratuitamente.
          </li>
          <li>
            <strong>Actualizar</strong> y <strong>rectificar</strong> tus datos si son inexactos o están incompletos.
          </li>
          <li>
            <strong>Suprimir</strong> tus datos cuando no sean necesarios para la finalidad para la que se recogieron.
          </li>
          <li>
            <strong>Revocar</strong> la autorización que nos diste, y pedir prueba de ella.
          </li>
          <li>Ser informado sobre el uso que hemos dado a tus datos.</li>
          <li>
            Presentar <strong>quejas ante la Superintendencia de Industria y Comercio (SIC)</strong> por infracciones a
            la ley, después de haber acudido a nosotros.
          </li>
        </ul>

        <h2>5. Cómo ejercer tus derechos</h2>
        <p>
          Escribe a <a href={`mailto:${c.email}`}>{c.email}</a> con tu nombre, el correo o teléfono que usaste y lo que
          solicitas. Respondemos las consultas en un plazo máximo de diez (10) días hábiles y los reclamos (corrección,
          actualización, supresión o revocatoria) en un máximo de quince (15) días hábiles, como prevén los artículos 14
          y 15 de la Ley 1581 de 2012. Si no quedas satisfecho puedes acudir a la SIC en{' '}
          <a href="https://www.sic.gov.co" target="_blank" rel="noopener">
            www.sic.gov.co
          </a>
          .
        </p>

        <h2>6. Autorización y conservación</h2>
        <p>
          Al marcar la casilla de autorización de un formulario nos autorizas a tratar tus datos para las finalidades
          anteriores; guardamos la fecha en que lo hiciste y la versión de esta política. Conservamos tus datos mientras
          sean necesarios para atender tu solicitud y cumplir la ley, y después los eliminamos: las solicitudes enviadas
          desde el sitio se borran automáticamente de nuestro servidor a los {retentionMonths} meses de recibidas, y
          puedes pedir que las borremos antes. Las fotos que compartes desde la página de fotos esperan nuestra
          revisión: si a los {photoRetentionDays} días de recibidas no las hemos publicado, las borramos automáticamente
          con su título, su descripción y el nombre de quien las envió.
        </p>

        <h2>7. Vigencia</h2>
        <p>
          Esta política rige desde el <time dateTime={BUSINESS.privacyPolicyVersion}>{effectiveDate}</time> (versión{' '}
          {BUSINESS.privacyPolicyVersion}). Si la cambiamos, publicaremos aquí la nueva versión y su fecha.
        </p>
      </article>
    </main>
  );
}
