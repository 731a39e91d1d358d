import { useId } from 'react';

interface ListToolbarProps<V extends string> {
  /** The filter's label ("Estado", "Mostrar"). */
  label: string;
  value: V;
  /** The filter's choices, in order: value and what the owner reads. */
  options: readonly (readonly [V, string, ...unknown[]])[];
  onChange: (value: V) => void;
  /** A load is in flight: the button says so and waits. */
  loading: boolean;
  /** Loads the list again. */
  onRefresh: () => void;
}

/** A list section's toolbar (Reservas, Consultas): a filter and a button that loads the list again. */
export function ListToolbar<V extends string>({
  label,
  value,
  options,
  onChange,
  loading,
  onRefresh,
}: ListToolbarProps<V>) {
  const id = useId();
  return (
    <div className="adm-toolbar">
      <div className="adm-field adm-field--inline">
        <label htmlFor={`${id}-filter`}>{label}</label>
        <select id={`${id}-filter`} value={value} onChange={(e) => onChange(e.target.value as V)}>
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="adm-button" disabled={loading} onClick={onRefresh}>
        {loading ? 'Actualizando…' : 'Actualizar'}
      </button>
    </div>
  );
}
