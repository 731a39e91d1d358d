import { useId, useState } from 'react';
import { PRE_ARRIVAL_DAYS_DEFAULT, STAY_SETTING_KEYS } from '../domain/config/setting-defaults';
import { SETTINGS_LIMITS, type Settings, type SettingsPatch } from '../domain/schemas/settings';
import { AdminField, AdminTextArea } from './admin-field';
import { AlertMessage, StatusMessage } from './messages';
import { usePanel } from './panel-context';
import { usePanelCache } from './panel-data';
import { useFieldErrorSubmit } from './use-field-error-submit';

type StayKey = (typeof STAY_SETTING_KEYS)[number];
type TextKey = Exclude<StayKey, 'hostName' | 'preArrivalDays'>;
type Draft = Record<StayKey, string>;

/** Each text the guest reads, Spanish then English (empty English: the Spanish one is shown). */
const TEXTS: { es: TextKey; en: TextKey; label: string; hint: string }[] = [
  {
    es: 'directionsTolu',
    en: 'directionsToluEn',
    label: 'Cómo llegar desde Tolú',
    hint: 'En la confirmación y en la página de la reserva.',
  },
  {
    es: 'directionsCovenas',
    en: 'directionsCovenasEn',
    label: 'Cómo llegar desde Coveñas',
    hint: 'En la confirmación y en la página de la reserva.',
  },
  {
    es: 'checkInSteps',
    en: 'checkInStepsEn',
    label: 'Pasos de la llegada (check-in)',
    hint: 'Qué hacer al llegar: a quién llamar, dónde recoger las llaves.',
  },
  {
    es: 'checkOutSteps',
    en: 'checkOutStepsEn',
    label: 'Pasos de la salida (check-out)',
    hint: 'También en el recordatorio que sale la tarde antes de la salida.',
  },
  {
    es: 'arrivalInstructions',
    en: 'arrivalInstructionsEn',
    label: 'Instrucciones de llegada (Wi-Fi, llaves, parqueadero)',
    hint: 'Privadas: solo en el correo que sale unos días antes de la llegada, nunca en la web.',
  },
];

const draftOf = (s: Settings): Draft =>
  Object.fromEntries(
    STAY_SETTING_KEYS.map((k) => [k, k === 'preArrivalDays' ? String(s[k] ?? PRE_ARRIVAL_DAYS_DEFAULT) : (s[k] ?? '')]),
  ) as Draft;

function patchOf(d: Draft): SettingsPatch {
  const days = d.preArrivalDays.trim();
  return {
    ...Object.fromEntries(STAY_SETTING_KEYS.filter((k) => k !== 'preArrivalDays').map((k) => [k, d[k]])),
    // Anything but a whole number goes as null: the server answers with its Spanish message.
    preArrivalDays: /^\d+$/.test(days) ? Number(days) : (null as unknown as number),
  };
}

/**
 * Ajustes › Itinerario y llegada (issue 32): what a confirmed guest reads in the confirmation,
 * on the booking's page and in the pre-arrival and check-out messages, in Spanish and English.
 * Its own form (a PATCH of these settings only), in the panel and the desktop app alike.
 */
export function StaySettings({ initial }: { initial: Settings }) {
  const { api, settingsSaved } = usePanel();
  const cache = usePanelCache();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const { formRef, busy, alert, status, setStatus, fieldErrors: errors, submit } = useFieldErrorSubmit();
  const set = (key: StayKey, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setStatus(null);
  };
  const save = async () => {
    const saved = await api.updateSettings(patchOf(draft));
    setDraft(draftOf(saved));
    cache.set('getOwnerSettings', saved);
    settingsSaved?.(saved);
    return 'Itinerario guardado. Las próximas confirmaciones y mensajes ya lo llevan.';
  };
  const area = (key: TextKey, label: string, hint?: string) => (
    <AdminTextArea
      key={key}
      id={`${id}-${key}`}
      name={key}
      label={label}
      hint={hint}
      error={errors[key]}
      maxLength={SETTINGS_LIMITS.stayTextMax}
      value={draft[key]}
      onChange={(e) => set(key, e.target.value)}
    />
  );

  return (
    <section className="adm-subsection" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Itinerario y llegada</h3>
      <p className="adm-hint">
        Lo que lee un huésped con la reserva confirmada: en el correo de confirmación (con el archivo de calendario), en
        la página de su reserva y en el mensaje de unos días antes de la llegada. Vacío: no se muestra. En inglés vacío:
        se muestra el texto en español.
      </p>
      <form
        ref={formRef}
        className="adm-settings"
        noValidate
        aria-busy={busy}
        onSubmit={(e) =>
          void submit(e, save, {
            alert: (message, fields) =>
              Object.keys(fields).length > 1
                ? `No se guardó nada: revisa los ${Object.keys(fields).length} campos marcados.`
                : `No se guardó nada: ${message}`,
          })
        }
      >
        <fieldset>
          <legend>Anfitrión y mensajes</legend>
          <AdminField
            id={`${id}-hostName`}
            name="hostName"
            label="Nombre del anfitrión"
            hint="Firma el mensaje al huésped y aparece con el teléfono. Vacío: el nombre del negocio."
            error={errors.hostName}
            maxLength={SETTINGS_LIMITS.nameMax}
            value={draft.hostName}
            onChange={(e) => set('hostName', e.target.value)}
          />
          <AdminField
            id={`${id}-preArrivalDays`}
            name="preArrivalDays"
            label="Días antes de la llegada para enviar las instrucciones"
            hint={`Entre 1 y ${SETTINGS_LIMITS.preArrivalDaysMax}. El recordatorio de salida va la tarde antes de salir.`}
            inputMode="numeric"
            error={errors.preArrivalDays}
            maxLength={2}
            value={draft.preArrivalDays}
            onChange={(e) => set('preArrivalDays', e.target.value)}
          />
        </fieldset>
        {TEXTS.map((t) => (
          <fieldset key={t.es}>
            <legend>{t.label}</legend>
            {area(t.es, `${t.label} (español)`, t.hint)}
            {area(t.en, `${t.label} (inglés, opcional)`)}
          </fieldset>
        ))}
        <button type="submit" className="adm-button adm-button--primary" disabled={busy}>
          {busy ? 'Guardando…' : 'Guardar itinerario'}
        </button>
      </form>
      <AlertMessage text={alert} />
      <StatusMessage text={status} />
    </section>
  );
}
