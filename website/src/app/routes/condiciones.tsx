import { BUSINESS } from '@cabana/shared/config/business';
import { paths } from '../../config/paths';
import { PolicyRules } from '../../components/booking/policy-rules';
import { useSettings } from '../../lib/page-data';

/** The terms of a stay: the hospedaje contract, hours, house rules, payment and the cancellation policy. */
export default function CondicionesRoute() {
  const s = useSettings();
  const c = BUSINESS.dataController;
  const deposit = s.depositPercent;
  const balance = s.balanceDueDays === null ? 'a la llegada' : `${s.balanceDueDays} días antes de la llegada`;
  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="page__header">
        <div className="container">
          <h1 className="page__title">Condiciones de la estadía</h1>
          <p className="page__lead">Lo que acordamos cuando reservas {s.name}.</p>
        </div>
      </div>
      <article className="container narrow prose">
        <h2>1. Contrato de hospedaje</h2>
        <p>
          Una reserva de menos de 30 días es un <strong>contrato de hospedaje</strong> entre tú (el huésped) y {c.name},
          NIT {c.nit}, operador de {s.name} (Registro Nacional de Turismo n.º {s.rnt}), por el alojamiento en la cabaña
          para las fechas y el número de personas de tu reserva. Se perfecciona cuando confirmamos tu reserva tras
          recibir el anticipo.
        </p>

        <h2>2. Llegada y salida</h2>
        <ul>
          <li>
            Llegada (check-in): desde las <strong>{s.checkInTime}</strong>.
          </li>
          <li>
            Salida (check-out): hasta las <strong>{s.checkOutTime}</strong>.
          </li>
        </ul>

        <h2>3. Precio y pagos</h2>
        <p>
          El precio se fija al enviar la solicitud: noches × personas × el precio por persona de cada noche
          {s.cleaningFee > 0 ? ', más la tarifa de limpieza por estadía' : ''}. Para confirmar la reserva pagas un
          anticipo del <strong>{deposit} %</strong> del total antes del plazo que te indicamos al aceptarla; si no llega
          a tiempo, las fechas quedan libres. El saldo se paga {balance}.
        </p>

        <h2>4. Política de cancelación</h2>
        <PolicyRules />

        <h2>5. Normas de la casa</h2>
        <ul>
          {s.houseRules
            .split('\n')
            .map((rule) => rule.trim())
            .filter(Boolean)
            .map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
        </ul>

        <h2>6. Tus datos</h2>
        <p>
          Tratamos los datos de tu reserva según nuestra <a href={paths.privacy}>política de privacidad</a>.
        </p>
      </article>
    </main>
  );
}
