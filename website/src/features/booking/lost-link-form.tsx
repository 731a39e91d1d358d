import { useState, type FormEvent } from 'react';
import { useI18n } from '../../i18n/i18n';
import { TextField } from '../../components/form/field';

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
      // The contract's client loads only when the form is sent: the page a wrong link opens stays
      // within the first-visit budget (website/e2e/budgets.test.ts).
      const { recoverLink } = await import('./lost-link-send');
      const outcome = await recoverLink(code, email, i18n);
      const bad = !outcome.ok && outcome.bad;
      setFields(bad ? { code: w.codeHint, email: w.emailHint } : {});
      setSaid({ ok: outcome.ok, text: outcome.ok ? w.done : bad ? w.check : outcome.text });
    } catch {
      // The form's code could not be loaded (no network).
      setSaid({ ok: false, text: i18n.m.guest.errors.generic });
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
