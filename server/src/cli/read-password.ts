import { LIMITS } from '@cabana/shared/domain/config/limits';

/**
 * How reset-password gets a new password without it ever being an argument (arguments show in
 * `ps` to every local user and stay in the shell's history): a hidden prompt on a terminal, or
 * standard input when something is piped in (`npm run reset-password < file`).
 */

export class PasswordInputError extends Error {}

/** A password piped in: everything read, less the one line ending a file or `echo` adds. */
export async function readPipedPassword(input: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  input.setEncoding('utf8');
  for await (const chunk of input) {
    text += chunk as string;
    // Enough to refuse it; a password is never read whole beyond its own limit.
    if (text.length > LIMITS.passwordMax + 2) break;
  }
  return text.replace(/\r?\n$/, '');
}

/** What a raw terminal sends: the text typed so far, and whether the line is done or abandoned. */
function applyKeys(typed: string, keys: string): { typed: string; done: boolean; cancelled: boolean; rest: string } {
  let out = typed;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (key === '\r' || key === '\n') return { typed: out, done: true, cancelled: false, rest: keys.slice(i + 1) };
    // Ctrl-C stops the tool; Ctrl-D ends the line like Enter.
    if (key === '\u0003') return { typed: '', done: true, cancelled: true, rest: '' };
    if (key === '\u0004') return { typed: out, done: true, cancelled: false, rest: keys.slice(i + 1) };
    if (key === '\u007f' || key === '\b') {
      out = Array.from(out).slice(0, -1).join('');
      continue;
    }
    // Arrow keys and the like arrive as escape sequences: none of them is part of a password.
    if (key === '\u001b') {
      const kind = keys[i + 1];
      if (kind === 'O') i += 2;
      else if (kind === '[') {
        i += 2;
        while (i < keys.length && /[0-9;]/.test(keys[i]!)) i++;
      }
      continue;
    }
    if (key < ' ') continue;
    out += key;
  }
  return { typed: out, done: false, cancelled: false, rest: '' };
}

/** Asks on a terminal already in raw mode (nothing typed is echoed). */
function promptHidden(
  question: string,
  input: NodeJS.ReadStream,
  output: NodeJS.WritableStream,
  pending: { keys: string },
): Promise<string> {
  output.write(question);
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (err: Error | null, value = '') => {
      input.off('data', onData);
      output.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      const step = applyKeys(typed, pending.keys + chunk);
      pending.keys = '';
      typed = step.typed;
      if (!step.done) return;
      // Whatever was typed after Enter belongs to the next question.
      pending.keys = step.rest;
      if (step.cancelled) finish(new PasswordInputError('Cancelled: nothing was changed.'));
      else finish(null, typed);
    };
    input.on('data', onData);
    if (pending.keys) onData('');
  });
}

/**
 * The new password from a person at a terminal: typed twice, hidden. An empty answer asks for a
 * generated one (undefined). The terminal stays in raw mode from before the first question to
 * after the last, so nothing typed ahead is ever echoed.
 */
export async function askNewPassword(
  input: NodeJS.ReadStream,
  output: NodeJS.WritableStream,
): Promise<string | undefined> {
  const pending = { keys: '' };
  input.setEncoding('utf8');
  input.setRawMode(true);
  input.resume();
  try {
    const first = await promptHidden('New admin password (press Enter to generate one): ', input, output, pending);
    if (first === '') return undefined;
    const again = await promptHidden('The same password again: ', input, output, pending);
    if (again !== first) throw new PasswordInputError('The two passwords differ: nothing was changed.');
    return first;
  } finally {
    input.setRawMode(false);
    input.pause();
  }
}
