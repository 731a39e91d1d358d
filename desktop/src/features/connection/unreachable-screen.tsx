import { useFocusHeading } from '../../lib/use-focus-heading';

interface Props {
  serverUrl: string;
  message: string;
  onRetry(): void;
  onChangeServer(): void;
}

/** Shown when the server cannot be reached: say so plainly and offer the two ways out. */
export function UnreachableScreen({ serverUrl, message, onRetry, onChangeServer }: Props) {
  const heading = useFocusHeading();
  return (
    <main id="contenido" className="screen narrow">
      <h1 ref={heading} tabIndex={-1}>
        Sin conexión con el servidor
      </h1>
      <p role="alert" className="error">
        {message}
      </p>
      <p>
        Servidor: <span className="mono">{serverUrl}</span>
      </p>
      <div className="actions">
        <button type="button" className="primary" onClick={onRetry}>
          Reintentar
        </button>
        <button type="button" onClick={onChangeServer}>
          Cambiar servidor
        </button>
      </div>
    </main>
  );
}
