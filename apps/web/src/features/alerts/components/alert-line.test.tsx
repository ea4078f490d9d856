import type { Alert } from '@proxai/contract';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, stubApi } from '@/testing/stub-api';
import { buildAlert, HOST_A } from '../testing/build-alerts';
import { renderAt, setUpAlertTests } from '../testing/render';
import { AlertList } from './alert-list';
import { AlertRow } from './alert-row';

const NOW = Date.parse('2026-01-12T12:00:00.000Z');

/** `alert`'s row alone (any row rendered before is removed), and its line. */
function renderRow(alert: Alert) {
  cleanup();
  renderAt(
    '/alerts',
    '/alerts',
    <ul>
      <AlertRow alert={alert} canAct={false} now={NOW} />
    </ul>,
  );
  return screen.getByTestId('alert-line');
}

/** Runs `body` with the alerts strings in `language`, English again afterwards. */
async function inLanguage(language: string, body: () => Promise<void> | void): Promise<void> {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces('alerts');
  try {
    await body();
  } finally {
    await i18n.changeLanguage('en');
  }
}

describe('the line of an alert', { timeout: 20_000 }, () => {
  setUpAlertTests();

  it('is composed in French from the kind, subject and values, the English summary only as its title', async () => {
    await inLanguage('fr', () => {
      const line = renderRow(buildAlert({ value: 93.5 }));
      // French numbers: a decimal comma and a no-break space (narrow or not, per the ICU version) before %.
      expect(line.textContent).toMatch(/^CPU de web-01 à 93,5[\u00a0\u202f]% \(seuil 90[\u00a0\u202f]%\)$/);
      expect(line).toHaveAttribute('title', 'CPU of web-01 at 93 % (trigger 90 %)');
    });
  });

  it('is composed in Arabic', async () => {
    await inLanguage('ar', () => {
      const line = renderRow(buildAlert());
      expect(line).toHaveTextContent('المعالج في web-01 عند 93');
      expect(line).toHaveTextContent('(حد التفعيل 90');
      expect(line.textContent).not.toContain('CPU of');
    });
  });

  it('words durations, intervals and missing values per kind, with the unit in the language', async () => {
    const host = { kind: 'host' as const, id: HOST_A, name: 'pve-a' };
    await inLanguage('de', () => {
      expect(renderRow(buildAlert({ kind: 'host_offline', subject: host, value: 300, threshold: 120 }))).toHaveTextContent(
        'pve-a seit 5 Minuten nicht erreichbar (Schwelle 2 Minuten)',
      );
    });
    await inLanguage('fr', () => {
      expect(renderRow(buildAlert({ kind: 'collector_stale', subject: host, value: 3.5, threshold: 3 }))).toHaveTextContent(
        'Aucun relevé de pve-a depuis 3,5 intervalles (seuil 3)',
      );
      expect(renderRow(buildAlert({ kind: 'backup_missing', value: 1, threshold: 26 }))).toHaveTextContent(
        'Dernière sauvegarde de web-01 il y a 1 heure (seuil 26 heures)',
      );
      expect(renderRow(buildAlert({ kind: 'restore_test_missing', value: null, threshold: 30 }))).toHaveTextContent(
        "web-01 est critique et n'a jamais réussi de test de restauration",
      );
      expect(renderRow(buildAlert({ kind: 'backup_failed', value: null, threshold: null }))).toHaveTextContent(
        'La dernière sauvegarde de web-01 a échoué',
      );
      // A percent alert without its value (not expected from the server): no made-up number.
      expect(renderRow(buildAlert({ value: null }))).toHaveTextContent('Aucune mesure de web-01');
    });
  });

  it('falls back to the server summary for a kind this build does not know', () => {
    const future = buildAlert({ kind: 'gpu' as Alert['kind'], summary: 'GPU of web-01 at 99 % (trigger 95 %)' });
    const line = renderRow(future);
    expect(line).toHaveTextContent('GPU of web-01 at 99 % (trigger 95 %)');
    expect(line).not.toHaveAttribute('title');
    // Its kind is named as the server names it, not as a missing translation key.
    expect(screen.getByTestId('alert-row')).toHaveTextContent('gpu');
    expect(screen.getByTestId('alert-row')).not.toHaveTextContent('kind.gpu');
  });

  it('is what the text filter searches, in the reader language', async () => {
    const memory = buildAlert({ id: '00000000-0000-4000-8000-0000000000e4', kind: 'memory', value: 91, threshold: 85 });
    stubApi({ 'GET /api/alerts': () => json({ items: [buildAlert(), memory], next_cursor: null }) });
    await inLanguage('fr', async () => {
      renderAt('/alerts', '/alerts', <AlertList status="active" canAct={false} />);
      expect(await screen.findAllByTestId('alert-row')).toHaveLength(2);
      const search = screen.getByLabelText('Rechercher');
      await userEvent.type(search, 'mémoire de web');
      const lines = screen.getAllByTestId('alert-line');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toHaveTextContent('Mémoire de web-01 à 91 % (seuil 85 %)');
      // The English summary is not searched: 'trigger' is in it, not in the French line.
      await userEvent.clear(search);
      await userEvent.type(search, 'trigger');
      expect(screen.getByTestId('alerts-filtered-empty')).toBeInTheDocument();
    });
  });
});
