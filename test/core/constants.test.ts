import { describe, expect, it } from 'vitest';
import * as C from '../../src/core/constants.js';
import { MESSAGES, TEXTS } from '../../src/core/texts.js';

describe('SPEC section 9 constants', () => {
  it('has the spec values', () => {
    expect(C.REQUEST_TIMEOUT_MS).toBe(10_000);
    expect(C.LIST_DEFAULT_LIMIT).toBe(100);
    expect(C.LIST_MAX_LIMIT).toBe(500);
    expect(C.LIST_ALL).toBe(-1);
    expect(C.DEFAULT_SORT).toBe('created_at');
    expect([C.FONT_SIZE_MIN, C.FONT_SIZE_MAX]).toEqual([12, 19]);
    expect(C.STORAGE_KEYS.fontSize).toBe('fontSize');
    expect(C.REFRESH_GRACE_S).toBe(86_400);
    expect(C.SETTINGS_RELOAD_THRESHOLD).toBe(15);
    expect(C.SERVER_RETRY_MS).toBe(3_000);
    expect(C.LOADING_DOTS_STEP_MS).toBe(500);
    expect(C.RELOAD_AFTER_RECONNECT_MS).toBe(500);
    expect(C.PING_INTERVAL_MS).toBe(55_000);
    expect(C.UNREACHABLE_DELAY_MS).toBe(1_000);
    expect(C.DEBUG_TOAST_MS).toBe(3_000);
    expect([C.INFINITE_SCROLL_THROTTLE_MS, C.INFINITE_SCROLL_DISTANCE, C.INFINITE_SCROLL_IMMEDIATE_CHECK]).toEqual([200, 0, true]);
    expect([C.SENTRY_TRACES_SAMPLE_RATE, C.SENTRY_REPLAYS_SESSION_SAMPLE_RATE, C.SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE]).toEqual([0.2, 0.1, 1]);
    expect(C.PAGE_ADDRESS_HEADER).toBe('x-page-address');
  });

  it('production timings are the spec constants', () => {
    expect(C.DEFAULT_TIMINGS).toEqual({
      requestTimeoutMs: 10_000,
      serverRetryMs: 3_000,
      reloadAfterReconnectMs: 500,
      pingIntervalMs: 55_000,
      unreachableDelayMs: 1_000,
      debugToastMs: 3_000,
    });
  });

  it('quotes the spec texts and messages word for word', () => {
    expect(TEXTS.reconnected).toBe('Contacto Reestabelicido');
    expect(TEXTS.connecting).toBe('A ligar...');
    expect(TEXTS.offline).toBe('Ligação à internet perdida. Verifique a ligação do seu dispositivo.');
    expect(TEXTS.serverLost).toBe('Perdido o contacto com o servidor');
    expect(TEXTS.testMode).toBe('Aplicação em modo de testes. Toda a informação é fictícia.');
    expect(TEXTS.loading).toBe('A carregar');
    expect(MESSAGES).toEqual({
      memberPhotoUploadFailed: 'Member photo upload failed',
      memberApplicationPhotoUploadFailed: 'Member application photo upload failed',
      pdfDocumentUploadFailed: 'Pdf document upload failed',
      failedToDelete: 'failed to delete',
      couldNotReadItem: 'Could not read item',
      notEnoughData: 'Not Enough Data',
      missingId: 'missing id',
    });
  });
});
