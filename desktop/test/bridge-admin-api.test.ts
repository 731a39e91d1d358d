import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@cabana/shared/api/errors';
import { PANEL_ROUTE_NAMES } from '@cabana/shared/api/contract';
import type { BridgeResult, DesktopBridge } from '../contract/ipc';
import { createBridgeAdminApi } from '../src/lib/bridge-admin-api';

/** A bridge that records each api:call and answers with what it was given (or the error set). */
function recordingBridge(answer?: BridgeResult<unknown>) {
  const apiCall = vi.fn((args: unknown) => Promise.resolve(answer ?? { ok: true, value: args }));
  return { apiCall, bridge: { apiCall } as unknown as DesktopBridge };
}

describe('the renderer’s AdminApi over the bridge', () => {
  it('is every panel row of the contract, each through api:call with its name and input, plus the host’s own calls', async () => {
    const { apiCall, bridge } = recordingBridge();
    const api = createBridgeAdminApi(bridge) as unknown as Record<string, (input?: unknown) => Promise<unknown>>;
    expect(Object.keys(api).sort()).toEqual(
      [...PANEL_ROUTE_NAMES, 'getSession', 'login', 'logout', 'uploadImage', 'copyText'].sort(),
    );
    for (const name of PANEL_ROUTE_NAMES) {
      const input = { id: 'AAAAAAAAAAAAAAAA', marker: name };
      expect(await api[name]!(input), name).toEqual({ name, input });
      expect(apiCall).toHaveBeenLastCalledWith({ name, input });
    }
    // A row called without input sends none (main's check is strict about the keys it gets).
    await api.getPrice!();
    expect(apiCall.mock.lastCall?.[0]).toStrictEqual({ name: 'getPrice' });
    expect(apiCall).toHaveBeenCalledTimes(PANEL_ROUTE_NAMES.length + 1);
  });

  it('turns an error envelope back into the ApiError the panel shows', async () => {
    const error = {
      status: 400,
      code: 'VALIDATION' as const,
      message: 'Revisa los datos enviados.',
      fields: { precio: 'El precio debe ser un número.' },
    };
    const { bridge } = recordingBridge({ ok: false, error });
    const failure = await createBridgeAdminApi(bridge)
      .setPrice({ precio: Number.NaN })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, code: 'VALIDATION', message: error.message, fields: error.fields });
  });
});
