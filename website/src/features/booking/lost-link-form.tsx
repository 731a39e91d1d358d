import { useState, type FormEvent } from 'react';
import { ApiError } from '@cabana/shared/api/errors';
import { useI18n } from '../../i18n/i18n';
import { api } from '../../lib/api';
import { TextField } from '../../components/form/field';
import { actionError } from './guest-actions';

/**
 * On the page a wrong link opens: the guest types the booking's code and e-mail and the private
 * link is e-mailed again when they match (POST /api/reserva/enlace). The answer is the same
 * whether or not they did, so the page says only that (issue 32).
 */
export function LostLinkForm() {
  const i18n = useI18n();
  const w = i18n.m.guest.lostLink;
  const [code, setCode] = useState('');
  const [email, setEmail] = useState('');
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    setSending(true);
    try {
      await api.recoverGuestLink({ code, email });
      setSaid({ ok: true, text: w.done });
      setFields({});
    } catch (err) {
      const bad = err instanceof ApiError && err.status === 400;
      setFields(bad ? { code: w.codeHint, email: w.emailHint } : {});
      setSaid({ ok: false, text: bad ? w.check : actionError(err, i18n) });
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="form card" noValidate onSubmit={(e) => void send(e)} aria-labelledby="enlace-titulo">
      <h2 id="enlace-titulo" className="form__title">
        {w.title}
      </h2>
      <p>{w.intro}</p>
      <TextField
        id="codigo"
        label={w.code}
        required
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={8}
        value={code}
        error={said?.ok === false ? fields.code : undefined}
        onChange={(e) => setCode(e.target.value)}
      />
      <TextField
        id="correo"
        label={w.email}
        type="email"
        required
        autoComplete="email"
        value={email}
        error={said?.ok === false ? fields.email : undefined}
        onChange={(e) => setEmail(e.target.value)}
      />
      <button type="submit" className="button button--primary" disabled={sending}>
        {w.send}
      </button>
      <p role="status" data-testid="enlace-respuesta" className={said?.ok === false ? 'form-status--error' : undefined}>
        {said?.text ?? ''}
      </p>
    </form>
  );
}
