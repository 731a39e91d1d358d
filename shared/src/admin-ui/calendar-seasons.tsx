import { useEffect, useId, useState } from 'react';
import { formatMoney } from '../domain/pricing/pricing';
import type { SeasonInput, Seasons } from '../domain/schemas/season';
import { usePanel } from './panel-context';
import { usePanelData } from './panel-data';
import { AlertMessage, StatusMessage } from './messages';
import { parsePriceInput } from './price-section';
import { AdminField } from './admin-field';
import { useFieldErrorSubmit } from './use-field-error-submit';

interface Draft {
  /** React key: a new row has no id yet. */
  key: string;
  id?: string;
  name: string;
  start: string;
  end: string;
  price: string;
  minNights: string;
}

type DraftField = 'name' | 'start' | 'end' | 'price' | 'minNights';
/** The server's field name for each input. */
const SERVER_FIELD: Record<DraftField, string> = {
  name: 'name',
  start: 'start',
  end: 'end',
  price: 'pricePerPerson',
  minNights: 'minNights',
};

let newRows = 0;

const toDrafts = (s: Seasons): Draft[] =>
  s.seasons.map((x) => ({
    key: x.id,
    id: x.id,
    name: x.name,
    start: x.start,
    end: x.end,
    price: String(x.pricePerPerson),
    minNights: String(x.minNights),
  }));

/** A whole number as typed; anything else goes as NaN and the server answers its message. */
const wholeNumber = (raw: string) => (/^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN);

const toRequest = (d: Draft): SeasonInput => ({
  ...(d.id ? { id: d.id } : {}),
  name: d.name,
  start: d.start,
  end: d.end,
  pricePerPerson: parsePriceInput(d.price),
  minNights: wholeNumber(d.minNights),
});

/**
 * Seasons (high season, Semana Santa…) with their own price per person and minimum stay, edited
 * as one list and saved at once: the server checks the whole list (no overlaps) and answers a
 * Spanish message per field, shown beside it.
 */
export function SeasonsPanel() {
  const { api } = usePanel();
  const id = useId();
  const loaded = usePanelData('getSeasons');
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [baseMin, setBaseMin] = useState('1');
  const { busy, alert, status, fieldErrors: fields, submit } = useFieldErrorSubmit();

  const data = loaded.data;
  useEffect(() => {
    if (!data) return;
    setDrafts(toDrafts(data));
    setBaseMin(String(data.base.minNights));
  }, [data]);

  const change = (key: string, field: DraftField, value: string) =>
    setDrafts((all) => all.map((d) => (d.key === key ? { ...d, [field]: value } : d)));

  function add() {
    newRows += 1;
    const key = `nueva-${newRows}`;
    setDrafts((all) => [...all, { key, name: '', start: '', end: '', price: '', minNights: '1' }]);
    // Focus the new row's name once it is rendered.
    requestAnimationFrame(() => document.getElementById(`${id}-${key}-name`)?.focus());
  }

  const save = async () => {
    const saved = await api.setSeasons({ seasons: drafts.map(toRequest), baseMinNights: wholeNumber(baseMin) });
    loaded.setData(saved);
    return saved.seasons.length === 1 ? 'Se guardó 1 temporada.' : `Se guardaron ${saved.seasons.length} temporadas.`;
  };

  const fieldId = (key: string, field: DraftField) => `${id}-${key}-${field}`;
  const input = (d: Draft, index: number, field: DraftField, label: string, type: string, hint?: string) => (
    <AdminField
      id={fieldId(d.key, field)}
      label={label}
      error={fields[`seasons.${index}.${SERVER_FIELD[field]}`]}
      hint={hint}
      type={type}
      inputMode={field === 'price' || field === 'minNights' ? 'numeric' : undefined}
      autoComplete="off"
      value={d[field]}
      onChange={(e) => change(d.key, field, e.target.value)}
    />
  );

  return (
    <form
      className="adm-cal-seasons"
      // Every refusal is in the alert too: a season's row may be scrolled out of sight.
      onSubmit={(event) => void submit(event, save, { alert: (message) => message, focus: false })}
      aria-labelledby={`${id}-h`}
      aria-busy={busy}
      noValidate
    >
      <h3 id={`${id}-h`}>Temporadas</h3>
      <p className="adm-muted">
        Fuera de toda temporada rige el precio por persona base
        {data && ` (${formatMoney(data.base.pricePerPerson, 'COP')})`}. Las temporadas no pueden cruzarse. Los cambios
        se guardan al pulsar «Aplicar temporadas».
      </p>
      {loaded.error && <p className="adm-alert">{loaded.error}</p>}
      <div className="adm-field adm-field--inline">
        <label htmlFor={`${id}-base`}>Noches mínimas fuera de temporada</label>
        <input
          id={`${id}-base`}
          type="text"
          inputMode="numeric"
          value={baseMin}
          onChange={(e) => setBaseMin(e.target.value)}
          aria-invalid={fields.baseMinNights ? true : undefined}
          aria-describedby={`${id}-base-error`}
        />
        <span className="adm-field-error" id={`${id}-base-error`}>
          {fields.baseMinNights}
        </span>
      </div>
      {data && drafts.length === 0 && <p className="adm-empty">No hay temporadas.</p>}
      {drafts.map((d, i) => (
        <fieldset key={d.key} className="adm-card adm-cal-season">
          <legend>Temporada {i + 1}</legend>
          <div className="adm-cal-fields">
            {input(d, i, 'name', 'Nombre', 'text')}
            {input(d, i, 'start', 'Primera noche', 'date')}
            {input(d, i, 'end', 'Fin (salida)', 'date', 'Esa noche ya no es de la temporada.')}
            {input(d, i, 'price', 'Precio por persona por noche (COP)', 'text')}
            {input(d, i, 'minNights', 'Noches mínimas', 'text')}
          </div>
          <button
            type="button"
            className="adm-button adm-button--danger"
            onClick={() => setDrafts((all) => all.filter((x) => x.key !== d.key))}
            aria-label={`Quitar temporada ${i + 1}${d.name ? ` (${d.name})` : ''}`}
          >
            Quitar
          </button>
        </fieldset>
      ))}
      <div className="adm-actions">
        <button type="button" className="adm-button" onClick={add} disabled={!data}>
          Agregar temporada
        </button>
        <button type="submit" className="adm-button adm-button--primary" disabled={busy || !data}>
          {busy ? 'Aplicando…' : 'Aplicar temporadas'}
        </button>
      </div>
      <AlertMessage text={alert} />
      <StatusMessage text={status} />
    </form>
  );
}
